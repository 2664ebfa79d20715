"""How each person wants to hear that it is their turn (``/wonders notify``)."""

from __future__ import annotations

from collections.abc import Sequence

from .core import StoreBase

__all__ = ["NOTIFY_MODES", "NotifyRepo", "TurnPingRepo"]

NOTIFY_MODES: tuple[str, ...] = ("ping", "dm", "off")


class NotifyRepo(StoreBase):
    async def notify_mode(self, user_id: int) -> str:
        """'ping' (the default), 'dm' or 'off'."""
        async with self._read() as db:
            row = await self._one(db, "SELECT mode FROM user_notify WHERE user_id = ?", (user_id,))
        return "ping" if row is None else str(row[0])

    async def set_notify_mode(self, user_id: int, mode: str) -> None:
        if mode not in NOTIFY_MODES:
            raise ValueError(f"mode must be one of {NOTIFY_MODES}")
        async with self._write() as db:
            await db.execute(
                "INSERT INTO user_notify (user_id, mode, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode, "
                "dm_closed_noted = 0, updated_at = excluded.updated_at",
                (user_id, mode, self._now()),
            )

    async def note_dm_closed(self, user_id: int) -> bool:
        """Remember that this person's DMs failed; True the first time (say so once)."""
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE user_notify SET dm_closed_noted = 1, updated_at = ? "
                "WHERE user_id = ? AND dm_closed_noted = 0",
                (self._now(), user_id),
            )
            return cur.rowcount == 1


class TurnPingRepo(StoreBase):
    """Who was told of which turn, and who is watched until away (``bot.services.notify``):
    kept across restarts so nobody is pinged twice for one turn."""

    async def save_turn_pings(
        self, game_id: int, rows: Sequence[tuple[int, int | None, int | None]]
    ) -> None:
        """(user, told turn, watched turn) of people of ``game_id``; a row of two Nones is
        dropped."""
        keep = [
            (game_id, u, told, watch) for u, told, watch in rows if (told, watch) != (None, None)
        ]
        drop = [(game_id, u) for u, told, watch in rows if (told, watch) == (None, None)]
        async with self._write() as db:
            await db.executemany(
                "INSERT INTO turn_pings (game_id, user_id, told_turn, watch_turn) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET "
                "told_turn = excluded.told_turn, watch_turn = excluded.watch_turn",
                keep,
            )
            await db.executemany("DELETE FROM turn_pings WHERE game_id = ? AND user_id = ?", drop)

    async def turn_pings(
        self, guild_ids: Sequence[int]
    ) -> list[tuple[int, int, int | None, int | None]]:
        """(game, user, told turn, watched turn) of the running games of ``guild_ids``."""
        ids = list(guild_ids)
        if not ids:
            return []
        async with self._read() as db:
            rows = await self._all(
                db,
                "SELECT p.game_id, p.user_id, p.told_turn, p.watch_turn FROM turn_pings p "
                "JOIN games g ON g.id = p.game_id WHERE g.status = 'running' "
                f"AND g.guild_id IN ({','.join('?' * len(ids))}) ORDER BY p.game_id, p.user_id",
                ids,
            )
        return [(int(r[0]), int(r[1]), _int(r[2]), _int(r[3])) for r in rows]

    async def forget_turn_pings(self, game_id: int) -> None:
        async with self._write() as db:
            await db.execute("DELETE FROM turn_pings WHERE game_id = ?", (game_id,))


def _int(value: object) -> int | None:
    return None if value is None else int(str(value))
