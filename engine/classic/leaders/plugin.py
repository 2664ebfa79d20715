"""The Leaders expansion as a plug-in of the classic engine (engine.classic.plugin): the draft
and recruitment turns (``LEAD``), leader discounts and coins, Roma B, the Courtesans' Guild,
leader rows at scoring; with Cities, the Cities leaders (Caligula, Berenice ...)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.classic.data import (
    CARDS,
    COLORS,
    LEADER_BOARD_IDS,
    LEADER_CARD_IDS,
    LEADER_CARD_START,
    LEADER_GUILD_IDS,
)
from engine.classic.leaders import cities as lead_cities
from engine.classic.leaders import cities_powers, play
from engine.classic.leaders import effects as lead_effects
from engine.classic.leaders.data import LEADER_SLUGS, LEADERS
from engine.classic.leaders.guilds import COURT_ID, GUILD_TEXTS, guild_vp, owe_court
from engine.classic.leaders.position import dump_leaders_position, leaders_of_position
from engine.classic.leaders.roma import begin_owed, stage_special
from engine.classic.leaders.scoring import leader_rows, science_split
from engine.classic.leaders.state import COURT, RECRUIT, Leaders, dump_leaders, load_leaders
from engine.classic.leaders.views import describe_leader_move, leader_extras, leaders_view
from engine.classic.moves import chain_free, legal_moves
from engine.classic.plugin import Plugin, Resolution, Setup, Step
from engine.classic.scoring import best_science, has_science_rule
from engine.classic.state import CHOOSE, LEAD, PICK, SEVENTH, City, Move, State, make_move, payment
from engine.classic.stats import Stats
from engine.classic.turns import NO_PICK
from engine.common import Event, IllegalMove

__all__ = ["LEADERS_PLUGIN", "LEADER_ACTIONS", "LeadersPlugin"]

# ``card`` is a leader id: keep one in the draft; in a recruitment turn recruit it, tuck it
# under the next wonder stage (paid like ``wonder``) or discard it for 3 coins. ``copy``:
# place the Courtesans' Guild token on a neighbour's recruited leader. ``leader-pass``: a
# Roma B owner declines the extra recruitment.
LEADER_ACTIONS: tuple[str, ...] = (
    "draft",
    "recruit",
    "leader-wonder",
    "leader-discard",
    "copy",
    "leader-pass",
)
_PAID = frozenset({"leader-wonder"})


def _text(move: Move) -> str:
    if move.action == "leader-pass":
        return "leader-pass"
    name = LEADERS[move.card].slug
    if move.action in _PAID:
        return f"{move.action}:{name}:{move.left}:{move.right}"
    return f"{move.action}:{name}"


def _parse(text: str, parts: list[str]) -> Move:
    """``recruit:Cleopatra``, ``leader-wonder:Cleopatra:0:2``, ``leader-pass`` ..."""
    if parts == ["leader-pass"]:
        return make_move("leader-pass", 0)
    paid = parts[0] in _PAID
    if len(parts) != (4 if paid else 2):
        form = f"{parts[0]}:Cleopatra" + (":0:0" if paid else "")
        raise IllegalMove(f"Malformed leader move {text!r} (expected e.g. {form})")
    lid = LEADER_SLUGS.get(parts[1].lower())
    if lid is None:
        raise IllegalMove(f"Unknown leader in move {text!r}")
    if not paid:
        return make_move(parts[0], lid)
    left, right = payment(text, parts)
    return make_move(parts[0], lid, left, right)


class _Recruits(Resolution):
    """Leaders' part of a resolution: coins of recruited leaders, Berenice's bank count,
    Caligula's free build, Roma B's stage powers, the Courtesans' Guild owed."""

    def __init__(self, state: State) -> None:
        self.state = state
        lead: Leaders = state.leaders
        # Leaders with Cities: what each seat takes from the bank, for Berenice (else None)
        self.bank = lead_cities.bank_start(state) if lead.caligula else None
        self.caligula: list[int] = []
        self.roma: list[tuple[int, str]] = []
        self.courted: list[int] = []

    def placed(
        self, seat: int, move: Move, cid: int, effect: Any, stats: Stats, delta: list[int]
    ) -> None:
        action, state = move.action, self.state
        if action == "wonder" and effect.special not in (None, "build_from_discard"):
            self.roma.append((seat, effect.special))  # Roma B's powers
        # Xenophon, Vitruvius, Hatshepsut
        chained = action == "build" and not (move.left or move.right) and chain_free(stats, cid)
        delta[seat] += lead_effects.build_coins(state, seat, move, cid, chained)
        if self.bank is not None:
            lead_cities.bank_add(self.bank, state, seat, move, cid, chained)
        if cid == COURT_ID and action != "wonder" and action != "discard":
            self.courted.append(seat)

    def keeps_free_build(self, seat: int, cid: int) -> bool:
        state = self.state
        if state.leaders.caligula and cities_powers.caligula_takes(state, seat, cid):
            self.caligula.append(seat)
            return True
        return False

    def income(self, seat: int, coins: int) -> None:
        if self.bank is not None:
            self.bank[seat] += coins

    def settle(self, delta: list[int]) -> None:
        if self.bank is not None:
            lead_cities.berenice(self.state, self.bank, delta)

    def close(self, state: State) -> State:
        if self.caligula:
            lead = cities_powers.mark_caligula(state.leaders, self.caligula, self.state.age)
            state = state._replace(leaders=lead)
        for seat, special in self.roma:
            state = stage_special(state, seat, special)
        return owe_court(state, self.courted) if self.courted else state


