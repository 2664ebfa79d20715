"""The bot's messages per game and per-guild settings."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from .core import StoreBase
from .models import TIMEOUT_POLICIES, BotMessage, GuildSettings, from_ts

__all__ = ["GuildRepo"]

_MSG_COLS = "id, game_id, kind, channel_id, message_id, seat, created_at"
_SETTING_FIELDS = tuple(f.name for f in dataclasses.fields(GuildSettings) if f.name != "guild_id")


def _msg(r: Any) -> BotMessage:
    return BotMessage(r[0], r[1], r[2], r[3], r[4], r[5], from_ts(r[6]))


class GuildRepo(StoreBase):
    """Message bookkeeping and guild configuration."""

    async def record_message(
        self,
        game_id: int,
        kind: str,
        channel_id: int,
        message_id: int,
        seat: int | None = None,
        replace: bool = False,
        version: int | None = None,
    ) -> BotMessage:
        """Remember a message posted for a game. ``replace=True`` first forgets earlier
        messages of the same kind (and seat), e.g. when a board is re-posted. ``version``: the
        game version a board or result post shows (``GameRepo.unposted_games`` reads it)."""
        now = self._now()
        async with self._write() as db:
            if replace:
                await db.execute(
                    "DELETE FROM bot_messages WHERE game_id = ? AND kind = ? AND seat IS ?",
                    (game_id, kind, seat),
                )
            row_id = await db.insert_id(
                "INSERT INTO bot_messages (game_id, kind, channel_id, message_id, seat, "
                "created_at, version) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, kind, channel_id, message_id, seat, now, version),
            )
        return BotMessage(int(row_id), game_id, kind, channel_id, message_id, seat, from_ts(now))

    async def list_messages(self, game_id: int, kind: str | None = None) -> list[BotMessage]:
        """Messages of a game (optionally of one kind), oldest first."""
        sql = f"SELECT {_MSG_COLS} FROM bot_messages WHERE game_id = ?"
        args: list[object] = [game_id]
        if kind is not None:
            sql += " AND kind = ?"
            args.append(kind)
        async with self._read() as db:
            rows = await self._all(db, sql + " ORDER BY id", args)
        return [_msg(r) for r in rows]

    async def latest_message(
        self, game_id: int, kind: str, seat: int | None = None
    ) -> BotMessage | None:
        """The newest message of ``kind`` (for ``seat`` if given), or None."""
        sql = f"SELECT {_MSG_COLS} FROM bot_messages WHERE game_id = ? AND kind = ?"
        args: list[object] = [game_id, kind]
        if seat is not None:
            sql += " AND seat = ?"
            args.append(seat)
        async with self._read() as db:
            row = await self._one(db, sql + " ORDER BY id DESC LIMIT 1", args)
        return None if row is None else _msg(row)

    async def find_message(self, message_id: int) -> BotMessage | None:
        """Which game (and kind) a Discord message belongs to, or None."""
        async with self._read() as db:
            row = await self._one(
                db,
                f"SELECT {_MSG_COLS} FROM bot_messages "
                "WHERE message_id = ? ORDER BY id DESC LIMIT 1",
                (message_id,),
            )
        return None if row is None else _msg(row)

    async def delete_message(self, message_id: int) -> int:
        """Forget a message (deleted on Discord); returns the number of rows removed."""
        async with self._write() as db:
            cur = await db.execute("DELETE FROM bot_messages WHERE message_id = ?", (message_id,))
            return cur.rowcount

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings (defaults if never set)."""
        async with self._read() as db:
            row = await self._one(
                db,
                f"SELECT {', '.join(_SETTING_FIELDS)} FROM guild_settings WHERE guild_id = ?",
                (guild_id,),
            )
        if row is None:
            return GuildSettings(guild_id)
        values = dict(zip(_SETTING_FIELDS, row, strict=True))
        values["allowed_channel_ids"] = tuple(json.loads(values["allowed_channel_ids"]))
        for name in ("show_live_scores", "game_threads", "thread_warning_sent"):
            values[name] = bool(values[name])
        return GuildSettings(guild_id, **values)

    async def update_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Change some settings (names of ``GuildSettings`` fields) and return the result.
        Unknown names or an unknown ``timeout_policy`` raise ``ValueError``."""
        unknown = set(changes) - set(_SETTING_FIELDS)
        if unknown:
            raise ValueError(f"unknown guild settings {sorted(unknown)}")
        if changes.get("timeout_policy", "ai") not in TIMEOUT_POLICIES:
            raise ValueError(f"timeout_policy must be one of {TIMEOUT_POLICIES}")
        for name in (
            "turn_timer_s",
            "reminder_interval_s",
            "max_reminders",
            "ai_match_delay_s",
            "ping_after_s",
        ):
            if name in changes and changes[name] < 0:
                raise ValueError(f"{name} must not be negative")
        current = await self.get_guild_settings(guild_id)
        new = dataclasses.replace(current, **changes)
        new = dataclasses.replace(new, allowed_channel_ids=tuple(new.allowed_channel_ids))
        cols = ", ".join(_SETTING_FIELDS)
        sets = ", ".join(f"{c} = excluded.{c}" for c in (*_SETTING_FIELDS, "updated_at"))
        async with self._write() as db:
            await db.execute(
                f"INSERT INTO guild_settings (guild_id, {cols}, updated_at) "
                f"VALUES (?, {', '.join('?' * len(_SETTING_FIELDS))}, ?) "
                f"ON CONFLICT (guild_id) DO UPDATE SET {sets}",
                (guild_id, *(self._setting_value(new, f) for f in _SETTING_FIELDS), self._now()),
            )
        return new

    @staticmethod
    def _setting_value(s: GuildSettings, name: str) -> object:
        v = getattr(s, name)
        if name == "allowed_channel_ids":
            return json.dumps([int(c) for c in v])
        return int(v) if isinstance(v, bool) else v
