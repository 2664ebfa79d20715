"""Game lifecycle, seats, move log, listing, snapshots and the concurrency contract."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from bot.store import (
    GameNotFound,
    InvalidGameState,
    ResultEntry,
    SeatTaken,
    Store,
    VersionConflict,
    open_store,
)

from .conftest import running_game


@pytest.mark.asyncio
async def test_create_and_load(store: Store) -> None:
    gid = await store.create_game(
        kind="classic",
        channel_id=5,
        guild_id=1,
        config={"players": 3, "b": 1},
        seed=99,
        rules_version="r2",
        creator_id=7,
        thread_id=8,
    )
    g = await store.load_game(gid)
    assert (g.kind, g.channel_id, g.guild_id, g.thread_id, g.creator_id) == ("classic", 5, 1, 8, 7)
    assert json.loads(g.config) == {"players": 3, "b": 1}
    assert (g.seed, g.rules_version, g.status, g.version) == (99, "r2", "lobby", 0)
    assert g.seats == () and g.moves == ()
    with pytest.raises(GameNotFound):
        await store.load_game(gid + 1)
    with pytest.raises(ValueError):
        await store.create_game(kind="chess", channel_id=1, config="{}", seed=1, rules_version="r")


@pytest.mark.asyncio
async def test_seats(store: Store) -> None:
    gid = await store.create_game(
        kind="classic", channel_id=5, config="{}", seed=1, rules_version="r"
    )
    assert await store.add_seat(gid, user_id=1) == 0
    assert await store.add_seat(gid, ai_level="greedy") == 1
    assert await store.add_seat(gid, user_id=3) == 2
    with pytest.raises(SeatTaken):
        await store.add_seat(gid, user_id=1)
    with pytest.raises(SeatTaken):
        await store.add_seat(gid, user_id=9, seat=2)
    with pytest.raises(ValueError):
        await store.add_seat(gid, user_id=9, ai_level="random")
    assert await store.remove_seat(gid, 1) is True
    assert await store.remove_seat(gid, 1) is False
    assert await store.add_seat(gid, user_id=4, seat=5) == 5
    g = await store.get_game(gid)
    assert [(s.seat, s.user_id) for s in g.seats] == [(0, 1), (2, 3), (5, 4)]
    assert g.seat_of(3) == 2 and g.seat_of(77) is None
    started = await store.start_game(gid, config='{"players": 3}', seed=5)
    assert started.status == "running" and started.started_at is not None
    assert [(s.seat, s.user_id) for s in started.seats] == [(0, 1), (1, 3), (2, 4)]
    assert (started.config, started.seed) == ('{"players": 3}', 5)
    for call in (
        store.add_seat(gid, user_id=8),
        store.remove_seat(gid, 0),
        store.start_game(gid),
        store.update_config(gid, "{}"),
    ):
        with pytest.raises(InvalidGameState):
            await call


@pytest.mark.asyncio
async def test_start_needs_seats_and_ai_flag(store: Store) -> None:
    gid = await store.create_game(kind="duel", channel_id=5, config="{}", seed=1, rules_version="r")
    with pytest.raises(InvalidGameState):
        await store.start_game(gid)
    await store.update_config(gid, '{"x": 1}')
    await store.add_seat(gid, ai_level="search")
    g = await store.start_game(gid)
    assert g.seats[0].is_ai and g.seats[0].ai_level == "search" and g.config == '{"x": 1}'


@pytest.mark.asyncio
async def test_append_and_conflicts(store: Store) -> None:
    lobby = await store.create_game(
        kind="duel", channel_id=5, config="{}", seed=1, rules_version="r"
    )
    with pytest.raises(InvalidGameState):
        await store.append_move(lobby, 0, 0, "x")
    gid = await running_game(store)
    assert await store.append_move(gid, 0, 0, "take 1") == 1
    assert await store.append_move(gid, 1, 1, "take 2") == 2
    with pytest.raises(VersionConflict) as info:
        await store.append_move(gid, 1, 0, "late")
    assert (info.value.expected, info.value.actual) == (1, 2)
    g = await store.load_game(gid)
    assert g.version == 2 and g.move_texts == ["take 1", "take 2"]
    assert [(m.seq, m.seat) for m in g.moves] == [(1, 0), (2, 1)]
    assert [m.move_text for m in await store.moves_since(gid, 1)] == ["take 2"]


@pytest.mark.asyncio
async def test_fifty_concurrent_appends_one_wins(store: Store) -> None:
    gid = await running_game(store)
    await store.append_move(gid, 0, 0, "first")
    results = await asyncio.gather(
        *(store.append_move(gid, 1, i % 2, f"m{i}") for i in range(50)), return_exceptions=True
    )
    wins = [r for r in results if r == 2]
    conflicts = [r for r in results if isinstance(r, VersionConflict)]
    assert len(wins) == 1 and len(conflicts) == 49
    g = await store.load_game(gid)
    assert g.version == 2 and len(g.moves) == 2


@pytest.mark.asyncio
async def test_concurrent_appends_across_two_connections(tmp_path: Path) -> None:
    """Two processes' worth of connections on one file: still exactly one winner."""
    path = tmp_path / "w.db"
    async with open_store(path) as a, open_store(path) as b:
        gid = await running_game(a)
        results = await asyncio.gather(
            *((a if i % 2 else b).append_move(gid, 0, 0, f"m{i}") for i in range(50)),
            return_exceptions=True,
        )
        assert results.count(1) == 1
        assert sum(isinstance(r, VersionConflict) for r in results) == 49
        assert (await b.load_game(gid)).version == 1


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE moves SET move_text = 'b'",
        "UPDATE moves SET seq = seq + 10",
        "DELETE FROM moves",
        "DELETE FROM moves WHERE seq = 1",
    ],
)
async def test_the_database_refuses_to_change_a_move(store: Store, sql: str) -> None:
    gid = await running_game(store)
    await store.append_move(gid, 0, 0, "a")
    await store.append_repick(gid, 1, 0, "a", "repick:b")
    with pytest.raises(Exception, match="append-only"):
        async with store._write() as db:
            await db.execute(sql)
    assert (await store.load_game(gid)).move_texts == ["a", "repick:b"]


