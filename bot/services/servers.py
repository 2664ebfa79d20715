"""A server's side of the bot: its settings, its games list, its players' stats and deadlines
(read for the info and admin commands, so they never reach the store themselves)."""

from __future__ import annotations

from typing import Any

from bot.model.errors import UserError
from bot.store import Deadline, GameRecord, GuildSettings, LeaderboardRow, Store, UserStats

__all__ = ["ServerService"]


class ServerService:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def settings(self, guild_id: int | None) -> GuildSettings:
        return await self.store.get_guild_settings(guild_id or 0)

    async def change_settings(self, guild_id: int | None, **changes: Any) -> GuildSettings:
        """Save ``changes`` (or read the settings when there are none); a value the store
        refuses is a ``UserError`` with its reason."""
        if not changes:
            return await self.settings(guild_id)
        try:
            return await self.store.update_guild_settings(guild_id or 0, **changes)
        except ValueError as exc:
            raise UserError(str(exc)) from None

    async def games(
        self, guild_id: int | None, user_id: int | None, statuses: tuple[str, ...], limit: int
    ) -> list[GameRecord]:
        """The server's games in ``statuses`` (only ``user_id``'s if given), newest first."""
        return await self.store.list_games(
            guild_id=guild_id, user_id=user_id, status=statuses, limit=limit
        )

    async def deadlines(self, game_id: int) -> list[Deadline]:
        return await self.store.list_deadlines(game_id)

    async def stats(self, user_id: int, guild_id: int | None) -> UserStats:
        return await self.store.user_stats(user_id, guild_id=guild_id)

    async def leaderboard(self, guild_id: int | None, kind: str | None) -> list[LeaderboardRow]:
        return await self.store.leaderboard(guild_id or 0, kind=kind)

    async def record_lobby_post(self, game_id: int, channel_id: int, message_id: int) -> None:
        """The lobby's public post, edited when a command changes its seats."""
        await self.store.record_message(game_id, "lobby", channel_id, message_id)

    async def board_posted(self, game_id: int) -> bool:
        """Whether the game's board was ever posted (else its lobby post still shows Join)."""
        return await self.store.latest_message(game_id, "board") is not None

    async def lobby_post(self, game_id: int) -> tuple[int, int] | None:
        """(channel id, message id) of the game's lobby post, if one was recorded."""
        posted = await self.store.latest_message(game_id, "lobby")
        return None if posted is None else (posted.channel_id, posted.message_id)
