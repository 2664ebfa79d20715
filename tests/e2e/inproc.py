"""The real Wonders Table bot run inside the test's event loop (faster than a subprocess).

``make_bot`` points discord.py's class attributes at the local server; ``InProcessBot.stop``
closes the client (and its store) and restores them.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import discord
import yarl
from discord.gateway import DiscordWebSocket

from bot.client import WondersBot, make_bot
from bot.settings import Settings
from tests.discord_server import LocalDiscord

__all__ = ["FAST_SETTINGS", "InProcessBot", "fast_settings"]

# Short delays so whole games fit the suite's time budget.
# Images drawn in threads, as FAST_ENV says why (tests.e2e.conftest).
FAST_SETTINGS: dict[str, Any] = {
    "ai_delay": 0.0,
    "ai_match_delay": 0.0,
    "tick_seconds": 0.25,
    "render_processes": 0,
    # Scripted members send commands faster than people; test_limits.py sets its own rate.
    "commands_per_minute": 600,
}


def fast_settings(server: LocalDiscord, database: Path, **overrides: Any) -> Settings:
    """Settings for a bot aimed at ``server`` (no ``.env`` file is read)."""
    values: dict[str, Any] = {
        "discord_token": server.token,
        "database": str(database),
        "discord_api_base": server.api_base,
        "discord_gateway_url": server.gateway_url,
        "log_level": "WARNING",
        **FAST_SETTINGS,
        **overrides,
    }
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


class InProcessBot:
    """``await InProcessBot(server, db).start()``: connected, commands synced."""

    def __init__(self, server: LocalDiscord, database: Path, **settings: Any) -> None:
        self.server = server
        self.settings = fast_settings(server, database, **settings)
        self.client: WondersBot | None = None
        self._task: asyncio.Task[None] | None = None
        self._saved = (discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)

    async def start(self, timeout: float = 20.0) -> InProcessBot:
        before = self.server.identifies
        self.server.global_commands, self.server.guild_commands = [], {}
        self.client = make_bot(self.settings, sync_commands=True)
        # discord.py waits this long for more GUILD_CREATEs before READY; the local server
        # sends them all at once.
        self.client._connection.guild_ready_timeout = 0.2
        self._task = asyncio.create_task(self.client.start(self.server.token))
        try:
            await self.server.wait_for(
                lambda: (
                    self._task is not None
                    and self._task.done()
                    or (
                        self.server.identifies > before
                        and self.server.global_commands
                        and self.client is not None
                        and self.client.is_ready()
                    )
                ),
                timeout,
            )
        except TimeoutError:
            await self.stop()
            raise AssertionError(f"the bot did not connect in {timeout} s") from None
        if self._task.done():
            self._task.result()  # raises the start-up error
            raise AssertionError("the bot stopped during start-up")
        return self

    async def stop(self) -> None:
        try:
            if self.client is not None and not self.client.is_closed():
                try:
                    await self._quiesce()
                finally:  # a test that failed mid-move still closes the bot and its database
                    await self.client.close()
            if self._task is not None:
                with contextlib.suppress(asyncio.CancelledError, discord.HTTPException):
                    await asyncio.wait_for(self._task, 10)
        finally:
            self.client, self._task = None, None
            discord.http.Route.BASE = self._saved[0]
            DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(str(self._saved[1]))

    async def _quiesce(self) -> None:
        """Let answers in flight finish (their AI kicks included) before closing the store."""
        assert self.client is not None
        hub = self.client.hub
        for _ in range(3):
            await asyncio.sleep(0.05)
            if hub is not None:
                await asyncio.wait_for(hub.driver.idle(), 10)
