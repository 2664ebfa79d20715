"""7 Wonders (3-7 players): simultaneous secret picks, revealed together at the round's end."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from bot.games.classic import expansions as registered
from bot.games.classic.expansions import expansion_names, expansions_label
from bot.games.classic.picks import change_head as pick_change_head
from bot.games.classic.picks import (
    changeable_phase,
    is_wonder_pick,
    wonder_pick_prompt,
    wonder_reveal_text,
)
from bot.games.classic.prompts import classic_prompt
from bot.games.classic.seam import ENGINE
from bot.games.classic.special import alone_line, special_wait_text
from bot.games.classic.texts import reveal_text, round_name
from bot.model.adapter import GameAdapter
from bot.model.errors import UserError
from bot.model.game import PromptStep, Table
from bot.model.options import TableOptions
from bot.model.prompt import Prompt
from bot.presenters.texts import ROMAN, name_seats, waiting_text
from engine.ai.hint import Hint
from engine.classic import ClassicView, Config, State
from engine.classic.config import EXPANSIONS as ENGINE_EXPANSIONS
from engine.classic.state import CHOOSE as _CHOOSE
from engine.classic.state import PHASES, Move, Repick
from engine.classic.state import PICK as _PICK
from engine.common import Event, Score
from engine.protocol import GameView

__all__ = ["ClassicGame"]


# The base game's steps everyone plays at once, unseen until all are in.
_SECRET_PHASES = ("pick", "wonder_pick")


def _secret_round(state: State) -> bool:
    """Everyone picks at once and the picks stay hidden until all are in: an Age's turn, the
    wonder pick and the expansions' steps so marked (``BotExpansion.secret_phases``: Cities'
    coin losses, Babel's draft and joins, Edifice's joins; ``secret_step``: the leader draft
    and recruitment). Phases by name: expansions number them differently."""
    phase = PHASES[state.phase]
    if phase in _SECRET_PHASES:
        return True
    return any(phase in x.secret_phases or x.secret_step(state) for x in registered.bot_parts())


def _step_line(phase: int, kind: str) -> str | None:
    """An expansion's ``turn_lines`` or ``status_lines`` entry for ``phase``, or None."""
    name = PHASES[phase]
    lines = (getattr(x, kind).get(name) for x in registered.BOT_EXPANSIONS)
    return next((line for line in lines if line is not None), None)


def _part_line(view: ClassicView, names: list[str], kind: str) -> str | None:
    """The first line a registered part words for the table post (``BotExpansion.turn_text``,
    ``status_text``, ``public_text``), or None."""
    lines = (getattr(x, kind)(view, names) for x in registered.bot_parts())
    return next((line for line in lines if line), None)


def _refusal(error: ValueError, expansions: tuple[str, ...]) -> str:
    """The engine's reason for refusing a table's options, as a line for its host."""
    errors = getattr(error, "errors", None)
    reasons = [str(e.get("msg", "")) for e in errors()] if callable(errors) else [str(error)]
    reason = "; ".join(r.removeprefix("Value error, ") for r in reasons if r) or str(error)
    played = expansions_label(list(expansions))
    where = f" with {played}" if played else ""
    return f"These 7 Wonders options can't be played together{where}: {reason}."


_QUIET_EVENTS = frozenset({"pick", "picked", "wonder_pick", "power_declared"})
_BEFORE_4 = ("classic-1", "classic-2", "classic-3")  # rules before the production changes
# Rules versions before classic-5: a recruitment turn dealt the Age at once (stored games replay so)
_BEFORE_5 = frozenset({"classic-1", "classic-2", "classic-3", "classic-4"})
_BEFORE_6 = _BEFORE_5 | {"classic-5"}

RULES = (
    "**7 Wonders** (3–7 players, 3 ages of 6 turns). Each turn everyone secretly picks a "
    "card from their hand, then all picks are revealed: build it (pay its cost; buy "
    "missing resources from your left/right neighbours, 2 coins each unless a card makes "
    "it cheaper), use it for your next wonder stage, or discard it for 3 coins. Hands are "
    "passed left in ages I and III, right in age II. At the end of each age you fight your "
    "two neighbours (more shields: +1/+3/+5, fewer: −1). Most points after age III wins.\n"
    "**Table options**: `wonders:choose` — before Age I everyone secretly picks a board (and "
    "its side with `sides:choose`); a board picked by several goes to one of them by a draw "
    "and the others pick again." + "".join(x.option_rules for x in registered.BOT_VARIANTS)
)