def test_no_code_updates_or_deletes_a_move_row() -> None:
    root = Path(__file__).resolve().parents[2]
    pattern = re.compile(r"(UPDATE\s+moves\b|DELETE\s+FROM\s+moves\b)", re.IGNORECASE)
    offenders = [
        str(path.relative_to(root))
        for path in (root / "bot").rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


@pytest.mark.asyncio
async def test_repick_appends_after_the_pick_and_checks_the_version(store: Store) -> None:
    gid = await running_game(store)
    assert await store.append_move(gid, 0, 0, "a") == 1
    assert await store.append_repick(gid, 1, 0, "a", "repick:b") == 2
    with pytest.raises(VersionConflict):
        await store.append_repick(gid, 1, 0, "a", "repick:c")
    record = await store.load_game(gid)
    assert (record.version, record.move_texts) == (2, ["a", "repick:b"])
    assert await store.pick_changes(gid) == [(2, 0, "a", "repick:b")]


@pytest.mark.asyncio
async def test_list_games_filters(store: Store) -> None:
    g1 = await running_game(store, guild_id=1, channel_id=11)
    g2 = await running_game(store, guild_id=1, channel_id=12)
    g3 = await running_game(store, guild_id=2, channel_id=21)
    lobby = await store.create_game(
        kind="classic", channel_id=11, guild_id=1, config="{}", seed=1, rules_version="r"
    )
    await store.add_seat(lobby, user_id=555)
    await store.set_thread(g2, 99)
    await store.abandon_game(g3, "timeout")

    def ids(games: list) -> list[int]:  # type: ignore[type-arg]
        return [g.id for g in games]

    assert ids(await store.list_games()) == [lobby, g3, g2, g1]
    assert ids(await store.list_games(guild_id=1)) == [lobby, g2, g1]
    assert ids(await store.list_games(guild_id=1, limit=2)) == [lobby, g2]
    assert ids(await store.list_games(channel_id=11)) == [lobby, g1]
    assert ids(await store.list_games(channel_id=99)) == [g2]
    assert ids(await store.list_games(user_id=555)) == [lobby]
    assert ids(await store.list_games(user_id=100, status="running")) == [g2, g1]
    assert ids(await store.list_games(status=["abandoned", "lobby"])) == [lobby, g3]
    assert ids(await store.list_games(guild_id=1, channel_id=12, status="running")) == [g2]
    assert (await store.list_games(user_id=555))[0].seats[0].user_id == 555
    with pytest.raises(ValueError):
        await store.list_games(status="paused")
    assert ids(await store.list_active_games()) == [g1, g2, lobby]
    assert ids(await store.list_active_games([2])) == []
    assert ids(await store.list_active_games([1, 3])) == [g1, g2, lobby]
    assert await store.list_active_games([]) == []


@pytest.mark.asyncio
async def test_finish_records_results_and_ends(store: Store) -> None:
    gid = await running_game(store, players=2)
    await store.append_move(gid, 0, 0, "a")
    with pytest.raises(ValueError):
        await store.finish_game(gid, [ResultEntry(seat=7, rank=1, points=3)])
    assert (await store.get_game(gid)).status == "running"  # rolled back as one transaction
    await store.finish_game(gid, [ResultEntry(0, 1, 60), ResultEntry(1, 2, 41)])
    g = await store.load_game(gid)
    assert g.status == "finished" and g.end_reason == "finished" and g.ended_at is not None
    assert await store.game_results(gid) == [(0, 100, 1, 60), (1, 101, 2, 41)]
    for call in (
        store.finish_game(gid),
        store.abandon_game(gid),
        store.append_move(gid, 1, 0, "b"),
    ):
        with pytest.raises(InvalidGameState):
            await call


@pytest.mark.asyncio
async def test_abandon(store: Store) -> None:
    lobby = await store.create_game(
        kind="duel", channel_id=5, config="{}", seed=1, rules_version="r"
    )
    await store.abandon_game(lobby, "cancelled")
    g = await store.get_game(lobby)
    assert (g.status, g.end_reason) == ("abandoned", "cancelled")
    with pytest.raises(InvalidGameState):
        await store.finish_game(lobby)


@pytest.mark.asyncio
async def test_snapshots(store: Store) -> None:
    gid = await running_game(store)
    assert await store.load_snapshot(gid) is None
    await store.save_snapshot(gid, 3, "state3")
    await store.save_snapshot(gid, 5, "state5", keep=2)
    assert (await store.load_snapshot(gid, 3)).state == "state3"  # type: ignore[union-attr]
    latest = await store.load_snapshot(gid)
    assert latest is not None and (latest.version, latest.state) == (5, "state5")
    await store.save_snapshot(gid, 8, "state8")  # keep=1 drops the older ones
    assert await store.load_snapshot(gid, 5) is None
    assert (await store.load_snapshot(gid)).version == 8  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_data_survives_reopen(tmp_path: Path) -> None:
    async with open_store(tmp_path / "a.db") as store:
        gid = await running_game(store)
        await store.append_move(gid, 0, 0, "a")
    async with open_store(tmp_path / "a.db") as store:
        assert (await store.load_game(gid)).move_texts == ["a"]


@pytest.mark.asyncio
async def test_seat_display_names_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "names.db"
    async with open_store(path) as store:
        gid = await store.create_game(
            kind="classic", channel_id=5, guild_id=1, config="{}", seed=1, rules_version="r"
        )
        await store.add_seat(gid, ai_level="random")
        await store.add_seat(gid, user_id=100)
        await store.add_seat(gid, user_id=101, seat=5)
        assert [s.name for s in (await store.get_game(gid)).seats] == [None, None, None]
        assert await store.set_seat_names(gid, {100: "Ana", 101: "Bo", 999: "Nobody"}) == 2
        assert await store.set_seat_names(gid, {100: "Ana"}) == 0  # unchanged: no row written
        await store.start_game(gid)  # renumbers seats 0, 1, 5 -> 0, 1, 2: names move along
        assert await store.set_seat_names(gid, {101: "Bo the Great"}) == 1
    async with open_store(path) as store:
        for game in (await store.load_game(gid), (await store.list_games(user_id=100))[0]):
            assert [(s.seat, s.user_id, s.name) for s in game.seats] == [
                (0, None, None),
                (1, 100, "Ana"),
                (2, 101, "Bo the Great"),
            ]


@pytest.mark.asyncio
async def test_games_in_dms_are_resumed_only_when_asked(store: Store) -> None:
    """A game with no server (a practice game in DMs) is shard 0's: ``dms`` includes it."""
    in_guild = await running_game(store, guild_id=1)
    dm = await store.create_game(
        kind="duel", channel_id=77, config="{}", seed=1, rules_version="r", creator_id=100
    )
    await store.add_seat(dm, user_id=100)
    await store.add_seat(dm, ai_level="random")
    await store.start_game(dm)

    def ids(games: list) -> list[int]:  # type: ignore[type-arg]
        return [g.id for g in games]

    assert ids(await store.list_active_games([1])) == [in_guild]
    assert ids(await store.list_active_games([1], dms=True)) == [in_guild, dm]
    assert ids(await store.list_active_games([], dms=True)) == [dm]
    assert await store.unposted_games([1], 0.0) == [in_guild]
    assert await store.unposted_games([1], 0.0, dms=True) == [in_guild, dm]
    assert await store.unposted_games([], 0.0, dms=True) == [dm]
    assert await store.unposted_games([], 0.0) == []
