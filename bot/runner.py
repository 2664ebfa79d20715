"""Start-up: build the bot from settings and run it until it stops (called by ``bot.__main__``).

Failures an operator can fix (database unreachable or refusing us, a newer database, a token
Discord rejects, Discord unreachable) end in one line on stderr and exit code 2, never a
traceback, and never show the token or the database password.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Sequence

import aiohttp
import discord

from bot.client import WondersBot, make_bot
from bot.settings import Settings
from bot.store import DatabaseUnavailable, SchemaTooNew, open_store

__all__ = ["WondersBot", "check_database", "make_bot", "run"]

log = logging.getLogger(__name__)


class _NoVoiceWarnings(logging.Filter):
    """discord.py warns at start-up that voice libraries are missing; this bot has no voice."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


def silence_voice_warnings() -> None:
    logging.getLogger("discord.client").addFilter(_NoVoiceWarnings())


def _fail(message: str) -> int:
    print(f"wonders-bot: {message}", file=sys.stderr)
    return 2


async def _migrated(settings: Settings) -> int:
    async with open_store(settings.database, settings.sqlite_synchronous, pool_size=1) as store:
        return await store.schema_version()


def _database_ready(settings: Settings) -> int | str:
    """Connect and migrate: the schema version, or the one-line reason it failed."""
    try:
        return asyncio.run(_migrated(settings))
    except (DatabaseUnavailable, SchemaTooNew) as exc:
        return str(exc)
    except OSError as exc:  # a SQLite file that can't be opened
        return f"database {settings.database_label()}: {exc.strerror or exc}"


def check_database(settings: Settings) -> int:
    """``--check-database``: connect, migrate, print the schema version; exit 0 or 2."""
    version = _database_ready(settings)
    if isinstance(version, str):
        return _fail(version)
    print(f"wonders-bot: database {settings.database_label()} is ready (schema {version})")
    return 0


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
    silence_voice_warnings()
    # The database first: a wrong URL is reported as such, before anything talks to Discord.
    ready = _database_ready(settings)
    if isinstance(ready, str):
        return _fail(ready)
    bot = make_bot(
        settings, shard_ids=shard_ids, shard_count=shard_count, sync_commands=sync_commands
    )
    discord_at = settings.discord_api_base or "discord.com"
    try:
        asyncio.run(_run(bot, token))
    except KeyboardInterrupt:
        log.info("stopped by keyboard interrupt")
    except (DatabaseUnavailable, SchemaTooNew) as exc:
        return _fail(str(exc))
    except discord.LoginFailure:
        return _fail("Discord rejected the token (DISCORD_TOKEN): check it in the developer portal")
    except discord.PrivilegedIntentsRequired:
        return _fail("Discord refused a privileged intent this bot asked for")
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound, TimeoutError) as exc:
        reason = type(exc).__name__
        return _fail(f"can't reach Discord at {discord_at} ({reason}); check the network")
    return 0


async def _run(bot: WondersBot, token: str) -> None:
    async with bot:
        await bot.start(token)
