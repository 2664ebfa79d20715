"""``/wonders history review``: the Hard AI's judgement of every decision a player made in a
finished game, and their three costliest moves with the better move and why (the hint's
wording).

The work runs in the bot's worker processes (``bot.rendering``), in parts so a progress line
can be edited meanwhile, and stops at ``REVIEW_CPU_S`` seconds of CPU (the review then says
how far it got). The AI judges from the seat's own view at each decision, as when it played.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.model.errors import NotAllowed, UserError
from bot.model.game import Table
from bot.rendering import renderer
from bot.services.games import GameService
from bot.services.review_work import Judged, ReviewJob, ReviewPart, review_part
from bot.store import GameRecord

__all__ = ["REVIEW_CPU_S", "Review", "ReviewService", "own_until"]

#: Seconds of CPU one review may use (a 7-player game needs well under one: performance.md).
REVIEW_CPU_S = 20.0
#: Decisions judged per worker call: the progress line moves between calls.
PART = 8
#: Wall-clock seconds a part may wait for a busy worker beyond its CPU budget.
_WAIT_S = 60.0

Progress = Callable[[str], Awaitable[None]]


@dataclass(frozen=True)
class Review:
    game_id: int
    title: str  # "7 Wonders"
    name: str  # the player's name
    total: int  # decisions in the game
    judged: tuple[Judged, ...]
    cpu_s: float
    complete: bool  # False: the CPU budget stopped it early

    def costliest(self, n: int = 3) -> list[Judged]:
        """The ``n`` moves that gave away most, largest first (only moves that gave any)."""
        costly = [j for j in self.judged if j.loss > 0.05]
        return sorted(costly, key=lambda j: (-j.loss, j.number))[:n]


class ReviewService:
    def __init__(self, games: GameService) -> None:
        self.games = games

    async def review(
        self, guild_id: int | None, user_id: int, game_id: int, progress: Progress
    ) -> Review:
        table = await self.games.table_in(guild_id, game_id)
        seat = _reviewable(table, user_id)
        record = await self.games.store.load_game(game_id)
        job = ReviewJob(record, seat, own_until(record, seat))
        await progress(f"Reviewing game #{game_id}: replaying the moves…")
        judged: list[Judged] = []
        total, cpu, start, complete = 0, 0.0, 0, True
        while start == 0 or start < total:
            part = await _part(job, start, REVIEW_CPU_S - cpu)
            total, cpu = part.total, cpu + part.cpu_s
            judged.extend(part.judged)
            start += PART
            if part.stopped or cpu >= REVIEW_CPU_S:
                complete = start >= total and not part.stopped
                break
            if start < total:
                await progress(
                    f"Reviewing game #{game_id}: {start} of {total} decisions judged by the "
                    "Hard AI…"
                )
        # The person, also for a seat they resigned (its seat name is then the AI's).
        name = self.games.names.get(user_id, guild_id) or self.games.seat_names(table)[seat]
        return Review(game_id, table.game.title, name, total, tuple(judged), cpu, complete)


async def _part(job: ReviewJob, start: int, budget_s: float) -> ReviewPart:
    """One part in a worker; a worker that never answers (stuck, or swapped out for minutes)
    ends the review with a sentence rather than a spinner."""
    work = renderer().call(review_part, job, start, start + PART, budget_s)
    try:
        return await asyncio.wait_for(work, budget_s + _WAIT_S)
    except TimeoutError:
        raise UserError(
            f"The review of game #{job.record.id} took too long; please try again later."
        ) from None


def _reviewable(table: Table, user_id: int) -> int:
    """The user's seat in ``table`` if it may be reviewed; else the reason, privately."""
    seat = table.record.seat_of(user_id)
    if seat is None:
        raise NotAllowed(
            f"You did not play in game #{table.id}: a review goes over your own decisions."
        )
    if table.status != "finished":
        when = {
            "lobby": "has not started yet",
            "running": "is still running",
            "abandoned": "was abandoned before its end",
        }.get(table.status, f"is {table.status}")
        raise UserError(f"Game #{table.id} {when}: a review is for a finished game.")
    return seat


def own_until(record: GameRecord, seat: int) -> int:
    """The last version at which the seat's human still played it (after a resignation the AI
    made its moves, which are not theirs to review)."""
    found = next((s for s in record.seats if s.seat == seat), None)
    if found is None or found.resigned_at is None:
        return record.version
    return max((m.seq for m in record.moves if m.created_at <= found.resigned_at), default=0)
