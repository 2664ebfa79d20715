"""Applying the numbered SQL files of ``migrations/`` (each in its own transaction).

File names: ``NNNN_name.sql`` runs on every backend; where the SQL differs, the number has one
file per dialect instead, ``NNNN_name.sqlite.sql`` and ``NNNN_name.postgres.sql``. Both
backends record the same numbers in ``schema_version`` and refuse a newer database.
"""

from __future__ import annotations

import sqlite3
import time
from typing import TYPE_CHECKING

import aiosqlite

from migrations import migration_files

from .errors import SchemaTooNew

if TYPE_CHECKING:
    import asyncpg

__all__ = [
    "DIALECTS",
    "apply_migrations",
    "apply_pg_migrations",
    "code_schema_version",
    "current_version",
    "migrations",
]

DIALECTS = ("sqlite", "postgres")

_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at {real} NOT NULL
)"""

#: pg_advisory_xact_lock key: processes starting together migrate one after the other.
_PG_MIGRATION_LOCK = 0x57_6F_6E_64  # "Wond"


def _dialect_of(name: str) -> str | None:
    for d in DIALECTS:
        if name.endswith(f".{d}.sql"):
            return d
    return None


def migrations(dialect: str = "sqlite") -> list[tuple[int, str, str]]:
    """(number, file name, SQL) of every migration for ``dialect``, in order."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown SQL dialect {dialect!r}")
    chosen: dict[int, tuple[str, str]] = {}
    for f in migration_files():
        number, which = int(f.name.split("_", 1)[0]), _dialect_of(f.name)
        if which not in (None, dialect):
            continue
        if number in chosen and which is None:
            continue  # this dialect's own file wins over a shared one
        chosen[number] = (f.name, f.read_text(encoding="utf-8"))
    numbers = sorted(chosen)
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"{dialect} migration numbers must be 1..N without gaps, got {numbers}")
    return [(n, *chosen[n]) for n in numbers]


def code_schema_version() -> int:
    """The schema version this code brings a database to (the same for every dialect)."""
    versions = {len(migrations(d)) for d in DIALECTS}
    if len(versions) != 1:
        raise RuntimeError("every dialect needs every migration number")
    return versions.pop()


async def current_version(db: aiosqlite.Connection) -> int:
    """The highest migration recorded in the database (0 for an empty one)."""
    await db.execute(_VERSION_TABLE.format(real="REAL"))
    async with db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version") as cur:
        row = await cur.fetchone()
    return int(row[0]) if row else 0


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (complete_statement handles triggers' inner ';')."""
    out: list[str] = []
    buf = ""
    for line in sql.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                out.append(buf.strip())
            buf = ""
    if buf.strip() and not all(
        ln.strip().startswith("--") or not ln.strip() for ln in buf.splitlines()
    ):
        raise RuntimeError(f"incomplete SQL statement at end of migration: {buf!r}")
    return out


async def apply_migrations(db: aiosqlite.Connection, target: int | None = None) -> int:
    """Bring the SQLite ``db`` (opened with ``isolation_level=None``) to ``target`` (default:
    latest).

    Each migration runs in its own ``BEGIN IMMEDIATE`` transaction together with its
    ``schema_version`` row, so a crash leaves the database at a whole version. Refuses a
    database newer than the code with ``SchemaTooNew``. Returns the resulting version.
    """
    steps = migrations("sqlite")
    latest = len(steps)
    target = latest if target is None else target
    have = await current_version(db)
    if have > latest:
        raise SchemaTooNew(have, latest)
    for number, name, sql in steps:
        if number <= have or number > target:
            continue
        await db.execute("BEGIN IMMEDIATE")
        try:
            # Re-check inside the write lock: another process may have migrated meanwhile.
            async with db.execute(
                "SELECT 1 FROM schema_version WHERE version = ?", (number,)
            ) as cur:
                done = await cur.fetchone()
            if not done:
                # Statement by statement: executescript() would COMMIT our transaction.
                for stmt in _statements(sql):
                    await db.execute(stmt)
                await db.execute(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                    (number, name, time.time()),
                )
            await db.execute("COMMIT")
        except BaseException:
            await db.execute("ROLLBACK")
            raise
    return await current_version(db)


async def _pg_version(conn: asyncpg.Connection[asyncpg.Record]) -> int:
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))


async def apply_pg_migrations(
    conn: asyncpg.Connection[asyncpg.Record], target: int | None = None
) -> int:
    """Bring a PostgreSQL database to ``target`` (default: latest): each migration in its own
    transaction with its ``schema_version`` row, under an advisory lock so that processes
    starting together never run one twice. Refuses a newer database (``SchemaTooNew``)."""
    steps = migrations("postgres")
    latest = len(steps)
    target = latest if target is None else target
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _PG_MIGRATION_LOCK)
        await conn.execute(_VERSION_TABLE.format(real="DOUBLE PRECISION"))
        have = await _pg_version(conn)
    if have > latest:
        raise SchemaTooNew(have, latest)
    for number, name, sql in steps:
        if number <= have or number > target:
            continue
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _PG_MIGRATION_LOCK)
            done = await conn.fetchval("SELECT 1 FROM schema_version WHERE version = $1", number)
            if not done:
                await conn.execute(sql)  # no arguments: the simple protocol runs the whole file
                await conn.execute(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)",
                    number,
                    name,
                    time.time(),
                )
    return await _pg_version(conn)
