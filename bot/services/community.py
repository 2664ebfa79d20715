"""The data behind a game's community side (issue 18): its thread, its live status message,
each person's notification mode and the deadlines shown to them. The Discord glue in
``bot.exts.wonders`` (threads, status board, notifier, ``/wonders notify``) reads and writes
it only through here, so the extensions never touch the store."""

from __future__ import annotations

from dataclasses import dataclass

from bot.model.game import Table
from bot.services.games import GameService
from bot.store import GameNotFound, GuildSettings, Store

__all__ = ["STATUS", "CommunityService", "Posted"]

STATUS = "status"  # bot_messages kind of the live status message: found again after a restart


@dataclass(frozen=True)
class Posted:
    """Where a message of the bot is (a jump link needs both ids)."""

    channel_id: int
    message_id: int


class CommunityService:
    def __init__(self, store: Store, games: GameService) -> None:
        self.store, self.games = store, games

    async def table(self, game_id: int, version: int | None = None) -> Table | None:
        """The game, or None if it was deleted meanwhile (callers skip it). With
        ``version``: the cached table if it is at least that new (a post of the move just
        made: no second load)."""
        cached = None if version is None else self.games.cache.peek(game_id)
        if cached is not None and version is not None and cached.version >= version:
            return cached
        try:
            return await self.games.table(game_id)
        except GameNotFound:
            return None

    async def settings(self, guild_id: int | None) -> GuildSettings:
        return await self.store.get_guild_settings(guild_id or 0)

    async def ping_after(self, guild_id: int | None) -> float:
        """Seconds without a click after which a person counts as away in that server."""
        return (await self.settings(guild_id)).ping_after_s

    # -- the thread ------------------------------------------------------------------------
    async def set_thread(self, game_id: int, thread_id: int) -> None:
        await self.store.set_thread(game_id, thread_id)

    async def warn_once(self, guild_id: int | None) -> bool:
        """True the first time only: the missing-permission warning is due in that server."""
        if (await self.settings(guild_id)).thread_warning_sent:
            return False
        await self.store.update_guild_settings(guild_id or 0, thread_warning_sent=True)
        return True

    # -- the status message --------------------------------------------------------------
    async def status_message(self, game_id: int) -> Posted | None:
        found = await self.store.latest_message(game_id, STATUS)
        return None if found is None else Posted(found.channel_id, found.message_id)

    async def result_message(self, game_id: int) -> Posted | None:
        """The game's result post (in the channel), once posted."""
        found = await self.store.latest_message(game_id, "result")
        return None if found is None else Posted(found.channel_id, found.message_id)

    async def running_games(self, guild_ids: list[int]) -> list[int]:
        """Ids of the running games of these guilds (their status is refreshed at start-up)."""
        records = await self.store.list_active_games(guild_ids)
        return [r.id for r in records if r.status == "running"]

    async def remember_status(self, game_id: int, channel_id: int, message_id: int) -> None:
        await self.store.record_message(game_id, STATUS, channel_id, message_id)

    async def forget_message(self, message_id: int) -> None:
        """The message is gone (a moderator deleted it): no more edits to it."""
        await self.store.delete_message(message_id)

    async def deadline(self, game_id: int, seat: int | None = None) -> float | None:
        """The earliest seat deadline of the game (of ``seat`` only, if given), epoch
        seconds; None without one. Negative seats are the lobby's, not a turn's."""
        found = [
            d.due_at.timestamp()
            for d in await self.store.list_deadlines(game_id)
            if (d.seat >= 0 if seat is None else d.seat == seat)
        ]
        return min(found, default=None)

    # -- how each person hears of their turn ----------------------------------------------
    async def notify_mode(self, user_id: int) -> str:
        return await self.store.notify_mode(user_id)

    async def set_notify_mode(self, user_id: int, mode: str) -> None:
        await self.store.set_notify_mode(user_id, mode)

    async def note_dm_closed(self, user_id: int) -> bool:
        """True the first time the user's closed DMs are noticed (the post says so once)."""
        return await self.store.note_dm_closed(user_id)

    # -- who was told of which turn (kept across restarts) --------------------------------
    async def keep_told(self, game_id: int, rows: list[tuple[int, int | None, int | None]]) -> None:
        """(user, turn told of, turn watched for) of people of one game."""
        await self.store.save_turn_pings(game_id, rows)

    async def told_before(
        self, guild_ids: list[int]
    ) -> list[tuple[int, int, int | None, int | None]]:
        """(game, user, told, watched) of the running games of these guilds (start-up)."""
        return await self.store.turn_pings(guild_ids)

    async def forget_told(self, game_id: int) -> None:
        await self.store.forget_turn_pings(game_id)
