"""The ``AutoShardedBot`` subclass and its factory (usable in-process by tests).

Local servers: when ``settings.discord_api_base`` / ``discord_gateway_url`` are set, discord.py's
class attributes ``Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY`` point at them, and a
missing ``shard_count`` becomes 1 so that ``GET /gateway/bot`` is never needed.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from typing import Any

import discord
from discord.ext import commands
from yarl import URL

from bot.settings import Settings
from bot.store import Store, open_store

__all__ = ["EXTENSIONS", "WondersBot", "make_bot", "point_at_api"]

log = logging.getLogger(__name__)

EXTENSIONS = ("bot.exts.wonders",)


def point_at_api(settings: Settings) -> None:
    """Aim discord.py's REST and gateway at the configured base URLs (process-wide)."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = URL(settings.discord_gateway_url)


def sync_on_start() -> bool:
    """WONDERS_SYNC_ON_START=1: sync the global command tree at every start (tests)."""
    return os.environ.get("WONDERS_SYNC_ON_START", "").strip().lower() in ("1", "true", "yes")


class WondersBot(commands.AutoShardedBot):
    """The bot: owns the store, the services and the background loops."""

    def __init__(self, settings: Settings, *, sync_commands: bool = False, **kwargs: Any) -> None:
        super().__init__(command_prefix=commands.when_mentioned,
                         intents=discord.Intents.default(), **kwargs)
        self.settings = settings
        self.sync_commands = sync_commands
        self._store_cm: Any = None
        self.store: Store | None = None

    async def setup_hook(self) -> None:
        self._store_cm = open_store(self.settings.database)
        self.store = await self._store_cm.__aenter__()
        for name in EXTENSIONS:
            await self.load_extension(name)
        await self._maybe_sync()

    async def _maybe_sync(self) -> None:
        guild_id = self.settings.dev_guild
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), guild_id)
        elif self.sync_commands or sync_on_start():
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def close(self) -> None:
        await super().close()
        if self._store_cm is not None:
            cm, self._store_cm = self._store_cm, None
            await cm.__aexit__(None, None, None)
            self.store = None


def make_bot(settings: Settings, *, shard_ids: Sequence[int] | None = None,
             shard_count: int | None = None, sync_commands: bool = False) -> WondersBot:
    """Build (not start) the bot; the store opens in ``setup_hook``."""
    point_at_api(settings)
    if shard_count is None and settings.discord_api_base:
        shard_count = 1
    kwargs: dict[str, Any] = {}
    if shard_count is not None:
        kwargs["shard_count"] = shard_count
    if shard_ids is not None:
        kwargs["shard_ids"] = list(shard_ids)
    return WondersBot(settings, sync_commands=sync_commands, **kwargs)
