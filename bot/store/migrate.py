"""Applying the numbered SQL files of ``migrations/`` (each in its own transaction)."""

from __future__ import annotations

import time

import aiosqlite

from migrations import migration_files

from .errors import SchemaTooNew

__all__ = ["apply_migrations", "code_schema_version", "current_version", "migrations"]

_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at REAL NOT NULL
)"""


def migrations() -> list[tuple[int, str, str]]:
    """(number, file name, SQL) of every migration file, in order."""
    out = []
    for f in migration_files():
        number = int(f.name.split("_", 1)[0])
        out.append((number, f.name, f.read_text(encoding="utf-8")))
    numbers = [n for n, _, _ in out]
    # Gaps are allowed (branches reserve numbers, e.g. 0010 while 0007-0009 are pending);
    # each number is applied once, whatever order the files arrived in.
    if numbers != sorted(set(numbers)) or (numbers and numbers[0] < 1):
        raise RuntimeError(f"migration numbers must be unique and >= 1, got {numbers}")
    return out


def code_schema_version() -> int:
    """The schema version this code brings a database to (its highest migration)."""
    return max((n for n, _, _ in migrations()), default=0)


async def _applied(db: aiosqlite.Connection) -> set[int]:
    async with db.execute("SELECT version FROM schema_version") as cur:
        return {int(r[0]) for r in await cur.fetchall()}


async def current_version(db: aiosqlite.Connection) -> int:
    """The highest migration recorded in the database (0 for an empty one)."""
    await db.execute(_VERSION_TABLE)
    async with db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version") as cur:
        row = await cur.fetchone()
    return int(row[0]) if row else 0


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (complete_statement handles triggers' inner ';')."""
    import sqlite3

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
    """Bring ``db`` (opened with ``isolation_level=None``) to ``target`` (default: latest).

    Each migration runs in its own ``BEGIN IMMEDIATE`` transaction together with its
    ``schema_version`` row, so a crash leaves the database at a whole version. Refuses a
    database newer than the code with ``SchemaTooNew``. Returns the resulting version.
    """
    steps = migrations()
    latest = code_schema_version()
    target = latest if target is None else target
    have = await current_version(db)
    if have > latest:
        raise SchemaTooNew(have, latest)
    applied = await _applied(db)
    for number, name, sql in steps:
        # Not "number <= have": a lower number merged after a higher one still runs.
        if number in applied or number > target:
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
