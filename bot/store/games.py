"""Games, seats, the append-only move log and snapshots: ``GameRepo`` joins the lobby,
query and move-log repositories and owns a game's ending."""

from __future__ import annotations

from collections.abc import Sequence

from .conn import Conn
from .errors import InvalidGameState
from .game_moves import MoveLogRepo
from .models import ResultEntry
from .ratings import RatingRepo
from .rematches import RematchRepo

__all__ = ["GameRepo"]


class GameRepo(RematchRepo, MoveLogRepo, RatingRepo):
    """Game lifecycle: lobby -> running -> finished | abandoned."""

    async def finish_game(
        self, game_id: int, results: Sequence[ResultEntry] = (), reason: str = "finished"
    ) -> None:
        """running -> finished; in the same transaction records ``results`` (one per seat)
        for stats and leaderboards and clears the game's deadlines. A seat whose human
        resigned keeps its standing but is marked ``resigned``: stats count it as a game lost
        with 0 points (see ``ScheduleRepo.user_stats``), never as the AI's result, and its
        rating as last place. The game is rated in the same transaction (``RatingRepo``)."""
        now = self._now()
        async with self._write() as db:
            status, _ = await self._status(db, game_id)
            if status != "running":
                raise InvalidGameState(f"game {game_id} is {status}, not running")
            g = await self._one(db, "SELECT guild_id, kind FROM games WHERE id = ?", (game_id,))
            seats = {
                r[0]: (r[1], r[2], r[3])
                for r in await self._all(
                    db,
                    "SELECT seat, user_id, ai_level, resigned_at IS NOT NULL AND user_id "
                    "IS NOT NULL FROM seats WHERE game_id = ?",
                    (game_id,),
                )
            }
            for res in results:
                if res.seat not in seats:
                    raise ValueError(f"game {game_id} has no seat {res.seat}")
                user, ai, resigned = seats[res.seat]
                await db.execute(
                    "INSERT INTO results (game_id, seat, user_id, ai_level, guild_id, kind, "
                    "rank, points, finished_at, resigned) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        res.seat,
                        user,
                        ai,
                        g[0],
                        g[1],
                        res.rank,
                        res.points,
                        now,
                        int(resigned),
                    ),
                )
            await self._end(db, game_id, "finished", reason, now)
            await self._rate_game(db, game_id, now)

    async def abandon_game(self, game_id: int, reason: str = "abandoned") -> None:
        """lobby/running -> abandoned (no results recorded); clears the deadlines."""
        async with self._write() as db:
            status, _ = await self._status(db, game_id)
            if status not in ("lobby", "running"):
                raise InvalidGameState(f"game {game_id} is already {status}")
            await self._end(db, game_id, "abandoned", reason, self._now())

    async def _end(self, db: Conn, game_id: int, status: str, reason: str, now: float) -> None:
        await db.execute(
            "UPDATE games SET status = ?, end_reason = ?, ended_at = ?, "
            "updated_at = ? WHERE id = ?",
            (status, reason, now, now, game_id),
        )
        await db.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
