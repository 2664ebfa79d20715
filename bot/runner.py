"""Start-up: build the bot from settings and run it until it stops (called by ``bot.__main__``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from bot.client import WondersBot, make_bot
from bot.settings import Settings

__all__ = ["WondersBot", "make_bot", "run"]

log = logging.getLogger(__name__)


def run(
    settings: Settings,
    shard_ids: Sequence[int] | None = None,
    shard_count: int | None = None,
    sync_commands: bool = False,
) -> int:
    """Run the bot until it is stopped; return the process exit code."""
    token = settings.token()
    if token is None:
        log.error("DISCORD_TOKEN is not set")
        return 2
    bot = make_bot(
        settings, shard_ids=shard_ids, shard_count=shard_count, sync_commands=sync_commands
    )
    try:
        asyncio.run(_run(bot, token))
    except KeyboardInterrupt:
        log.info("stopped by keyboard interrupt")
    return 0


async def _run(bot: WondersBot, token: str) -> None:
    async with bot:
        await bot.start(token)
