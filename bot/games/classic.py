"""7 Wonders (3-7 players): simultaneous secret picks, revealed together at the round's end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import engine.classic as classic_engine
from bot.games.base import GameAdapter, PromptStep
from bot.games.classic_picks import (
    FREE_CITY,
    changeable_phase,
    free_city_head,
    is_wonder_pick,
    wonder_pick_prompt,
    wonder_reveal_text,
)
from bot.games.classic_picks import change_head as pick_change_head
from bot.games.classic_texts import gods_text, leader_round_name, reveal_text
from bot.games.engine import Engine
from bot.games.expansions import expansions_label
from bot.presenters.debt_prompt import debt_wait_text, settle_text
from bot.presenters.leader_prompts import leader_wait_text
from bot.presenters.prompts import classic_prompt, special_wait_text
from bot.presenters.prompts_kit import Prompt
from bot.presenters.texts import ROMAN, name_seats, waiting_text
from bot.services.errors import UserError
from engine.classic import Config
from engine.classic.config import EXPANSIONS as ENGINE_EXPANSIONS
from engine.classic.leaders.state import DRAFT, RECRUIT
from engine.classic.state import CHOOSE as _CHOOSE
from engine.classic.state import PHASES, Move, Repick
from engine.classic.state import PICK as _PICK
from engine.common import Event
from engine.wording import age_name

if TYPE_CHECKING:
    from bot.services.tables import Table

__all__ = ["ClassicGame"]


def _secret_round(state: Any) -> bool:
    """Everyone picks at once and the picks stay hidden until all are in: an Age's turn, the
    wonder pick, the leader draft, a recruitment turn and Cities' coin-loss decisions (not the
    Courtesan's or Roma's steps, made alone). Phases by name: expansions number them
    differently."""
    phase = PHASES[state.phase]
    if phase in ("pick", "debt", "wonder_pick", "babel_draft", "babel_join"):
        return True
    return bool(phase == "leaders" and state.leaders.stage in (DRAFT, RECRUIT))


def _refusal(error: ValueError, expansions: tuple[str, ...]) -> str:
    """The engine's reason for refusing a table's options, as a line for its host."""
    errors = getattr(error, "errors", None)
    reasons = [str(e.get("msg", "")) for e in errors()] if callable(errors) else [str(error)]
    reason = "; ".join(r.removeprefix("Value error, ") for r in reasons if r) or str(error)
    played = expansions_label(list(expansions))
    where = f" with {played}" if played else ""
    return f"These 7 Wonders options can't be played together{where}: {reason}."


_ENGINE: Engine = classic_engine  # mypy checks the module against the protocol here
_QUIET_EVENTS = frozenset({"pick", "picked", "wonder_pick", "power_declared"})
GODS_HEROES = "gods-heroes"

RULES = (
    "**7 Wonders** (3–7 players, 3 ages of 6 turns). Each turn everyone secretly picks a "
    "card from their hand, then all picks are revealed: build it (pay its cost; buy "
    "missing resources from your left/right neighbours, 2 coins each unless a card makes "
    "it cheaper), use it for your next wonder stage, or discard it for 3 coins. Hands are "
    "passed left in ages I and III, right in age II. At the end of each age you fight your "
    "two neighbours (more shields: +1/+3/+5, fewer: −1). Most points after age III wins.\n"
    "**Table options**: `wonders:choose` — before Age I everyone secretly picks a board (and "
    "its side with `sides:choose`); a board picked by several goes to one of them by a draw "
    "and the others pick again. `players:2` — two players and the neutral **Free City**: "
    "each turn one player (it alternates) also picks the Free City's card from its hand; the "
    "Free City trades, fights and scores but cannot win. `variant:gods-heroes` (3–7 players) — "
    "each board's god gives one single-use power once its wonder is complete (invoke it from "
    "your hand prompt before your pick; it is revealed with the picks), and a hero joins a "
    "city with three red (+1 Victory token), three green (a science symbol of your choice) or "
    "three blue (3 VP) structures."
)


class ClassicGame(GameAdapter):
    kind = "classic"
    title = "7 Wonders"
    engine = _ENGINE
    rules_text = RULES
    secret_picks = True

    def progress(self, state: Any) -> str:
        """A 7 Wonders age has turns worth naming: "Age II turn 3"."""
        if state.phase == _CHOOSE:
            return f"Wonder pick round {state.turn}"
        return leader_round_name(state) or f"{super().progress(state)} turn {state.turn}"

    def stored_config(self, raw: dict[str, Any], rules_version: str) -> dict[str, Any]:
        """Leaders + Cities games created under rules classic-1 dealt only the Leaders box's
        leaders: they keep doing so, or their stored moves would not replay."""
        both = {"leaders", "cities"} <= set(raw.get("expansions") or ())
        if rules_version == "classic-1" and both and "cities_leaders" not in raw:
            return {**raw, "cities_leaders": False}
        return raw

    def config(
        self,
        players: int,
        sides: str,
        *,
        wonders: str = "deal",
        expansions: tuple[str, ...] = (),
        variant: str = "none",
    ) -> Config:
        if not 2 <= players <= 7:
            raise UserError("7 Wonders is for 2 to 7 players (2: with the neutral Free City).")
        if wonders not in ("deal", "choose"):
            raise UserError("`wonders` must be `deal` or `choose`.")
        if variant not in ("none", GODS_HEROES):
            raise UserError("`variant` must be `none` or `gods-heroes`.")
        if variant == GODS_HEROES and players < 3:
            raise UserError("`variant:gods-heroes` is for 3 to 7 players (not the 2-player game).")
        chosen = GODS_HEROES if variant == GODS_HEROES else None
        missing = [e for e in expansions if e not in ENGINE_EXPANSIONS]
        if missing:
            raise UserError(
                f"{expansions_label(missing)} is not playable on this bot yet; "
                f"available: {expansions_label(list(ENGINE_EXPANSIONS)) or 'none'}."
            )
        # the engine's order, so the same table never has two spellings of its config
        played = tuple(e for e in ENGINE_EXPANSIONS if e in expansions)
        try:
            return Config(
                players=players, sides=sides, wonders=wonders, expansions=played, variant=chosen
            )
        except ValueError as error:  # a combination the engine refuses (pydantic's error too)
            raise UserError(_refusal(error, played)) from None

    def players(self, config: Any) -> int:
        return int(config.players)

    def neutral_names(self, config: Any) -> list[str]:
        return [FREE_CITY] if getattr(config, "players", 3) == 2 else []

    def lobby_details(self, config: Any) -> str:
        wonders = getattr(config, "wonders", None)
        chosen = ", wonders chosen" if wonders == "choose" else ""
        free_city = " + the Free City" if getattr(config, "players", 3) == 2 else ""
        played = expansions_label(list(getattr(config, "expansions", ())))
        extra = f", with {played}" if played else ""
        gods = ", Gods & Heroes" if getattr(config, "variant", None) == GODS_HEROES else ""
        return f"{free_city}, wonder sides {getattr(config, 'sides', 'A')}{chosen}{extra}{gods}"

    def is_round_end(
        self, events: list[Event], before: Any = None, seat: int | None = None, after: Any = None
    ) -> bool:
        """The reveal: an event other than a pick, or - when the states are given - the
        states say so: a pick only removes the picker from those to act, so anyone else to
        act afterwards (a new turn, Halikarnassos…) or the game's end means the round
        resolved. The state check keeps games moving even if an engine version returned no
        reveal events."""
        if any(e.kind not in _QUIET_EVENTS for e in events):
            return True
        if before is None or after is None:
            return False
        if self.engine.outcome(after) is not None:
            return True
        # A pick only fills a slot of the round: the round's key changes when it resolved.
        # (Not "who acts": in the 2-player game the Free City's controller acts twice.)
        return _round_key(before) != _round_key(after)

    def start_text(self, table: Table, names: list[str]) -> str:
        if table.state.phase == _CHOOSE:
            return "**The wonder pick begins** — everyone chooses a wonder board."
        if leader_round_name(table.state) is not None:
            return (
                "**The leader draft begins** — everyone keeps one of their 4 leaders and "
                "passes the rest to the right."
            )
        age = table.state.age
        way = "right" if age == 2 else "left"
        return f"**Age {ROMAN.get(age, age)} begins** — pass {way}. Everyone picks a card."

    def turn_line(self, table: Table, names: list[str]) -> str:
        state = table.state
        if state.phase == _CHOOSE:
            return f"Wonder pick, round {state.turn}: everyone chooses a board."
        if state.phase == _PICK:
            free_city = ""
            if state.free_city:
                holder = names[self._controller(table)]
                free_city = f" {holder} also picks the {FREE_CITY}'s card."
            return f"Age {ROMAN.get(state.age)}, turn {state.turn}: everyone picks.{free_city}"
        step = leader_round_name(state)
        if step is not None:
            return f"{step}: everyone chooses a leader."
        if PHASES[state.phase] == "debt":
            who = ", ".join(names[s] for s in sorted(table.to_act()))
            return f"Coin loss: {who} — pay or take debt."
        who = ", ".join(names[s] for s in sorted(table.to_act()))
        return f"{who} to play." if who else ""

    def round_text(
        self,
        before: Table,
        after: Table,
        events: list[Event],
        names: list[str],
        actor: tuple[int, Any] | None = None,
    ) -> str:
        if before.state.phase == _CHOOSE:
            text = wonder_reveal_text(events, names)
            return (
                text
                if after.state.phase == _CHOOSE
                else f"{text}\n" + self.start_text(after, names)
            )
        text = reveal_text(before, after, events, names)
        gods = gods_text(after.mod.view(after.state, None), names)
        return f"{text}\n{gods}" if gods and after.outcome() is None else text

    def picked_line(self, table: Table, names: list[str]) -> str:
        """Who has picked this round (never what); in the wonder pick, only the seats that
        are not seated yet."""
        phase = table.state.phase
        if table.outcome() is not None or not _secret_round(table.state):
            return ""
        view = self.engine.view(table.state, None)
        picked = view.wonder_pick.picked if phase == _CHOOSE else getattr(view, "picked", [])
        shown = [names[s] for s in picked if s < len(names)]
        return f"\n✅ Picked: {', '.join(shown)}." if shown else ""

    def status_line(self, table: Table, names: list[str]) -> str:
        state = table.state
        if state.phase == _CHOOSE:
            return f"Wonder pick, round {state.turn}.{self.picked_line(table, names)}"
        step = leader_round_name(state)
        if step:  # who has kept / chosen a leader already, never which
            return f"{step}.{self.picked_line(table, names)}"
        if state.free_city and state.phase == _PICK:
            holder = names[self._controller(table)]
            return f"{age_name(state.age)}, turn {state.turn}; {holder} holds the {FREE_CITY} card."
        if PHASES[state.phase] == "debt":
            return f"{age_name(state.age)}, turn {state.turn}: coin losses — pay or take debt."
        gods = gods_text(table.mod.view(state, None), names) if state.gods is not None else ""
        return f"{age_name(state.age)}, turn {state.turn}." + (f"\n{gods}" if gods else "")

    def move_text(self, table: Table, seat: int, move: Any, names: list[str]) -> str:
        """Cities' coin loss is told as the prompt's button said it ("Take 2 debt tokens
        (−2 VP)"), not as the engine's move ("Pay 0 coins of the loss…")."""
        if getattr(move, "action", None) == "pay":
            owed = list(getattr(self.engine.view(table.state, seat), "coin_losses", []) or [])
            if seat < len(owed):
                return settle_text(int(move.left), owed[seat])
        return super().move_text(table, seat, move, names)

    def score_extras(self, score: Any) -> str:
        """The expansions' rows: Leaders, Cities (black cards) and Debt (−1 per token); each is
        0 without its expansion, so a row left at 0 is not shown."""
        rows = (
            ("leaders", "leaders"),
            ("cities", "cities"),
            ("debt", "debt"),
            ("Babel tiles", "babel"),
            ("projects", "projects"),
        )
        shown = [(word, int(getattr(score, field, 0) or 0)) for word, field in rows]
        return "".join(f", {word} {value}" for word, value in shown if value)

    @staticmethod
    def _controller(table: Table) -> int:
        free_city = table.mod.view(table.state, None).free_city
        return int(free_city.controller) if free_city is not None else 0

    def prompt(self, table: Table, seat: int, step: PromptStep) -> Prompt:
        view = table.mod.view(table.state, seat)
        if is_wonder_pick(view):
            return wonder_pick_prompt(table, seat, step)
        head = free_city_head(view, [])
        if head:
            step = PromptStep(step.card, step.action, step.move, step.page, step.head + head)
        return classic_prompt(table, seat, step)

    def done_word(self, after: Table) -> str:
        return "Picked" if after.version != after.round_start else "Played"

    def waiting_reason(self, table: Table, seat: int, names: list[str]) -> str:
        view = table.mod.view(table.state, seat)
        # Halikarnassos / Babylon / the Courtesan / Roma: one seat plays alone
        alone = (
            special_wait_text(view, names)
            or leader_wait_text(view, names)
            or debt_wait_text(view, seat, names)
        )
        if alone:
            return alone
        mine = f" ({view.my_pick_text})" if view.my_pick_text else ""
        return f"You already picked{mine}. {waiting_text(table, names)}"

    def forced_move_text(self, table: Table, move: Any, names: list[str]) -> str | None:
        if _secret_round(table.state):
            return None  # revealed with everyone's picks (a draft pick: never)
        return name_seats(self.engine.describe_move(None, move), names)

    def acts_again(self, table: Table, seat: int) -> bool:
        """The 2-player game: the Free City's controller picks its card right after their own.
        Gods & Heroes: a power invoked is a step before the pick, so the hand opens again."""
        if table.status != "running":
            return False
        if table.state.gods is not None and table.state.phase == _PICK:
            return seat in table.to_act()
        if not table.state.free_city:
            return False
        free_city = table.mod.view(table.state, seat).free_city
        return free_city is not None and bool(free_city.picking)

    def repick(self, move: Move) -> Repick:
        return Repick(move)

    def pick_of(self, move: Move | Repick) -> Move:
        return move.move if isinstance(move, Repick) else move

    def change_head(self, table: Table, seat: int, now: str) -> str:
        return pick_change_head(self.engine.view(table.start_state, seat), now)

    def pick_is_open(self, table: Table, seat: int) -> bool:
        if table.status != "running" or table.start_state is None:
            return False
        if table.seat_user(seat) is None or seat in table.to_act():
            return False
        if table.version == table.round_start:
            return False
        if seat not in self.engine.to_act(table.start_state):
            return False
        return changeable_phase(self.engine.view(table.state, seat))


def _round_key(state: Any) -> tuple[int, ...]:
    """What identifies a round of play: it changes exactly when a round resolves (a leader
    draft round resolves without a new turn: its pick count names it)."""
    lead = state.leaders
    draft = () if lead is None else (lead.stage, lead.round)
    return (state.age, state.turn, state.phase, *state.pending, -1, *draft)
