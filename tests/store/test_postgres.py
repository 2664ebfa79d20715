"""PostgreSQL specifics: migrations and the newer-database refusal, the append-only triggers,
two processes (two pools) on one database, and connection errors that never show a password.
The behaviour shared with SQLite is tested once for both (the ``store`` fixture)."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import (
    DatabaseUnavailable,
    SchemaTooNew,
    VersionConflict,
    code_schema_version,
    open_store,
)
from bot.store.conn import pg_sql
from bot.store.postgres import describe_url, is_postgres_url
from tests.ports import refused_port

from .conftest import running_game

pytestmark = pytest.mark.postgres


def test_placeholders_and_null_safe_comparisons_are_rewritten() -> None:
    assert pg_sql("SELECT 1 FROM t WHERE a = ? AND b IS ? AND c IS NOT ?") == (
        "SELECT 1 FROM t WHERE a = $1 AND b IS NOT DISTINCT FROM $2 AND c IS DISTINCT FROM $3"
    )
    assert pg_sql("UPDATE t SET x = 1 WHERE y IS NULL") == "UPDATE t SET x = 1 WHERE y IS NULL"


def test_url_description_never_holds_the_password() -> None:
    url = "postgresql://bot:s3cr3t-pw@db.example:6543/wonders"
    assert is_postgres_url(url) and not is_postgres_url("./wonders.db")
    assert describe_url(url) == "db.example:6543/wonders"
    assert "s3cr3t" not in describe_url(url)


@pytest.mark.asyncio
async def test_migrations_and_newer_database_refused(pg_url: str) -> None:
    for _ in range(2):  # reopening is idempotent
        async with open_store(pg_url) as store:
            assert store.dialect == "postgres"
            assert await store.schema_version() == code_schema_version()
    async with open_store(pg_url) as store, store._write() as db:
        await db.execute(
            "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
            (999, "0999_future.postgres.sql", 0.0),
        )
    with pytest.raises(SchemaTooNew, match="newer than this code"):
        async with open_store(pg_url):
            pass


@pytest.mark.asyncio
async def test_processes_starting_together_migrate_once(pg_url: str) -> None:
    async def start() -> int:
        async with open_store(pg_url, pool_size=2) as store:
            return await store.schema_version()

    assert await asyncio.gather(*(start() for _ in range(4))) == [code_schema_version()] * 4


@pytest.mark.asyncio
async def test_truncate_of_moves_is_refused(pg_url: str) -> None:
    async with open_store(pg_url) as store:
        gid = await running_game(store)
        await store.append_move(gid, 0, 0, "a")
        with pytest.raises(Exception, match="append-only"):
            async with store._write() as db:
                await db.execute("TRUNCATE moves")
        assert (await store.load_game(gid)).move_texts == ["a"]


@pytest.mark.asyncio
async def test_two_processes_append_to_one_game_once(pg_url: str) -> None:
    """Two pools stand for two bot processes: the database serialises their appends (the
    game's row lock + version compare-and-swap), so exactly one move per version gets in."""
    async with open_store(pg_url, pool_size=4) as a, open_store(pg_url, pool_size=4) as b:
        gid = await running_game(a)
        for version in range(5):
            results = await asyncio.gather(
                *((a if i % 2 else b).append_move(gid, version, 0, f"m{i}") for i in range(12)),
                return_exceptions=True,
            )
            assert results.count(version + 1) == 1, results
            assert sum(isinstance(r, VersionConflict) for r in results) == 11
        record = await b.load_game(gid)
        assert record.version == len(record.moves) == 5


@pytest.mark.asyncio
async def test_unreachable_server_is_one_line_without_password() -> None:
    with refused_port() as port, pytest.raises(DatabaseUnavailable) as info:
        url = f"postgresql://bot:hunter2-secret@127.0.0.1:{port}/wonders"
        async with open_store(url):
            pass
    text = str(info.value)
    assert "127.0.0.1" in text and "/wonders" in text and "\n" not in text
    assert "hunter2" not in text and info.value.__cause__ is None


@pytest.mark.asyncio
async def test_wrong_database_and_password_are_named_without_password(pg_admin_url: str) -> None:
    base = pg_admin_url.rpartition("/")[0]
    with pytest.raises(DatabaseUnavailable) as info:
        async with open_store(f"{base}/no_such_database_here"):
            pass
    assert "no_such_database_here" in str(info.value) and "refused" in str(info.value)
    wrong_user = base.replace("postgresql://postgres@", "postgresql://nobody:hunter2-pw@")
    with pytest.raises(DatabaseUnavailable) as info:
        async with open_store(f"{wrong_user}/postgres"):
            pass
    assert "hunter2" not in str(info.value) and "\n" not in str(info.value)
