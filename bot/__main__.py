"""``wonders-bot``: parse the command line, read settings, configure logging, run the bot."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from bot.settings import Settings, load_settings

__all__ = ["main"]

_ENV_NAMES = {
    "discord_token": "DISCORD_TOKEN",
    "database": "WONDERS_DATABASE",
    "dev_guild": "WONDERS_DEV_GUILD",
    "log_level": "WONDERS_LOG_LEVEL",
    "discord_api_base": "DISCORD_API_BASE",
    "discord_gateway_url": "DISCORD_GATEWAY_URL",
    "ai_delay": "WONDERS_AI_DELAY",
    "ai_match_delay": "WONDERS_AI_MATCH_DELAY",
    "tick_seconds": "WONDERS_TICK_SECONDS",
    "sync_on_start": "WONDERS_SYNC_ON_START",
    "db_pool_size": "WONDERS_DB_POOL_SIZE",
    "takeover_seconds": "WONDERS_TAKEOVER_SECONDS",
    "agent_timeout": "WONDERS_AGENT_TIMEOUT",
    "agent_daily_turns": "WONDERS_AGENT_DAILY_TURNS",
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wonders-bot",
        description="Run the Wonders Table Discord bot (7 Wonders and 7 Wonders Duel). "
        "The token is read from DISCORD_TOKEN (environment or .env file).",
    )
    parser.add_argument(
        "--database",
        help="SQLite file or postgresql://user:pass@host:5432/db (overrides WONDERS_DATABASE)",
    )
    parser.add_argument(
        "--check-database",
        action="store_true",
        help="connect to the database, apply pending migrations and exit (0: ready)",
    )
    parser.add_argument("--log-level", help="CRITICAL/ERROR/WARNING/INFO/DEBUG")
    parser.add_argument(
        "--shard-count", type=_shard_count, help="total number of shards across all processes"
    )
    parser.add_argument(
        "--shard-ids",
        type=_shard_ids,
        help="comma-separated shard ids this process runs (requires --shard-count)",
    )
    parser.add_argument(
        "--sync-commands",
        action="store_true",
        help="sync slash commands globally at start-up (or to WONDERS_DEV_GUILD if set)",
    )
    return parser


def _shard_ids(text: str) -> list[int]:
    try:
        ids = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("shard ids must be integers, e.g. 0,1") from None
    if not ids or min(ids) < 0:
        raise argparse.ArgumentTypeError("give at least one shard id, each >= 0")
    if len(set(ids)) != len(ids):
        raise argparse.ArgumentTypeError("each shard id only once (one process runs a shard)")
    return ids


def _shard_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("the shard count must be an integer") from None
    if count < 1:
        raise argparse.ArgumentTypeError("the shard count must be at least 1")
    return count


def _database_problem(path: Path) -> str | None:
    """Why the SQLite file can't be used (checked before logging in), or None."""
    if path.is_dir():
        return f"WONDERS_DATABASE {path} is a directory; give a file such as {path / 'wonders.db'}"
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        return f"WONDERS_DATABASE {path}: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"WONDERS_DATABASE {path}: not writable by this user"
    return None


def _fail(message: str) -> int:
    print(f"wonders-bot: {message}", file=sys.stderr)
    return 2


def _read_settings(args: argparse.Namespace) -> Settings | str:
    try:
        return load_settings(database=args.database, log_level=args.log_level)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else "settings"
        return f"invalid {_ENV_NAMES.get(field, field)}: {first['msg']}"


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.shard_ids is not None and args.shard_count is None:
        return _fail("--shard-ids needs --shard-count")
    if args.shard_ids and args.shard_count and max(args.shard_ids) >= args.shard_count:
        return _fail("every shard id must be lower than --shard-count")
    settings = _read_settings(args)
    if isinstance(settings, str):
        return _fail(settings)
    problem = None if settings.uses_postgres() else _database_problem(Path(settings.database))
    if problem:
        return _fail(problem)
    if args.check_database:
        from bot.runner import check_database

        return check_database(settings)
    if settings.token() is None:
        return _fail(
            "DISCORD_TOKEN is not set: put your bot token in the environment or in a .env file"
        )
    logging.basicConfig(
        level=settings.log_level_number(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    from bot.profiling import start_from_env
    from bot.runner import run

    start_from_env()
    return run(
        settings,
        shard_ids=args.shard_ids,
        shard_count=args.shard_count,
        sync_commands=args.sync_commands,
    )


if __name__ == "__main__":
    sys.exit(main())