def _variant(variant: str, players: int) -> str | None:
    """The ``variant:`` option as the engine's ``Config.variant`` (None: the base game), or a
    ``UserError`` naming the variants offered (``BotExpansion.variant``) and their players."""
    if variant == "none":
        return None
    offered = {x.variant: x for x in registered.BOT_VARIANTS if x.variant}
    if variant not in offered:
        names = " or ".join(f"`{v}`" for v in ("none", *offered))
        raise UserError(f"`variant` must be {names}.")
    if players < offered[variant].min_players:
        fewest = offered[variant].min_players
        raise UserError(
            f"`variant:{variant}` is for {fewest} to 7 players (not the 2-player game)."
        )
    return variant


class ClassicGame(GameAdapter[State, Move | Repick, ClassicView, Config]):
    kind = "classic"
    title = "7 Wonders"
    engine = ENGINE
    state_type = State
    move_types = (Move, Repick)
    options = ("players", "sides", "wonders", "expansions", "variant")
    rules_text = RULES
    secret_picks = True

    def progress(self, opaque: object) -> str:
        """A 7 Wonders age has turns worth naming: "Age II turn 3" (before an age's first
        turn, a Halikarnassos build during recruitment: "Recruitment before Age III")."""
        state = self.state(opaque)
        if state.phase == _CHOOSE:
            return f"Wonder pick round {state.turn}"
        if named := round_name(state):
            return named[0]
        age = f"Age {ROMAN.get(state.age, str(state.age))}"
        if state.turn == 0:
            eves = (x.before_age(state) for x in registered.bot_parts())
            return f"{next((e for e in eves if e), 'Before')} {age}"
        return f"{age} turn {state.turn}"

    def stored_config(self, raw: dict[str, object], rules_version: str) -> dict[str, object]:
        """Games keep the rules they were created under, or their stored moves would not
        replay: Leaders + Cities games of classic-1 dealt only the Leaders box's leaders;
        Leaders games of classic-1 and classic-2 played Babylon B's 7th card without the
        leaders' discounts and paid no Hatshepsut coin for a purchase the Docks made free;
        Babel and Edifice games before classic-4 scored Double Walls' penalty as a penalty token
        and never drew Edifice's River Port or Factory; Leaders games before classic-5 dealt the
        Age right after a recruitment turn (no Edifice join after a stage built with a leader);
        Leaders + Babel games before classic-6 kept Nero's coins for a Victory token tile 19
        removed."""
        played = raw.get("expansions")
        expansions = set(played) if isinstance(played, list | tuple) else set()
        out = dict(raw)
        if rules_version == "classic-1" and {"leaders", "cities"} <= expansions:
            out.setdefault("cities_leaders", False)
        if rules_version in ("classic-1", "classic-2") and "leaders" in expansions:
            out.setdefault("leaders_v3", False)
        if rules_version in _BEFORE_4 and expansions & {"babel-projects", "edifice"}:
            out.setdefault("projects_v4", False)
        if rules_version in _BEFORE_5 and "leaders" in expansions:
            out.setdefault("leaders_v5", False)
        if rules_version in _BEFORE_6 and {"leaders", "babel-tower"} <= expansions:
            out.setdefault("tile19_nero", False)
        return out

    def new_config(self, options: TableOptions) -> Config:
        players, sides, wonders = options.players, options.sides, options.wonders
        variant, expansions = options.variant, expansion_names(options.expansions)
        if not 2 <= players <= 7:
            raise UserError("7 Wonders is for 2 to 7 players (2: with the neutral Free City).")
        if wonders not in ("deal", "choose"):
            raise UserError("`wonders` must be `deal` or `choose`.")
        chosen = _variant(variant, players)
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

    def players(self, config: BaseModel) -> int:
        return self.config_of(config).players

    def neutral_names(self, config: BaseModel) -> list[str]:
        table = self.config_of(config)
        return [name for x in registered.bot_parts() for name in x.neutrals(table)]

    def lobby_details(self, config: BaseModel) -> str:
        table = self.config_of(config)
        chosen = ", wonders chosen" if table.wonders == "choose" else ""
        lead = "".join(x.lobby_lead(table) for x in registered.bot_parts())
        played = expansions_label(list(table.expansions))
        extra = f", with {played}" if played else ""
        tail = "".join(x.lobby_tail(table) for x in registered.bot_parts())
        return f"{lead}, wonder sides {table.sides}{chosen}{extra}{tail}"

    def is_round_end(
        self,
        events: list[Event],
        before: object = None,
        seat: int | None = None,
        after: object = None,
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
        if self.outcome(after) is not None:
            return True
        # A pick only fills a slot of the round: the round's key changes when it resolved.
        # (Not "who acts": in the 2-player game the Free City's controller acts twice.)
        return _round_key(self.state(before)) != _round_key(self.state(after))

    def start_text(self, table: Table, names: list[str]) -> str:
        state = self.state_of(table)
        if state.phase == _CHOOSE:
            return "**The wonder pick begins** — everyone chooses a wonder board."
        starts = (x.start_text(state) for x in registered.bot_parts())
        if (start := next((s for s in starts if s), None)) is not None:
            return start
        age = state.age
        way = "right" if age == 2 else "left"
        return f"**Age {ROMAN.get(age, age)} begins** — pass {way}. Everyone picks a card."

    def turn_line(self, table: Table, names: list[str]) -> str:
        """Only what the post's title (the turn) and its Play your turn button don't say:
        who picks the Free City's card, or who plays alone and why; "" in a turn where
        everyone picks, and in a coin-loss step (the reveal's 💸 line names the victims)."""
        state = self.state_of(table)
        if said := _part_line(self.view_of(table, None), names, "turn_text"):
            return said
        if state.phase in (_PICK, _CHOOSE) or round_name(state) is not None:
            return ""
        line = _step_line(state.phase, "turn_lines")  # an expansion's step
        if line is not None:
            return line.format(who=", ".join(names[s] for s in sorted(table.to_act())))
        if alone := alone_line(self.view_of(table, None), names):
            return alone
        who = ", ".join(names[s] for s in sorted(table.to_act()))
        return f"{who} to play." if who else ""

    def round_text(
        self,
        before: Table,
        after: Table,
        events: list[Event],
        names: list[str],
        actor: tuple[int, object] | None = None,
    ) -> str:
        if self.state_of(before).phase == _CHOOSE:
            text = wonder_reveal_text(events, names)
            return (
                text
                if self.state_of(after).phase == _CHOOSE
                else f"{text}\n" + self.start_text(after, names)
            )
        text = reveal_text(before, after, events, names)
        public = _part_line(self.view_of(after, None), names, "public_text")
        return f"{text}\n{public}" if public and after.outcome() is None else text

    def picked_line(self, table: Table, names: list[str]) -> str:
        """Who has picked this round (never what); in the wonder pick, only the seats that
        are not seated yet."""
        state = self.state_of(table)
        if table.outcome() is not None or not _secret_round(state):
            return ""
        view = self.engine.view(state, None)
        wonder_pick = view.wonder_pick if state.phase == _CHOOSE else None
        picked = wonder_pick.picked if wonder_pick is not None else view.picked
        shown = [names[s] for s in picked if s < len(names)]
        return f"\n✅ Picked: {', '.join(shown)}." if shown else ""

    def status_line(self, table: Table, names: list[str]) -> str:
        """What the title (age and turn) and the waiting line don't say: the Free City's
        holder, a coin-loss step, the gods in play."""
        state, view = self.state_of(table), self.view_of(table, None)
        if said := _part_line(view, names, "status_text"):
            return said
        line = _step_line(state.phase, "status_lines")  # an expansion's step
        if line is not None:
            return line
        if alone := alone_line(view, names):
            return alone
        return _part_line(view, names, "public_text") or ""

    def move_text(self, table: Table, seat: int, move: object, names: list[str]) -> str:
        """An expansion's move as its button said it (Cities' coin loss: "Take 2 debt tokens
        (−2 VP)", not the engine's "Pay 0 coins of the loss…")."""
        played, view = self.move(move), self.view_of(table, seat)
        told = (x.move_text(view, seat, played) for x in registered.bot_parts())
        if (text := next((t for t in told if t is not None), None)) is not None:
            return text
        said = name_seats(self.engine.describe_move(view, played), names)
        # A wonder pick reads "Pick Rhodos side A (…)": after "Picked:" the board is enough.
        board = isinstance(played, Move) and played.action == "board"
        return said.removeprefix("Pick ") if board else said

    def hint_text(self, view: GameView, found: Hint) -> str:
        """An expansion's move named like its button (a coin loss: "Take 2 debt tokens (−2
        VP)", not "Pay 0 coins of the loss, the rest as debt"); for the Free City's card,
        about the Free City."""
        text = found.text
        if isinstance(view, ClassicView):
            told = (x.hint_text(view, found) for x in registered.bot_parts())
            text = next((t for t in told if t is not None), text)
            for x in registered.bot_parts():
                text = x.hint_words(view, text)
        return text

    def score_rows(self, table: Table) -> Sequence[str] | None:
        """The expansions' rows of this table (each ``BotExpansion.score_rows``): Leaders;
        Cities (black cards) and Debt; Babel (tiles) and its Great Projects; Edifices."""
        expansions = set(self.config_of(table.config()).expansions)
        return tuple(
            row for x in registered.BOT_EXPANSIONS if x.name in expansions for row in x.score_rows
        )

    def score_extras(self, score: Score, rows: Sequence[str] | None = None) -> str:
        """The expansions' rows: Leaders, Cities (black cards), Debt (−1 per token), Babel
        tiles and projects, Edifices, each for every seat of a table with that expansion (``rows``:
        ``score_rows``, zeros included); without ``rows``, the rows this score has (each is 0
        without its expansion)."""
        fields = [row for x in registered.BOT_EXPANSIONS for row in x.score_rows]
        words = {k: w for x in registered.BOT_EXPANSIONS for k, w in x.row_words.items()}
        if rows is None:
            rows = [f for f in fields if getattr(score, f, 0)]
        return "".join(
            f", {words.get(field, field)} {int(getattr(score, field, 0) or 0)}" for field in rows
        )

    def prompt(self, table: Table, seat: int, step: PromptStep) -> Prompt:
        view = self.view_of(table, seat)
        if is_wonder_pick(view):
            return wonder_pick_prompt(table, seat, step)
        head = "".join(x.prompt_head(view) for x in registered.bot_parts())
        if head:
            step = PromptStep(step.card, step.action, step.move, step.page, step.head + head)
        return classic_prompt(table, seat, step)

    def done_word(self, after: Table) -> str:
        return "Picked" if after.version != after.round_start else "Played"

    def waiting_reason(self, table: Table, seat: int, names: list[str]) -> str:
        view = self.view_of(table, seat)
        # Halikarnassos / Babylon / the Courtesan / Roma: one seat plays alone
        waits = (x.wait_text(view, seat, names) for x in registered.bot_parts())
        alone = special_wait_text(view, names) or next((why for why in waits if why), None)
        if alone:
            return alone
        mine = f" ({view.my_pick_text})" if view.my_pick_text else ""
        return f"You already picked{mine}. {waiting_text(table, names)}"

    def forced_move_text(self, table: Table, move: object, names: list[str]) -> str | None:
        if _secret_round(self.state_of(table)):
            return None  # revealed with everyone's picks (a draft pick: never)
        return name_seats(self.engine.describe_move(None, self.move(move)), names)

    def acts_again(self, table: Table, seat: int) -> bool:
        """Whether a registered part opens the seat's hand again right away (the 2-player
        game's second pick for the Free City; a god's power invoked before the pick)."""
        if table.status != "running":
            return False
        view, to_act = self.view_of(table, seat), table.to_act()
        return any(x.acts_again(view, seat, to_act) for x in registered.bot_parts())

    def repick(self, move: object) -> Repick:
        pick = self.move(move)
        return Repick(pick.move if isinstance(pick, Repick) else pick)

    def pick_of(self, move: object) -> Move:
        pick = self.move(move)
        return pick.move if isinstance(pick, Repick) else pick

    def change_head(self, table: Table, seat: int) -> str:
        now = self.view_of(table, seat).my_pick_text or "your pick"
        return pick_change_head(self.engine.view(self.start_state_of(table), seat), now)

    def pick_is_open(self, table: Table, seat: int) -> bool:
        if table.status != "running" or table.start_state is None:
            return False
        if table.seat_user(seat) is None or seat in table.to_act():
            return False
        if table.version == table.round_start:
            return False
        if seat not in self.engine.to_act(self.start_state_of(table)):
            return False
        return changeable_phase(self.view_of(table, seat))


def _round_key(state: State) -> tuple[object, ...]:
    """What identifies a round of play: it changes exactly when a round resolves (an
    expansion's round that resolves without a new turn: its ``BotExpansion.round_key``)."""
    own = (k for x in registered.bot_parts() for k in x.round_key(state))
    return (state.age, state.turn, state.phase, *state.pending, -1, *own)
