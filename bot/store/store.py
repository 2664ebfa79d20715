"""``Store`` (all repositories on one backend) and ``open_store``."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from .agents import AgentRepo, HintRepo
from .core import DEFAULT_SYNCHRONOUS, Backend, connect
from .games import GameRepo
from .guilds import GuildRepo
from .leases import LeaseRepo
from .migrate import apply_migrations, apply_pg_migrations
from .notify import NotifyRepo, TurnPingRepo
from .options import OptionsRepo
from .picks import PickRepo
from .postgres import DEFAULT_POOL_SIZE, PostgresBackend, is_postgres_url
from .schedule import ScheduleRepo
from .sqlite import SqliteBackend

__all__ = ["Store", "open_store"]


class Store(
    GameRepo,
    GuildRepo,
    ScheduleRepo,
    OptionsRepo,
    PickRepo,
    LeaseRepo,
    NotifyRepo,
    TurnPingRepo,
    AgentRepo,
    HintRepo,
):
    """The bot's only door to the database. Get one with ``open_store``."""

    def __init__(self, backend: Backend) -> None:
        super().__init__(backend)
        # SQLite: the file and its connection (tests and benchmarks look at pragmas).
        self.path = backend.path if isinstance(backend, SqliteBackend) else None
        self._db = backend.db if isinstance(backend, SqliteBackend) else None

    async def schema_version(self) -> int:
        """The migration number the database is at."""
        async with self._read() as db:
            row = await self._one(db, "SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(row[0])


@asynccontextmanager
async def open_store(
    database: str | os.PathLike[str],
    synchronous: str = DEFAULT_SYNCHRONOUS,
    pool_size: int = DEFAULT_POOL_SIZE,
) -> AsyncIterator[Store]:
    """Open the database, apply pending migrations and yield a ``Store``; closes it on exit.

    ``database``: a ``postgresql://user:pass@host:5432/db`` URL (asyncpg pool of ``pool_size``
    connections; raises ``DatabaseUnavailable`` if it can't connect), or else a SQLite file
    (created if needed; ``synchronous``: "NORMAL" (default; durable through process crashes)
    or "FULL" (also through power loss; slower commits) - see ``core.DEFAULT_SYNCHRONOUS``).
    Raises ``SchemaTooNew`` for a database from newer code."""
    p = os.fspath(database)
    backend: Backend
    if is_postgres_url(p):
        pg = await PostgresBackend.open(p, pool_size)
        backend = pg
        try:
            async with pg.pool.acquire() as conn:
                await apply_pg_migrations(conn)
        except BaseException:
            await pg.close()
            raise
    else:
        db = await connect(p, synchronous)
        backend = SqliteBackend(db, p)
        try:
            await apply_migrations(db)
        except BaseException:
            await db.close()
            raise
    try:
        yield Store(backend)
    finally:
        await backend.close()
