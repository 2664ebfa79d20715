"""7 Wonders Duel (2 players): one move at a time, every move is public."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import engine.duel as duel_engine
from bot.games.base import GameAdapter, PromptStep
from bot.games.engine import Engine
from bot.presenters.duel_prompts import duel_prompt
from bot.presenters.ids import button_id
from bot.presenters.prompts_kit import ButtonSpec, Prompt
from bot.presenters.texts import duel_sentence, name_seats, waiting_text
from bot.services.errors import UserError
from engine.common import Event
from engine.duel import Config
from engine.duel.state import DRAFT as _DRAFT
from engine.wording import count

if TYPE_CHECKING:
    from bot.services.tables import Table

__all__ = ["DuelGame"]

_ENGINE: Engine = duel_engine  # mypy checks the module against the protocol here

RULES = (
    "**7 Wonders Duel** (2 players). Draft 4 wonders each, then take accessible cards from "
    "the age's pyramid: build them (missing resources are bought from the bank), discard "
    "them for coins, or build a wonder with them. Win at once by military supremacy "
    "(pawn reaches the capital) or scientific supremacy (6 different symbols); otherwise "
    "most points after age III."
)


class DuelGame(GameAdapter):
    kind = "duel"
    title = "7 Wonders Duel"
    engine = _ENGINE
    rules_text = RULES
    resign_ends_game = True
    first_seat_starts = True
    chained_moves = True
    ai_reply_joins_post = True
    agent_seats = True

    def progress(self, state: Any) -> str:
        """ "Wonder draft" before Age I, else the age ("Age II")."""
        return "Wonder draft" if state.phase == _DRAFT else super().progress(state)

    def config(
        self,
        players: int,
        sides: str,
        *,
        wonders: str = "deal",
        expansions: tuple[str, ...] = (),
        variant: str = "none",
    ) -> Config:
        if expansions:
            raise UserError("Expansions are for 7 Wonders (3-7 players), not for Duel.")
        if variant != "none":
            raise UserError("7 Wonders Duel has no house variant: `variant` is for 7 Wonders.")
        if wonders != "deal" or sides == "choose":
            raise UserError(
                "7 Wonders Duel drafts its wonders: `wonders` and `sides` choose are for 7 Wonders."
            )
        return Config()  # always two players; the wonders are drafted, not sided

    def players(self, config: Any) -> int:
        return 2

    def is_round_end(
        self, events: list[Event], before: Any = None, seat: int | None = None, after: Any = None
    ) -> bool:
        return True  # every move is public: each one gets its post

    def start_text(self, table: Table, names: list[str]) -> str:
        seats = sorted(table.to_act())
        who = names[seats[0]] if seats else "?"
        if self.engine.view(table.state, None).phase == "draft":
            return f"**7 Wonders Duel begins** — wonder draft: {who} picks first."
        return f"**7 Wonders Duel begins** — {who} to play."

    def turn_line(self, table: Table, names: list[str]) -> str:
        """ "Ana to play." or, for a choice, the engine's prompt with the name ("Ana: choose
        who begins Age II.")."""
        who = ", ".join(names[s] for s in sorted(table.to_act()))
        if not who:
            return ""
        view = self.engine.view(table.state, None)
        if view.phase in ("play", "over") or not view.prompt:
            return f"{who} to play."
        return name_seats(view.prompt, names)

    def round_text(
        self,
        before: Table,
        after: Table,
        events: list[Event],
        names: list[str],
        actor: tuple[int, Any] | None = None,
    ) -> str:
        return move_text(before, events, names, actor)

    def export_positions(self, moves: list[tuple[int, Any, Any]], final: Any) -> list[Any]:
        """Each position as the seat to move saw it, in the seed prompt's agent JSON
        (docs/duel-agent-json.md), with the move made in the same format; then the end."""
        out: list[Any] = [
            {
                "before_move": number,
                "seat": seat,
                "position": duel_engine.to_agent_json(before, seat),
                "move": duel_engine.move_to_agent(move),
            }
            for number, (seat, move, before) in enumerate(moves, 1)
        ]
        out.append(
            {"before_move": None, "seat": 0, "position": duel_engine.to_agent_json(final, 0)}
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
        view = self.engine.view(table.state, humans[0])
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
        if table.state.phase == _DRAFT:
            return ""
        pawn = self.engine.view(table.state, None).pawn
        if pawn == 0:
            return "Military: the pawn is in the middle."
        ahead, behind = (names[0], names[1]) if pawn > 0 else (names[1], names[0])
        steps = count(abs(pawn), "space")
        return f"Military: {ahead} leads — the pawn is {steps} toward the capital of {behind}."

    def score_extras(self, score: Any, rows: Sequence[str] | None = None) -> str:
        return f", progress {score.progress}"

    def prompt(self, table: Table, seat: int, step: PromptStep) -> Prompt:
        view = self.engine.view(table.state, seat)
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

    def forced_move_text(self, table: Table, move: Any, names: list[str]) -> str | None:
        public = self.engine.view(table.state, None)
        return name_seats(self.engine.describe_move(public, move), names)


def move_text(
    table: Table, events: list[Event], names: list[str], actor: tuple[int, Any] | None
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
        shown = table.mod.describe_move(table.mod.view(table.state, None), move)
        said.append(f"{names[seat]}: {name_seats(shown, names)}")
    return " · ".join(said[:10]) or "Nothing happened."
