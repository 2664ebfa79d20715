"""Deadlines (reminders / timeouts) and per-user results (stats, leaderboards)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from .conn import Conn
from .core import StoreBase
from .models import Deadline, LeaderboardRow, UserStats, from_ts, to_ts

__all__ = ["ScheduleRepo"]

_DL_COLS = "game_id, seat, due_at, next_reminder_at, reminders_sent, stalled"

#: (seat, due, next reminder) of one seat's clock
Clock = tuple[int, datetime, datetime | None]


async def write_clocks(db: Conn, game_id: int, clocks: Sequence[Clock]) -> None:
    """Inside a write: the game's deadlines become ``clocks`` (none: all cleared)."""
    rows = [
        (game_id, seat, to_ts(due), None if remind is None else to_ts(remind))
        for seat, due, remind in clocks
    ]
    await db.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
    if rows:
        await db.executemany(f"INSERT INTO deadlines ({_DL_COLS}) VALUES (?, ?, ?, ?, 0, 0)", rows)


# A human's result: a seat they resigned is a loss with 0 points, whatever the AI that finished
# it made of it (the row keeps the seat's real rank and points for the game's own record).
_WON = "(CASE WHEN rank = 1 AND resigned = 0 THEN 1 ELSE 0 END)"
_POINTS = "(CASE WHEN resigned = 1 THEN 0 ELSE points END)"


def _deadline(r: Any) -> Deadline:
    return Deadline(
        r[0], r[1], from_ts(r[2]), None if r[3] is None else from_ts(r[3]), r[4], bool(r[5])
    )


