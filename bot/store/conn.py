"""What the repositories talk to: one transaction's connection, the same for both backends.

Repositories write portable SQL with ``?`` placeholders; the PostgreSQL connection numbers them
(``$1``…) and spells SQLite's null-safe ``IS ?`` / ``IS NOT ?`` the standard way. Everything
else (upserts with ``ON CONFLICT``, ``CASE`` instead of two-argument ``MIN``) is written once in
the dialect both understand.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

__all__ = ["Conn", "Done", "integrity_errors", "pg_sql"]


@dataclass(frozen=True, slots=True)
class Done:
    """A statement's effect: rows changed (``-1``: not reported) and the new row's id."""

    rowcount: int
    lastrowid: int | None = None


class Conn(Protocol):
    """One transaction's connection (``StoreBase._write`` / ``_read`` yield it)."""

    async def execute(self, sql: str, args: Iterable[object] = ()) -> Done: ...

    async def execute_fetchall(self, sql: str, args: Iterable[object] = ()) -> list[Any]: ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None: ...

    async def insert_id(self, sql: str, args: Iterable[object] = ()) -> int:
        """Run an INSERT into a table with an ``id`` key and return the new row's id."""
        ...


def integrity_errors() -> tuple[type[BaseException], ...]:
    """Exceptions meaning "a constraint refused the row", on either backend."""
    try:
        import asyncpg
    except ImportError:  # the [postgres] extra is not installed: SQLite only
        return (sqlite3.IntegrityError,)
    return (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


_NULL_SAFE = re.compile(r"\bIS\s+(NOT\s+)?\?")


@lru_cache(maxsize=512)
def pg_sql(sql: str) -> str:
    """``sql`` with PostgreSQL placeholders: ``?`` -> ``$n``, ``IS ?`` -> ``IS NOT DISTINCT
    FROM $n``, ``IS NOT ?`` -> ``IS DISTINCT FROM $n``. Our SQL has no ``?`` in literals."""
    sql = _NULL_SAFE.sub(
        lambda m: "IS DISTINCT FROM ?" if m.group(1) else "IS NOT DISTINCT FROM ?", sql
    )
    parts = sql.split("?")
    out = [parts[0]]
    for n, part in enumerate(parts[1:], start=1):
        out.append(f"${n}{part}")
    return "".join(out)
