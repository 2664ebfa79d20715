"""Connection set-up and the transaction helpers every repository mixin uses."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from .errors import GameNotFound, InvalidGameState, VersionConflict

__all__ = ["BUSY_TIMEOUT_MS", "DEFAULT_SYNCHRONOUS", "SYNCHRONOUS_MODES", "StoreBase", "connect"]

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


class StoreBase:
    """Owns the connection. One connection per process; an asyncio lock serialises
    transactions on it (coroutines would otherwise interleave statements of two
    transactions), and ``BEGIN IMMEDIATE`` + ``busy_timeout`` serialise processes."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()

    @staticmethod
    def _now() -> float:
        return time.time()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: everything inside commits together or not at all."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                # SQLite may already have rolled back by itself (e.g. disk full): don't let a
                # second error hide the first.
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A consistent read snapshot across several SELECTs."""
        async with self._lock:
            await self._db.execute("BEGIN")
            try:
                yield self._db
            finally:
                await self._db.execute("COMMIT")

    # execute_fetchall is one hop to the connection thread (execute + fetch + close would be
    # three): under load every hop is a context switch, and hops dominate a small query.
    @staticmethod
    async def _all(db: aiosqlite.Connection, sql: str, args: Iterable[Any] = ()) -> list[Any]:
        return list(await db.execute_fetchall(sql, tuple(args)))

    @staticmethod
    async def _one(db: aiosqlite.Connection, sql: str, args: Iterable[Any] = ()) -> Any:
        rows = await db.execute_fetchall(sql, tuple(args))
        return next(iter(rows), None)

    async def _status(self, db: aiosqlite.Connection, game_id: int) -> tuple[str, int]:
        """A game's (status, version); raises ``GameNotFound``."""
        row = await self._one(db, "SELECT status, version FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(f"no game {game_id}")
        return str(row[0]), int(row[1])

    async def _cas_version(
        self, db: aiosqlite.Connection, game_id: int, expected_version: int, now: float
    ) -> None:
        """Move a running game from ``expected_version`` to the next (the compare-and-swap
        every append starts with), or raise ``VersionConflict`` / ``InvalidGameState``."""
        cur = await db.execute(
            "UPDATE games SET version = ?, updated_at = ? "
            "WHERE id = ? AND version = ? AND status = 'running'",
            (expected_version + 1, now, game_id, expected_version),
        )
        if cur.rowcount != 1:
            status, version = await self._status(db, game_id)
            if version != expected_version:
                raise VersionConflict(game_id, expected_version, version)
            raise InvalidGameState(f"game {game_id} is {status}, not running")

    async def _insert_move(
        self, db: aiosqlite.Connection, game_id: int, seq: int, seat: int, text: str, now: float
    ) -> None:
        try:
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, move_text, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, seat, text, now),
            )
        except sqlite3.IntegrityError as exc:  # only if the log and version drifted
            raise VersionConflict(game_id, seq - 1, seq) from exc

    async def close(self) -> None:
        """Close the connection (``open_store`` does this for you)."""
        await self._db.close()
