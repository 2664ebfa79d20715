"""What the bot posts publicly after a round: a Discord-free description (text, view, buttons).

The Discord layer renders ``view`` with ``render.board_png`` (and the score sheet from
``outcome`` when ``final``) and adds a "Play your turn" button (``wt:play:<game>:<version>``)
when ``mentions`` is not empty, after the ``moves`` buttons (the Duel wonder draft's picks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.model.game import Table
from bot.model.prompt import ButtonSpec
from bot.presenters.texts import with_levels
from bot.rendering import drawable
from bot.store import GuildSettings
from engine.common import Outcome

if TYPE_CHECKING:  # a type only: presenters do not draw
    from render import GameView

__all__ = ["Report", "by_rank", "make_report", "resign_outcome", "resign_report", "start_text"]


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
    outcome: Outcome | None = None
    final: bool = False
    image: bool = True
    # Moves playable from the public post itself (the Duel wonder draft: one per wonder).
    moves: tuple[ButtonSpec, ...] = ()
    # Whom the post pings, when not everyone in ``mentions`` (people away, bot.services.notify).
    pings: tuple[int, ...] | None = None
    # (seat, hints used) on the final score sheet ("used 3 hints"); seats with none left out.
    hints: tuple[tuple[int, int], ...] = ()
    # (seat, rating change) on the final score sheet ("rating +23"); unrated seats left out.
    ratings: tuple[tuple[int, int], ...] = ()
    # The final post of a game people played (not an all-AI match) offers a Rematch.
    rematch: bool = False
    # The server's settings the move that made this post read (its pings need them too).
    settings: GuildSettings | None = None

    @property
    def wants_play_button(self) -> bool:
        return not self.final and bool(self.mentions)

    @property
    def notified(self) -> tuple[int, ...]:
        return self.mentions if self.pings is None else self.pings


def start_text(table: Table, names: list[str]) -> str:
    return table.game.start_text(table, names)


def _final_text(table: Table, outcome: Outcome, names: list[str]) -> str:
    """Winners and totals by rank (the winners first, then by points; AI seats named with
    their level); a neutral city after the seats (the Free City) is unranked, last."""
    seats = table.players()
    winners = [names[w] for w in outcome.winners]
    labels = with_levels(table, names)
    totals = " · ".join(f"{labels[i]} {outcome.scores[i].total}" for i in by_rank(outcome, seats))
    neutral = [
        f"{names[i]} {s.total} (neutral, unranked)"
        for i, s in enumerate(outcome.scores)
        if i >= seats
    ]
    totals = " · ".join([totals, *neutral]) if neutral else totals
    how = f" ({outcome.victory} victory)" if getattr(outcome, "victory", None) else ""
    return f"🏆 **Game over** — {' and '.join(winners)} won{how}. Scores: {totals}"


def by_rank(outcome: Outcome, seats: int) -> list[int]:
    """The seats from first to last: the winners (after the tie-break), then by points."""
    ranked = range(min(seats, len(outcome.scores)))
    return sorted(ranked, key=lambda i: (i not in outcome.winners, -outcome.scores[i].total, i))


def _report(
    table: Table,
    text: str,
    names: list[str],
    mentions: tuple[int, ...],
    outcome: Outcome | None,
    moves: tuple[ButtonSpec, ...] = (),
) -> Report:
    """The post of ``table`` at its version, seen by nobody in particular; final with an
    outcome."""
    return Report(
        table.id,
        table.record.thread_id or table.record.channel_id,
        table.kind,
        table.version,
        text,
        drawable(table.view(None)),
        tuple(names),
        mentions,
        outcome,
        outcome is not None,
        moves=moves,
        rematch=outcome is not None and any(s.user_id is not None for s in table.record.seats),
    )


def make_report(table: Table, text: str, names: list[str]) -> Report:
    """The post after ``table`` reached its current state (``text``: what happened)."""
    outcome = table.outcome()
    mentions: tuple[int, ...] = ()
    if outcome is not None:
        text = f"{text}\n{_final_text(table, outcome, names)}".strip()
        winners = [table.seat_user(w) for w in outcome.winners]
        mentions = tuple(u for u in winners if u is not None)
    else:
        users = [table.seat_user(s) for s in table.humans_to_act()]
        mentions = tuple(u for u in users if u is not None)
        turn = table.game.turn_line(table, names)
        if turn:
            text += f"\n{turn}"
    return _report(table, text, names, mentions, outcome, table.game.post_moves(table))


def resign_outcome(table: Table, seat: int) -> Outcome:
    """A two-seat game that ``seat`` resigned: the other seat wins, with the scores "as if it
    ended now" (victory "resignation")."""
    scores = list(table.game.scores(table.require_state()))
    return Outcome(scores=scores, winners=[1 - seat], victory="resignation")


def resign_report(table: Table, seat: int, names: list[str]) -> Report:
    """The final post of a two-seat game that ``seat`` resigned, with its score sheet."""
    winner = 1 - seat
    outcome = resign_outcome(table, seat)
    text = f"🏳️ **{names[seat]} resigned** — {names[winner]} wins game #{table.id}."
    user = table.seat_user(winner)
    return _report(table, text, names, (user,) if user is not None else (), outcome)