class ScheduleRepo(StoreBase):
    """Deadlines and results."""

    async def set_deadline(
        self, game_id: int, seat: int, due_at: datetime, next_reminder_at: datetime | None = None
    ) -> Deadline:
        """(Re)start a seat's clock (``GAME_SEAT`` for the whole game): resets the reminder
        count and the stalled flag."""
        remind = None if next_reminder_at is None else to_ts(next_reminder_at)
        async with self._write() as db:
            await db.execute(
                f"INSERT INTO deadlines ({_DL_COLS}) VALUES (?, ?, ?, ?, 0, 0) "
                "ON CONFLICT (game_id, seat) DO UPDATE SET due_at = excluded.due_at, "
                "next_reminder_at = excluded.next_reminder_at, reminders_sent = 0, stalled = 0",
                (game_id, seat, to_ts(due_at), remind),
            )
        return Deadline(
            game_id,
            seat,
            from_ts(to_ts(due_at)),
            None if remind is None else from_ts(remind),
            0,
            False,
        )

    async def reset_deadlines(self, game_id: int, clocks: Sequence[Clock]) -> None:
        """Replace every deadline of the game by ``clocks`` (seat, due, next reminder) in one
        write: a new round starts the clocks of all its humans at once."""
        async with self._write() as db:
            await write_clocks(db, game_id, clocks)

    async def clear_deadline(self, game_id: int, seat: int | None = None) -> int:
        """Remove one seat's deadline, or every deadline of the game when ``seat`` is None."""
        async with self._write() as db:
            if seat is None:
                cur = await db.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
            else:
                cur = await db.execute(
                    "DELETE FROM deadlines WHERE game_id = ? AND seat = ?", (game_id, seat)
                )
            return cur.rowcount

    async def list_deadlines(self, game_id: int) -> list[Deadline]:
        """A game's deadlines by seat."""
        async with self._read() as db:
            rows = await self._all(
                db, f"SELECT {_DL_COLS} FROM deadlines WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        return [_deadline(r) for r in rows]

    async def due_deadlines(
        self,
        before: datetime,
        guild_ids: list[int] | None = None,
        include_stalled: bool = False,
        shards: tuple[Sequence[int], int] | None = None,
    ) -> list[Deadline]:
        """Deadlines whose timeout or next reminder is at or before ``before`` (of running
        games; optionally only the games of ``guild_ids``, and/or of the guilds on
        ``shards`` = (shard ids, shard count): a dead process's shards taken over), earliest
        first."""
        t = to_ts(before)
        sql = (
            f"SELECT {', '.join('d.' + c for c in _DL_COLS.split(', '))} FROM deadlines d "
            "JOIN games g ON g.id = d.game_id WHERE g.status IN ('lobby', 'running') "
            "AND (d.due_at <= ? OR d.next_reminder_at <= ?)"
        )
        args: list[object] = [t, t]
        if not include_stalled:
            sql += " AND d.stalled = 0"
        if guild_ids is not None:
            if not guild_ids:
                return []
            sql += f" AND g.guild_id IN ({','.join('?' * len(guild_ids))})"
            args += list(guild_ids)
        if shards is not None:
            ids, count = list(shards[0]), shards[1]
            if not ids:
                return []
            # guild_id >> 22 (Discord's shard formula), spelled the way both databases read it.
            sql += (
                " AND g.guild_id IS NOT NULL AND (g.guild_id / 4194304) % ? "
                f"IN ({','.join('?' * len(ids))})"
            )
            args += [count, *ids]
        sql += (
            " ORDER BY CASE WHEN d.next_reminder_at < d.due_at THEN d.next_reminder_at "
            "ELSE d.due_at END, d.game_id"
        )
        async with self._read() as db:
            rows = await self._all(db, sql, args)
        return [_deadline(r) for r in rows]

    async def games_with_due_deadlines(
        self, now: datetime, guild_ids: list[int] | None = None
    ) -> list[int]:
        """Ids of games with at least one due deadline or reminder (see ``due_deadlines``)."""
        seen: dict[int, None] = {}
        for d in await self.due_deadlines(now, guild_ids):
            seen.setdefault(d.game_id, None)
        return list(seen)

    async def record_reminder(
        self, game_id: int, seat: int, next_reminder_at: datetime | None
    ) -> int:
        """Count a reminder sent and schedule the next (None: no more). Returns the count."""
        remind = None if next_reminder_at is None else to_ts(next_reminder_at)
        async with self._write() as db:
            await db.execute(
                "UPDATE deadlines SET reminders_sent = reminders_sent + 1, "
                "next_reminder_at = ? WHERE game_id = ? AND seat = ?",
                (remind, game_id, seat),
            )
            row = await self._one(
                db,
                "SELECT reminders_sent FROM deadlines WHERE game_id = ? AND seat = ?",
                (game_id, seat),
            )
        return 0 if row is None else int(row[0])

    async def mark_stalled(self, game_id: int, seat: int, stalled: bool = True) -> None:
        """Flag a deadline as stalled (handled; excluded from ``due_deadlines``)."""
        async with self._write() as db:
            await db.execute(
                "UPDATE deadlines SET stalled = ? WHERE game_id = ? AND seat = ?",
                (int(stalled), game_id, seat),
            )

    async def user_stats(
        self, user_id: int, kind: str | None = None, guild_id: int | None = None
    ) -> UserStats:
        """A user's finished games, wins (rank 1) and points, optionally per kind / guild.
        A seat the user resigned (an AI finished it) counts as a game lost with 0 points."""
        sql = (
            f"SELECT COUNT(*), COALESCE(SUM({_WON}), 0), COALESCE(SUM({_POINTS}), 0), "
            f"MAX({_POINTS}) FROM results WHERE user_id = ?"
        )
        args: list[object] = [user_id]
        if kind is not None:
            sql += " AND kind = ?"
            args.append(kind)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            args.append(guild_id)
        async with self._read() as db:
            row = await self._one(db, sql, args)
        return UserStats(user_id, int(row[0]), int(row[1]), int(row[2]), row[3])

    async def games_before(self, user_id: int, game_id: int) -> int:
        """How many games the user finished before game ``game_id`` was created (a newcomer's
        first games offer the Hint button). Counted by id so a restart gives the same answer."""
        async with self._read() as db:
            row = await self._one(
                db,
                "SELECT COUNT(*) FROM results WHERE user_id = ? AND game_id < ?",
                (user_id, game_id),
            )
        return 0 if row is None else int(row[0])

    async def leaderboard(
        self, guild_id: int, kind: str | None = None, limit: int = 10, min_games: int = 1
    ) -> list[LeaderboardRow]:
        """Humans of a guild by wins, then win rate, then games played (resigned seats: a
        game lost with 0 points, as in ``user_stats``)."""
        sql = (
            f"SELECT user_id, COUNT(*), SUM({_WON}), AVG({_POINTS}) FROM results "
            "WHERE guild_id = ? AND user_id IS NOT NULL"
        )
        args: list[object] = [guild_id]
        if kind is not None:
            sql += " AND kind = ?"
            args.append(kind)
        sql += (
            f" GROUP BY user_id HAVING COUNT(*) >= ? ORDER BY SUM({_WON}) DESC, "
            f"1.0 * SUM({_WON}) / COUNT(*) DESC, COUNT(*) DESC, user_id LIMIT ?"
        )
        args += [min_games, limit]
        async with self._read() as db:
            rows = await self._all(db, sql, args)
        return [LeaderboardRow(r[0], r[1], r[2], float(r[3])) for r in rows]

    async def game_results(self, game_id: int) -> list[tuple[int, int | None, int, int]]:
        """(seat, user_id, rank, points) of a finished game, by seat."""
        async with self._read() as db:
            rows = await self._all(
                db,
                "SELECT seat, user_id, rank, points FROM results WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
        return [(r[0], r[1], r[2], r[3]) for r in rows]
