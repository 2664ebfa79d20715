"""7 Wonders Duel (2 players): one move at a time, every move is public."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

import engine.duel as duel_engine
from bot.games.duel.prompts import duel_prompt
from bot.model.adapter import GameAdapter
from bot.model.errors import UserError
from bot.model.game import PromptStep, Table
from bot.model.ids import button_id
from bot.model.options import TableOptions
from bot.model.prompt import ButtonSpec, Prompt
from bot.presenters.texts import duel_sentence, name_seats, waiting_text
from engine.common import Event, Score
from engine.duel import Config, DuelView, Move, State
from engine.duel.state import DRAFT as _DRAFT
from engine.protocol import GameModule
from engine.wording import count, roman

__all__ = ["DuelGame"]

#: mypy proves here that the engine module fits the protocol with Duel's own types
_ENGINE: GameModule[State, Move, DuelView, Config] = duel_engine

_DRAFTED = "7 Wonders Duel drafts its wonders: `wonders` and `sides` choose are for 7 Wonders."
_REFUSALS = {
    "wonders": _DRAFTED,
    "expansions": "Expansions are for 7 Wonders (3-7 players), not for Duel.",
    "variant": "7 Wonders Duel has no house variant: `variant` is for 7 Wonders.",
}

RULES = (
    "**7 Wonders Duel** (2 players). Draft 4 wonders each, then take accessible cards from "
    "the age's pyramid: build them (missing resources are bought from the bank), discard "
    "them for coins, or build a wonder with them. Win at once by military supremacy "
    "(pawn reaches the capital) or scientific supremacy (6 different symbols); otherwise "
    "most points after age III."
)


class DuelGame(GameAdapter[State, Move, DuelView, Config]):
    kind = "duel"
    title = "7 Wonders Duel"
    engine = _ENGINE
    state_type = State
    move_types = (Move,)
    rules_text = RULES
    resign_ends_game = True
    first_seat_starts = True
    chained_moves = True
    ai_reply_joins_post = True
    agent_seats = True

    #: ``players``: a Duel seats two whatever it says (a challenge, ``game:duel``);
    #: ``sides``: wonders have one side, only ``choose`` is refused
    options = ("players", "sides")

    def refusal(self, option: str) -> str:
        return _REFUSALS.get(option) or super().refusal(option)

    def new_config(self, options: TableOptions) -> Config:
        if options.sides == "choose":
            raise UserError(_DRAFTED)
        return Config()  # always two players; the wonders are drafted, not sided

    def players(self, config: BaseModel) -> int:
        return 2

    def progress(self, state: object) -> str:
        """ "Wonder draft" before Age I, else the age ("Age II")."""
        played = self.state(state)
        return "Wonder draft" if played.phase == _DRAFT else f"Age {roman(played.age)}"

    def is_round_end(
        self,
        events: list[Event],
        before: object = None,
        seat: int | None = None,
        after: object = None,
    ) -> bool:
        return True  # every move is public: each one gets its post

    def start_text(self, table: Table, names: list[str]) -> str:
        seats = sorted(table.to_act())
        who = names[seats[0]] if seats else "?"
        if self.view_of(table, None).phase == "draft":
            return f"**7 Wonders Duel begins** — wonder draft: {who} picks first."
        return f"**7 Wonders Duel begins** — {who} to play."

    def turn_line(self, table: Table, names: list[str]) -> str:
        """ "Ana to play." or, for a choice, the engine's prompt with the name ("Ana: choose
        who begins Age II.")."""
        who = ", ".join(names[s] for s in sorted(table.to_act()))
        if not who:
            return ""
        view = self.view_of(table, None)
        if view.phase in ("play", "over") or not view.prompt:
            return f"{who} to play."
        return name_seats(view.prompt, names)

    def round_text(
        self,
        before: Table,
        after: Table,
        events: list[Event],
        names: list[str],
        actor: tuple[int, object] | None = None,
    ) -> str:
        return move_text(before, events, names, actor)

    def export_positions(
        self, moves: list[tuple[int, object, object]], final: object
    ) -> list[dict[str, object]]:
        """Each position as the seat to move saw it, in the seed prompt's agent JSON
        (docs/duel-agent-json.md), with the move made in the same format; then the end."""
        out: list[dict[str, object]] = [
            {
                "before_move": number,
                "seat": seat,
                "position": duel_engine.to_agent_json(self.state(before), seat),
                "move": duel_engine.move_to_agent(self.move(move)),
            }
            for number, (seat, move, before) in enumerate(moves, 1)
        ]
        out.append(
            {
                "before_move": None,
                "seat": 0,
                "position": duel_engine.to_agent_json(self.state(final), 0),
            }
        )
        return out

    def post_moves(self, table: Table) -> tuple[ButtonSpec, ...]:
        """The wonder draft with a human to pick: one ``wt:mv`` button per wonder on offer
        (the usual move path: only that seat may use it, a click after the pick is stale)."""
        if table.outcome() is not None:
            return ()
        humans = table.humans_to_act()
        if len(humans) != 1:
            return ()
        view = self.view_of(table, humans[0])
        if view.phase != "draft":
            return ()
        return tuple(
            ButtonSpec(
                mv.wonder or mv.move, button_id("mv", table.id, table.version, mv.move), "success"
            )
            for mv in view.legal_moves
            if mv.action == "pick"
        )

    def status_line(self, table: Table, names: list[str]) -> str:
        """Where the conflict pawn stands, from the players' side (the title says the age);
        nothing during the Wonder draft."""
        if self.state_of(table).phase == _DRAFT:
            return ""
        pawn = self.view_of(table, None).pawn
        if pawn == 0:
            return "Military: the pawn is in the middle."
        ahead, behind = (names[0], names[1]) if pawn > 0 else (names[1], names[0])
        steps = count(abs(pawn), "space")
        return f"Military: {ahead} leads — the pawn is {steps} toward the capital of {behind}."

    def score_extras(self, score: Score, rows: Sequence[str] | None = None) -> str:
        return f", progress {score.progress}"

    def prompt(self, table: Table, seat: int, step: PromptStep) -> Prompt:
        view = self.view_of(table, seat)
        return duel_prompt(
            view,
            table.id,
            table.version,
            card=step.card,
            action=step.action,
            move=step.move,
            page=step.page,
            head=step.head,
        )

    def done_word(self, after: Table) -> str:
        return "Played"

    def waiting_reason(self, table: Table, seat: int, names: list[str]) -> str:
        return f"It is not your turn. {waiting_text(table, names)}"

    def move_text(self, table: Table, seat: int, move: object, names: list[str]) -> str:
        view = self.view_of(table, seat)
        return name_seats(self.engine.describe_move(view, self.move(move)), names)

    def forced_move_text(self, table: Table, move: object, names: list[str]) -> str | None:
        public = self.view_of(table, None)
        return name_seats(self.engine.describe_move(public, self.move(move)), names)


def move_text(
    table: Table, events: list[Event], names: list[str], actor: tuple[int, object] | None
) -> str:
    """A Duel move: its public events ("Ana builds Glassworks (1 coin)"), or the engine's
    description of the move when it caused none."""
    said = [
        t
        for t in (duel_sentence(e, names) for e in events if e.visible_to is None)
        if t is not None
    ]
    if not said and actor is not None:
        seat, move = actor
        shown = table.game.describe_move(table.view(None), move)
        said.append(f"{names[seat]}: {name_seats(shown, names)}")
    return " · ".join(said[:10]) or "Nothing happened."
