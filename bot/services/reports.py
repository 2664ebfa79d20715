"""What the bot posts publicly after a round: a Discord-free description (text, view, buttons).

The Discord layer renders ``view`` with ``render.board_png`` (and the score sheet from
``outcome`` when ``final``) and adds a "Play your turn" button (``wt:play:<game>:<version>``)
when ``mentions`` is not empty, after the ``moves`` buttons (the Duel wonder draft's picks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.services.ids import button_id
from bot.services.prompts_kit import ButtonSpec
from bot.services.tables import Table
from bot.services.texts import ROMAN, ai_levels_text, name_seats
from engine.common import Outcome

if TYPE_CHECKING:  # a type only: presenters do not draw
    from render import GameView

__all__ = ["Report", "draft_buttons", "make_report", "resign_report", "start_text"]


@dataclass(frozen=True)
class Report:
    """One public post about a game."""

    game_id: int
    channel_id: int
    kind: str
    version: int
    text: str
    view: GameView
    names: tuple[str, ...]
    mentions: tuple[int, ...] = ()
    outcome: Any = None
    final: bool = False
    image: bool = True
    # Moves playable from the public post itself (the Duel wonder draft: one per wonder).
    moves: tuple[ButtonSpec, ...] = ()
    # Whom the post pings, when not everyone in ``mentions`` (people away, bot.services.notify).
    pings: tuple[int, ...] | None = None

    @property
    def wants_play_button(self) -> bool:
        return not self.final and bool(self.mentions)

    @property
    def notified(self) -> tuple[int, ...]:
        return self.mentions if self.pings is None else self.pings


def start_text(table: Table, names: list[str]) -> str:
    if table.kind == "classic":
        state = table.state
        way = "right" if state.age == 2 else "left"
        return (
            f"**Age {ROMAN.get(state.age, state.age)} begins** — pass {way}. Everyone picks a card."
        )
    seats = sorted(table.to_act())
    who = names[seats[0]] if seats else "?"
    if table.mod.view(table.state, None).phase == "draft":
        return f"**7 Wonders Duel begins** — wonder draft: {who} picks first."
    return f"**7 Wonders Duel begins** — {who} to play."


def _final_text(table: Table, names: list[str]) -> str:
    outcome = table.outcome()
    winners = [names[w] for w in outcome.winners]
    totals = " · ".join(f"{names[i]} {s.total}" for i, s in enumerate(outcome.scores))
    how = f" ({outcome.victory} victory)" if getattr(outcome, "victory", None) else ""
    levels = ai_levels_text(table, names)
    tail = f"\n{levels}." if levels else ""
    return f"🏆 **Game over** — {' and '.join(winners)} won{how}. Scores: {totals}{tail}"


def _duel_turn(table: Table, names: list[str], who: str) -> str:
    """ "Ana to play." or, for a choice, the engine's prompt with the name ("Ana: choose who
    begins Age II.")."""
    view = table.mod.view(table.state, None)
    if view.phase in ("play", "over") or not view.prompt:
        return f"{who} to play."
    return name_seats(view.prompt, names)


def draft_buttons(table: Table) -> tuple[ButtonSpec, ...]:
    """Duel wonder draft with a human to pick: one ``wt:mv`` button per wonder on offer (the
    usual move path: only that seat may use it, a click after the pick is stale)."""
    if table.kind != "duel" or table.outcome() is not None:
        return ()
    humans = table.humans_to_act()
    if len(humans) != 1:
        return ()
    view = table.mod.view(table.state, humans[0])
    if view.phase != "draft":
        return ()
    return tuple(
        ButtonSpec(
            mv.wonder or mv.move, button_id("mv", table.id, table.version, mv.move), "success"
        )
        for mv in view.legal_moves
        if mv.action == "pick"
    )


def make_report(table: Table, text: str, names: list[str]) -> Report:
    """The post after ``table`` reached its current state (``text``: what happened)."""
    final = table.outcome() is not None
    mentions: tuple[int, ...] = ()
    if final:
        text = f"{text}\n{_final_text(table, names)}".strip()
        winners = [table.seat_user(w) for w in table.outcome().winners]
        mentions = tuple(u for u in winners if u is not None)
    else:
        users = [table.seat_user(s) for s in table.humans_to_act()]
        mentions = tuple(u for u in users if u is not None)
        who = ", ".join(names[s] for s in sorted(table.to_act()))
        if table.kind == "classic" and table.state.phase == 0:
            text += f"\nAge {ROMAN.get(table.state.age)}, turn {table.state.turn}: everyone picks."
        elif table.kind == "duel" and who:
            text += f"\n{_duel_turn(table, names, who)}"
        elif who:
            text += f"\n{who} to play."
    return Report(
        table.id,
        table.record.thread_id or table.record.channel_id,
        table.kind,
        table.version,
        text,
        table.mod.view(table.state, None),
        tuple(names),
        mentions,
        table.outcome(),
        final,
        moves=draft_buttons(table),
    )


def resign_report(table: Table, seat: int, names: list[str]) -> Report:
    """The final post of a two-seat game that ``seat`` resigned: the other seat wins, with the
    scores "as if it ended now" on the sheet (victory "resignation")."""
    winner = 1 - seat
    outcome = Outcome(
        scores=list(table.mod.scores(table.state)), winners=[winner], victory="resignation"
    )
    text = f"🏳️ **{names[seat]} resigned** — {names[winner]} wins game #{table.id}."
    user = table.seat_user(winner)
    return Report(
        table.id,
        table.record.thread_id or table.record.channel_id,
        table.kind,
        table.version,
        text,
        table.mod.view(table.state, None),
        tuple(names),
        (user,) if user is not None else (),
        outcome,
        True,
    )
