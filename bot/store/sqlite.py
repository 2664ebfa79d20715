"""The SQLite backend: one connection per process, transactions serialised on it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import aiosqlite

from .conn import Done

__all__ = [
    "BUSY_TIMEOUT_MS",
    "DEFAULT_SYNCHRONOUS",
    "SYNCHRONOUS_MODES",
    "SqliteBackend",
    "connect",
]

#: How long a writer waits for another process's write lock (several shards may share a file).
BUSY_TIMEOUT_MS = 10_000

#: Default ``PRAGMA synchronous`` (setting ``WONDERS_SQLITE_SYNCHRONOUS``). NORMAL: in WAL mode
#: a commit is written to the WAL file before we return, so a committed move survives a crash or
#: kill of the bot process (the failure we must survive; tests/store/test_crash.py kills a writer
#: mid-stream), and the database never corrupts; only the last commits before a power loss or
#: OS crash may be lost, because the WAL is fsynced at checkpoints instead of at every commit.
#: FULL fsyncs every commit (survives power loss too) but measured append p99 16-44 ms under load
#: vs 3.4 ms for NORMAL (tests/bench/bench_store.py; target p99 <= 10 ms).
DEFAULT_SYNCHRONOUS = "NORMAL"
SYNCHRONOUS_MODES = ("NORMAL", "FULL")


async def connect(path: str, synchronous: str = DEFAULT_SYNCHRONOUS) -> aiosqlite.Connection:
    """Open ``path`` configured for this workload (many small writes, few readers)."""
    synchronous = synchronous.upper()
    if synchronous not in SYNCHRONOUS_MODES:
        raise ValueError("synchronous must be FULL or NORMAL")
    # isolation_level=None: we issue BEGIN/COMMIT ourselves so every transaction is explicit.
    db = await aiosqlite.connect(path, isolation_level=None)
    try:
        await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        # WAL: readers never block the writer, and a commit is one sequential append.
        await db.execute("PRAGMA journal_mode = WAL")
        # Why NORMAL by default, and when to choose FULL: see DEFAULT_SYNCHRONOUS above.
        await db.execute(f"PRAGMA synchronous = {synchronous}")
        await db.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        await db.close()
        raise
    return db


class SqliteConn:
    """``Conn`` over an aiosqlite connection (SQL passes through unchanged)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, args: Iterable[object] = ()) -> Done:
        cur = await self._db.execute(sql, tuple(args))
        return Done(cur.rowcount, cur.lastrowid)

    # execute_fetchall is one hop to the connection thread (execute + fetch + close would be
    # three): under load every hop is a context switch, and hops dominate a small query.
    async def execute_fetchall(self, sql: str, args: Iterable[object] = ()) -> list[Any]:
        return list(await self._db.execute_fetchall(sql, tuple(args)))

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        await self._db.executemany(sql, [tuple(r) for r in rows])

    async def insert_id(self, sql: str, args: Iterable[object] = ()) -> int:
        cur = await self._db.execute(sql, tuple(args))
        assert cur.lastrowid is not None
        return int(cur.lastrowid)


class SqliteBackend:
    """Owns the connection. One connection per process; an asyncio lock serialises
    transactions on it (coroutines would otherwise interleave statements of two
    transactions), and ``BEGIN IMMEDIATE`` + ``busy_timeout`` serialise processes."""

    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self.db = db
        self.path = path
        self._conn = SqliteConn(db)
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[SqliteConn]:
        """One write transaction: everything inside commits together or not at all."""
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                # SQLite may already have rolled back by itself (e.g. disk full): don't let a
                # second error hide the first.
                if self.db.in_transaction:
                    await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[SqliteConn]:
        """A consistent read snapshot across several SELECTs."""
        async with self._lock:
            await self.db.execute("BEGIN")
            try:
                yield self._conn
            finally:
                await self.db.execute("COMMIT")

    def single(self) -> AbstractAsyncContextManager[SqliteConn]:
        """SQLite: a write transaction (one connection serves the whole process)."""
        return self.write()

    async def close(self) -> None:
        await self.db.close()