class LeadersPlugin(Plugin):
    name = "leaders"
    title = "Leaders"
    spelling = 0  # ("leaders", "cities"): as tables were always stored
    field = "leaders"
    card_ids = LEADER_CARD_IDS
    card_texts = GUILD_TEXTS  # its guilds, scored by name
    phases = {LEAD: "leaders"}
    move_phases = frozenset({LEAD})  # acting, apply: its own phase only
    legal_phases = frozenset({LEAD, PICK, SEVENTH})  # its phase; discounts
    move_texts = {a: _text for a in LEADER_ACTIONS}
    move_parsers = {a: _parse for a in LEADER_ACTIONS}
    move_descriptions = {a: describe_leader_move for a in LEADER_ACTIONS}

    def check_config(self, config: Any) -> None:
        if config.players < 3:
            raise ValueError(
                "Leaders is played by 3 to 7 players: Leaders with the 2-player Free City game "
                "is out of scope (see docs/leaders.md)"
            )

    def check_config_without(self, config: Any) -> None:
        if config.boards is not None and "Roma" in config.boards:
            raise ValueError("Roma is played only with the Leaders expansion")

    def boards(self, pool: tuple[int, ...]) -> tuple[int, ...]:
        return pool + tuple(LEADER_BOARD_IDS)

    def guilds(self, guilds: tuple[int, ...]) -> tuple[int, ...]:
        return guilds + LEADER_GUILD_IDS

    def setup(self, state: State, setup: Setup) -> State:
        """The leader draft comes first; Ages are dealt after recruitment (with the wonder
        pick: the pick, then the draft; docs/leaders.md)."""
        n = state.players
        drafted = play.start(
            n,
            setup.seed,
            setup.rng,
            setup.boards,
            setup.sides,
            setup.decks,
            state.cx,
            setup.config.cities_leaders,
            setup.config.leaders_v3,
            setup.config.leaders_v5,
        )
        if state.phase == CHOOSE:
            return state._replace(leaders=drafted.leaders)
        return drafted

    def after_wonder_pick(
        self, state: State, cities: tuple[City, ...], events: list[Event]
    ) -> State:
        return play.draft_after_pick(state, cities, events)

    def next_age(self, state: State) -> State:
        return play.begin_recruit(state, state.age + 1)  # a recruitment turn opens the Age

    def acting(self, state: State) -> frozenset[int] | None:
        if state.phase != LEAD:
            return None
        if state.leaders.stage >= COURT:  # COURT, ROME: one at a time
            return frozenset(state.pending[:1])
        return frozenset(i for i, p in enumerate(state.picks) if p is None)

    def legal(
        self, state: State, seat: int, base: Callable[[State, int], list[Move]]
    ) -> list[Move] | None:
        if state.phase == LEAD:
            return play.legal(state, seat)
        # Leaders' discounts and free builds join the card moves; Babylon B's 7th card is built
        # like any card (rules 5.9-5.11; games stored under classic-2 and before: without them).
        if state.phase == PICK or state.phase == SEVENTH and not state.leaders.old_rules:
            return lead_effects.extend_legal(state, seat, base(state, seat))
        return None

    def validate(self, state: State, seat: int, move: Move) -> int | None:
        if state.phase != LEAD and move.action not in LEADER_ACTIONS:
            return None
        if state.phase != LEAD:
            raise IllegalMove("Leaders are only drafted or used before an Age starts.")
        if seat not in (self.acting(state) or ()):
            raise IllegalMove("You have already chosen this turn.")
        play.validate(state, seat, move)
        return -1

    def accepts(self, state: State, seat: int, move: Move) -> bool:
        # a payment only a leader's discount (or Ramses) makes possible
        return move in legal_moves(state, seat)

    def refuse_free_build(self, state: State, seat: int, cid: int, stats: Stats) -> str | None:
        why = cities_powers.caligula_refusal(state, seat, cid)
        black = CARDS[cid].color == _BLACK
        return why if why is not None and (not stats.free_build or black) else None

    def absent(self, move: Move) -> str:
        return "This game is played without the Leaders expansion."

    def apply(self, state: State, seat: int, move: Move) -> Step | None:
        return play.apply(state, seat, move) if state.phase == LEAD else None

    def refuse_repick(self, state: State, seat: int, move: Move) -> str | None:
        if state.phase == LEAD and state.leaders.stage >= COURT:  # one at a time: final
            return NO_PICK
        return None

    def resolution(self, state: State) -> Resolution:
        return _Recruits(state)

    def owes_step(self, state: State) -> bool:
        return bool(state.leaders.court or state.leaders.rome)

    def turn_steps(self, state: State) -> State | None:
        lead: Leaders = state.leaders
        if lead.court or lead.rome:  # Courtesan choices, Roma B recruitments
            return begin_owed(state)
        if lead.stage == RECRUIT and lead.old_recruit:  # classic-4 and before: at once
            return play.finish_recruit(state)
        return None

    def turn_over(self, state: State) -> State | None:
        # a recruitment turn whose discard builds and every plug-in's owed steps are done
        if state.leaders.stage == RECRUIT:
            return play.finish_recruit(state)
        return None

    def fight(self, state: State, foes: Mapping[int, tuple[int, ...]] | None) -> State:
        return lead_effects.military(state, foes)

    def token_coins(self, state: State, seat: int) -> int:
        return lead_effects.victory_token_coins(state.leaders, seat)

    def guild_vp(self, state: State, seat: int, cid: int) -> int:
        return guild_vp(state, seat, cid) if cid >= LEADER_CARD_START else 0

    def score(
        self,
        state: State,
        seat: int,
        parts: dict[str, int],
        science: tuple[int, int, int, int],
        stats: list[Stats],
    ) -> None:
        parts["science"], parts["leaders"] = leader_rows(
            state.leaders, seat, state.cities[seat], stats[seat], science, _pick(state, seat)
        )

    def city_view(self, state: State, seat: int, fields: dict[str, Any]) -> None:
        # recruited leaders' shields and symbols count too
        fields["shields"], fields["science"] = leader_extras(
            state, seat, fields["shields"], fields["science"]
        )

    def public_view(
        self, state: State, seat: int | None, moves: list[Move], fields: dict[str, Any]
    ) -> None:
        fields["leaders"] = leaders_view(state, seat, moves)

    def move_card(self, move: Move) -> str:
        return "" if move.action == "leader-pass" else LEADERS[move.card].name

    def dump(self, value: Leaders) -> Any:
        return dump_leaders(value)

    def load(self, data: Any) -> Leaders:
        return load_leaders(data)

    def in_position(self, data: Mapping[str, Any]) -> bool:
        return self.name in data.get("expansions", ())

    def position_phase(self, name: str) -> int | None:
        return LEAD if name == "recruit" else None

    def position_phase_refusal(self, name: str) -> str | None:
        if name == "recruit":
            return "phase recruit needs a game with Leaders (expansions: [leaders])"
        return None

    def load_position(self, data: Mapping[str, Any], state: State, undealt: bool) -> State:
        return state._replace(leaders=leaders_of_position(data, undealt))

    def dump_position(self, state: State, out: dict[str, Any]) -> None:
        dump_leaders_position(state, out)

    def position_from_view(
        self, view: Any, data: dict[str, Any], hidden: Mapping[int, Sequence[str]]
    ) -> None:
        if view.leaders is None:
            return
        data["expansions"] = ["leaders", *view.expansions]  # with Cities: both
        used = view.leaders.caligula_used
        for i, seat in enumerate(data["seats"]):
            own = [c.name for c in view.leaders.mine] if i == view.seat else hidden.get(i, [])
            seat["leaders"] = {"hand": list(own), "recruited": list(view.leaders.recruited[i])}
            if used and used[i]:
                seat["leaders"]["caligula_used"] = True


_BLACK = COLORS.index("black")


def _pick(state: State, seat: int) -> Callable[[int, int, int, int, int], tuple[int, int]]:
    """How a Leaders game splits science and Aristotle's bonus; when a plug-in changes which
    symbols count (Cities' masks copy neighbours' symbols), the copies are chosen for the best
    sum of both (rules 5.7 and Cities 5.1-5.5)."""
    if not has_science_rule(state):
        return science_split

    def pick(c: int, g: int, t: int, wild: int, bonus: int) -> tuple[int, int]:
        best = (0, 0)

        def points(c2: int, g2: int, t2: int, w: int) -> int:
            nonlocal best
            got = science_split(c2, g2, t2, w, bonus)
            if sum(got) > sum(best):
                best = got
            return sum(got)

        best_science(state, seat, (c, g, t, wild), points)
        return best

    return pick


LEADERS_PLUGIN = LeadersPlugin()
