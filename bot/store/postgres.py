"""The PostgreSQL backend (``pip install "wonders-table[postgres]"``): an asyncpg pool shared
by the process's coroutines; several processes share the database.

Cross-process correctness comes from the database: every append starts with the guarded
UPDATE of the game's row (``StoreBase._cas_version``), which row-locks it until commit, so two
processes' appends to one game are serialised and the later one sees ``VersionConflict``.
Connection failures become ``DatabaseUnavailable`` naming host and database, never the password.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from .conn import Done, pg_sql
from .errors import DatabaseUnavailable

if TYPE_CHECKING:
    import asyncpg

__all__ = ["DEFAULT_POOL_SIZE", "PostgresBackend", "describe_url", "is_postgres_url"]

DEFAULT_POOL_SIZE = 10
CONNECT_TIMEOUT_S = 10.0


def is_postgres_url(database: str) -> bool:
    """Whether the database setting names a PostgreSQL server (anything else: a SQLite file)."""
    return database.startswith(("postgresql://", "postgres://"))


def describe_url(url: str) -> str:
    """``host:port/database`` of a PostgreSQL URL: safe to print (no user, no password)."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or "localhost"
        port = parts.port or 5432
    except ValueError:
        return "an unparsable PostgreSQL URL"
    name = unquote(parts.path.lstrip("/")) or "(default database)"
    return f"{host}:{port}/{name}"


class PgConn:
    """``Conn`` over one asyncpg connection (placeholders rewritten by ``pg_sql``)."""

    def __init__(self, conn: asyncpg.Connection[asyncpg.Record]) -> None:
        self._c = conn

    async def execute(self, sql: str, args: Iterable[object] = ()) -> Done:
        values = tuple(args)
        status = (
            await self._c.execute(pg_sql(sql), *values) if values else await self._c.execute(sql)
        )
        last = status.rsplit(" ", 1)[-1]
        return Done(int(last) if last.isdigit() else -1)

    async def execute_fetchall(self, sql: str, args: Iterable[object] = ()) -> list[Any]:
        return list(await self._c.fetch(pg_sql(sql), *tuple(args)))

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        rows = [tuple(r) for r in rows]
        if rows:
            await self._c.executemany(pg_sql(sql), rows)

    async def insert_id(self, sql: str, args: Iterable[object] = ()) -> int:
        return int(await self._c.fetchval(pg_sql(sql) + " RETURNING id", *tuple(args)))


class PostgresBackend:
    """A pool of ``pool_size`` connections; each transaction takes one."""

    dialect = "postgres"

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], where: str) -> None:
        self.pool = pool
        self.where = where

    @classmethod
    async def open(cls, url: str, pool_size: int = DEFAULT_POOL_SIZE) -> PostgresBackend:
        """Connect (raising ``DatabaseUnavailable`` with a one-line, password-free reason)."""
        where = describe_url(url)
        try:
            import asyncpg
        except ImportError:
            raise DatabaseUnavailable(
                f'PostgreSQL at {where} needs asyncpg: pip install "wonders-table[postgres]"'
            ) from None
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=pool_size, timeout=CONNECT_TIMEOUT_S
            )
        except (OSError, TimeoutError) as exc:
            raise DatabaseUnavailable(
                f"can't reach PostgreSQL at {where}: {_reason(exc)}"
            ) from None
        except (asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
            raise DatabaseUnavailable(f"PostgreSQL at {where} refused us: {_reason(exc)}") from None
        return cls(pool, where)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[PgConn]:
        async with self.pool.acquire() as conn, conn.transaction():
            yield PgConn(conn)

    @asynccontextmanager
    async def single(self) -> AsyncIterator[PgConn]:
        async with self.pool.acquire() as conn:
            yield PgConn(conn)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PgConn]:
        async with (
            self.pool.acquire() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PgConn(conn)

    async def close(self) -> None:
        await self.pool.close()


def _reason(exc: BaseException) -> str:
    """The first line of an error, stripped of anything that looks like a URL with a password."""
    text = (str(exc) or type(exc).__name__).splitlines()[0]
    return " ".join("<url>" if "://" in word else word for word in text.split())
