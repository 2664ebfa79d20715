"""How each person wants to hear that it is their turn (``/wonders notify``)."""

from __future__ import annotations

from .core import StoreBase

__all__ = ["NOTIFY_MODES", "NotifyRepo"]

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
