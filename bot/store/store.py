"""``Store`` (all repositories on one connection) and ``open_store``."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from .core import DEFAULT_SYNCHRONOUS, connect
from .games import GameRepo
from .guilds import GuildRepo
from .migrate import apply_migrations
from .notify import NotifyRepo
from .options import OptionsRepo
from .picks import PickRepo
from .schedule import ScheduleRepo

__all__ = ["Store", "open_store"]


class Store(GameRepo, GuildRepo, ScheduleRepo, OptionsRepo, PickRepo, NotifyRepo):
    """The bot's only door to the database. Get one with ``open_store``."""

    async def schema_version(self) -> int:
        """The migration number the database is at."""
        async with self._read() as db:
            row = await self._one(db, "SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(row[0])


@asynccontextmanager
async def open_store(
    path: str | os.PathLike[str], synchronous: str = DEFAULT_SYNCHRONOUS
) -> AsyncIterator[Store]:
    """Open (creating if needed) the database at ``path``, apply pending migrations and yield
    a ``Store``; closes it on exit. Raises ``SchemaTooNew`` for a database from newer code.
    ``synchronous``: "NORMAL" (default; durable through process crashes) or "FULL" (also
    through power loss; slower commits) - see ``core.DEFAULT_SYNCHRONOUS``."""
    p = os.fspath(path)
    db = await connect(p, synchronous)
    try:
        await apply_migrations(db)
        store = Store(db, p)
        yield store
    finally:
        await db.close()
