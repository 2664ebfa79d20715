"""Migrations: empty database, every earlier version, newer-than-code refusal, pragmas."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.store import SchemaTooNew, apply_migrations, code_schema_version, open_store
from bot.store.core import connect
from bot.store.migrate import migrations
from migrations import migration_files
from tests.sqlite_file import sqlite_file


def _schema(path: Path) -> list[tuple[str, str]]:
    with sqlite_file(path) as con:
        rows = con.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()
    return [(t, sql) for t, _n, sql in rows]


def test_migration_files_are_numbered() -> None:
    names = [f.name for f in migration_files()]
    assert names[0].startswith("0001_")
    assert code_schema_version() >= 7
    for dialect in ("sqlite", "postgres"):
        steps = migrations(dialect)
        assert [n for n, _, _ in steps] == list(range(1, code_schema_version() + 1))
        # Each number: this dialect's own file, else a shared one (never the other dialect's).
        other = "postgres" if dialect == "sqlite" else "sqlite"
        assert not any(name.endswith(f".{other}.sql") for _, name, _ in steps)
    assert all(n.endswith(".sql") for n in names)


@pytest.mark.asyncio
async def test_empty_database_gets_every_migration(tmp_path: Path) -> None:
    async with open_store(tmp_path / "a.db") as store:
        assert await store.schema_version() == code_schema_version()
    with sqlite_file(tmp_path / "a.db") as con:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        versions = [r[0] for r in con.execute("SELECT version FROM schema_version")]
    assert {
        "games",
        "seats",
        "moves",
        "snapshots",
        "bot_messages",
        "guild_settings",
        "deadlines",
        "results",
        "schema_version",
    } <= tables
    assert versions == [n for n, _, _ in migrations()]


@pytest.mark.asyncio
@pytest.mark.parametrize("start", range(0, code_schema_version()))
async def test_upgrade_from_each_earlier_version(tmp_path: Path, start: int) -> None:
    fresh, old = tmp_path / "fresh.db", tmp_path / "old.db"
    async with open_store(fresh):
        pass
    db = await connect(str(old))
    try:
        assert await apply_migrations(db, target=start) == start
        if start >= 1:  # data written at the old version survives the upgrade
            await db.execute(
                "INSERT INTO games (channel_id, kind, config, seed, rules_version, "
                "created_at, updated_at) VALUES (1, 'duel', '{}', 3, 'r', 0, 0)"
            )
    finally:
        await db.close()
    async with open_store(old) as store:
        assert await store.schema_version() == code_schema_version()
        if start >= 1:
            assert (await store.load_game(1)).seed == 3
    assert _schema(old) == _schema(fresh)


@pytest.mark.asyncio
async def test_reopening_is_idempotent(tmp_path: Path) -> None:
    for _ in range(3):
        async with open_store(tmp_path / "a.db") as store:
            assert await store.schema_version() == code_schema_version()


@pytest.mark.asyncio
async def test_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    async with open_store(path):
        pass
    with sqlite_file(path) as con:
        con.execute("INSERT INTO schema_version VALUES (999, '0999_future.sql', 0)")
    with pytest.raises(SchemaTooNew, match="newer than this code") as info:
        async with open_store(path):
            pass
    assert info.value.db_version == 999


@pytest.mark.asyncio
async def test_failed_migration_leaves_whole_version(tmp_path: Path) -> None:
    db = await connect(str(tmp_path / "a.db"))
    try:
        await apply_migrations(db, target=1)
        # A table a later migration creates already exists: that migration fails and rolls back.
        await db.execute("CREATE TABLE guild_settings (x)")
        with pytest.raises(sqlite3.OperationalError):
            await apply_migrations(db)
        async with db.execute("SELECT MAX(version) FROM schema_version") as cur:
            assert (await cur.fetchone()) == (1,)
        async with db.execute("SELECT name FROM sqlite_master WHERE name = 'deadlines'") as cur:
            assert await cur.fetchone() is None
    finally:
        await db.close()


@pytest.mark.asyncio
async def test_pragmas(tmp_path: Path) -> None:
    async with open_store(tmp_path / "a.db") as store:
        db: aiosqlite.Connection = store._db
        for pragma, want in [
            ("journal_mode", "wal"),
            ("foreign_keys", 1),
            ("synchronous", 1),
            ("busy_timeout", 10_000),
        ]:
            async with db.execute(f"PRAGMA {pragma}") as cur:
                assert (await cur.fetchone())[0] == want


@pytest.mark.asyncio
async def test_synchronous_choice(tmp_path: Path) -> None:
    for mode, number in (("FULL", 2), ("normal", 1)):
        async with open_store(tmp_path / "a.db", synchronous=mode) as store:
            rows = await store._db.execute_fetchall("PRAGMA synchronous")
            assert list(rows) == [(number,)]
    with pytest.raises(ValueError):
        async with open_store(tmp_path / "b.db", synchronous="OFF"):
            pass


@pytest.mark.asyncio
async def test_0003_moves_option_markers_into_columns(tmp_path: Path) -> None:
    path = tmp_path / "v2.db"
    db = await connect(str(path))
    try:
        await apply_migrations(db, target=2)
        for gid in (1, 2):
            await db.execute(
                "INSERT INTO games (channel_id, kind, config, seed, rules_version, "
                "status, created_at, updated_at) "
                "VALUES (1, 'classic', '{}', 3, 'r', 'running', 0, 0)"
            )
            for seat in range(3):
                await db.execute(
                    "INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (?, ?, ?, 0)",
                    (gid, seat, 100 + seat),
                )
        markers = [
            (1, "timer", 3600, None, 5.0),
            (1, "resigned", 0, 2, 7.0),
            (1, "board", 555, None, 8.0),
            (2, "resign", 556, None, 9.0),
        ]
        for game, kind, message, seat, at in markers:
            await db.execute(
                "INSERT INTO bot_messages (game_id, kind, channel_id, message_id, "
                "seat, created_at) VALUES (?, ?, 1, ?, ?, ?)",
                (game, kind, message, seat, at),
            )
    finally:
        await db.close()
    async with open_store(path) as store:
        first, second = await store.get_game(1), await store.get_game(2)
        assert (first.turn_timer_s, second.turn_timer_s) == (3600, 0)
        assert [s.resigned for s in first.seats] == [False, False, True]
        assert first.seats[2].resigned_at is not None
        assert first.seats[2].resigned_at.timestamp() == 7.0
        assert not any(s.resigned for s in second.seats)
        assert [m.kind for m in await store.list_messages(1)] == ["board"]
        assert [m.kind for m in await store.list_messages(2)] == ["resign"]


def test_synchronous_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    from pydantic import ValidationError

    from bot.settings import Settings

    monkeypatch.delenv("WONDERS_SQLITE_SYNCHRONOUS", raising=False)
    assert Settings(_env_file=None).sqlite_synchronous == "NORMAL"  # type: ignore[call-arg]
    monkeypatch.setenv("WONDERS_SQLITE_SYNCHRONOUS", "full")
    assert Settings(_env_file=None).sqlite_synchronous == "FULL"  # type: ignore[call-arg]
    monkeypatch.setenv("WONDERS_SQLITE_SYNCHRONOUS", "OFF")
    with pytest.raises(ValidationError):
        Settings(_env_file=None)  # type: ignore[call-arg]


@pytest.mark.asyncio
async def test_0004_marks_resigned_results_and_adds_seat_names(tmp_path: Path) -> None:
    path = tmp_path / "v3.db"
    db = await connect(str(path))
    try:
        await apply_migrations(db, target=3)
        await db.execute(
            "INSERT INTO games (guild_id, channel_id, kind, config, seed, "
            "rules_version, status, created_at, updated_at) "
            "VALUES (1, 1, 'classic', '{}', 3, 'r', 'finished', 0, 0)"
        )
        # Seat 0: a human who resigned (the AI won it); seat 1: a human; seat 2: an AI.
        for seat, user, ai, resigned in (
            (0, 100, None, 5.0),
            (1, 101, None, None),
            (2, None, "random", None),
        ):
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, ai_level, joined_at, "
                "resigned_at) VALUES (1, ?, ?, ?, 0, ?)",
                (seat, user, ai, resigned),
            )
            await db.execute(
                "INSERT INTO results (game_id, seat, user_id, ai_level, guild_id, "
                "kind, rank, points, finished_at) "
                "VALUES (1, ?, ?, ?, 1, 'classic', ?, ?, 9)",
                (seat, user, ai, seat + 1, 60 - seat),
            )
    finally:
        await db.close()
    async with open_store(path) as store:
        assert [s.name for s in (await store.get_game(1)).seats] == [None, None, None]
        resigned = await store.user_stats(100)
        assert (resigned.games, resigned.wins, resigned.total_points) == (1, 0, 0)
        assert (await store.user_stats(101)).total_points == 59
    with sqlite_file(path) as con:
        flags = con.execute("SELECT seat, resigned FROM results ORDER BY seat").fetchall()
    assert flags == [(0, 1), (1, 0), (2, 0)]


@pytest.mark.asyncio
async def test_0007_posts_learn_the_version_they_showed(tmp_path: Path) -> None:
    path = tmp_path / "v6.db"
    db = await connect(str(path))
    try:
        await apply_migrations(db, target=6)
        await db.execute(
            "INSERT INTO games (guild_id, channel_id, kind, config, seed, rules_version, status, "
            "version, created_at, updated_at) VALUES (7, 1, 'classic', '{}', 3, 'r', 'running', "
            "3, 0, 0)"
        )
        for seq, at in ((1, 1.0), (2, 2.0), (3, 3.0)):
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, move_text, created_at) "
                "VALUES (1, ?, 0, 'discard:Baths', ?)",
                (seq, at),
            )
        for kind, message, at in (("lobby", 1, 0.5), ("board", 2, 0.7), ("board", 3, 2.5)):
            await db.execute(
                "INSERT INTO bot_messages (game_id, kind, channel_id, message_id, created_at) "
                "VALUES (1, ?, 1, ?, ?)",
                (kind, message, at),
            )
    finally:
        await db.close()
    with sqlite_file(path) as con:
        assert con.execute("SELECT COUNT(*) FROM bot_messages").fetchone() == (3,)
    async with open_store(path) as store:
        # The newest post showed version 2; move 3 was saved after it: still to post.
        assert await store.unposted_games([7], 0.0) == [1]
    with sqlite_file(path) as con:
        rows = con.execute("SELECT message_id, version FROM bot_messages ORDER BY id").fetchall()
    assert rows == [(1, None), (2, 0), (3, 2)]


@pytest.mark.asyncio
async def test_0008_keeps_games_changed_in_place_and_refuses_edits(tmp_path: Path) -> None:
    """A 7 Wonders pick changed before 0008 was replaced in the log (same seq): such a game
    loads and replays unchanged after the upgrade, takes a repick on top, and its log can no
    longer be edited."""
    from engine import classic as C
    from tests.store.replay import replay

    path = tmp_path / "v7.db"
    state = C.new_game(C.Config(players=3), 4)
    first, changed_to = C.legal_moves(state, 0)[:2]
    db = await connect(str(path))
    try:
        await apply_migrations(db, target=7)
        await db.execute(
            "INSERT INTO games (guild_id, channel_id, kind, config, seed, rules_version, "
            "status, version, created_at, updated_at, started_at) "
            "VALUES (1, 1, 'classic', ?, 4, ?, 'running', 1, 0, 0, 0)",
            (C.Config(players=3).model_dump_json(), C.RULES_VERSION),
        )
        for seat in range(3):
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (1, ?, ?, 0)",
                (seat, 100 + seat),
            )
        # The old "Change my pick": the newer pick sits in the first one's place.
        await db.execute(
            "INSERT INTO moves (game_id, seq, seat, move_text, created_at) VALUES (1, 1, 0, ?, 1)",
            (str(changed_to),),
        )
        await db.execute(
            "INSERT INTO pick_changes (game_id, seq, seat, old_move, new_move, created_at) "
            "VALUES (1, 1, 0, ?, ?, 1)",
            (str(first), str(changed_to)),
        )
    finally:
        await db.close()
    async with open_store(path) as store:
        record = await store.load_game(1)
        expected, _ = C.apply(state, 0, changed_to)
        assert C.dump(replay(record)) == C.dump(expected)
        back = C.Repick(first)
        assert await store.append_repick(1, 1, 0, str(changed_to), str(back)) == 2
        assert C.dump(replay(await store.load_game(1))) == C.dump(C.apply(state, 0, first)[0])
        assert [c[0] for c in await store.pick_changes(1)] == [1, 2]
    with sqlite_file(path) as con, pytest.raises(sqlite3.IntegrityError, match="append-only"):
        con.execute("DELETE FROM moves WHERE game_id = 1")
