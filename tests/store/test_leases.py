"""Shard leases (background work of a dead process's shards goes to exactly one other process)
on both backends, and the shard filters of deadlines and running games."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.shard_work import ShardWork
from bot.store import Store, open_store
from bot.store.leases import shard_of

from .conftest import running_game


def guild_on(shard: int, count: int, n: int = 1) -> int:
    """A guild id that Discord puts on ``shard`` of ``count``."""
    return ((n * count + shard) << 22) + 12345


def test_guild_ids_map_to_their_shard() -> None:
    assert [shard_of(guild_on(s, 4, n), 4) for s in range(4) for n in (1, 7)] == [
        0,
        0,
        1,
        1,
        2,
        2,
        3,
        3,
    ]


@pytest.mark.asyncio
async def test_expired_leases_are_claimed_until_the_owner_is_back(store: Store) -> None:
    await store.hold_shards("a", [0, 1], ttl=60)
    assert await store.claim_orphans("b", 3, ttl=60) == []  # a is alive
    await store.hold_shards("a", [0, 1], ttl=-1)  # a stopped renewing: its leases expired
    assert await store.claim_orphans("b", 3, ttl=60) == [0, 1]
    assert await store.claim_orphans("c", 3, ttl=60) == []  # b holds them now
    assert await store.claim_orphans("b", 3, ttl=60) == [0, 1]  # b renews what it took
    await store.hold_shards("a", [0], ttl=60)  # a restarted with shard 0
    assert await store.claim_orphans("b", 3, ttl=60) == [1]
    owners = await store.lease_owners()
    assert {s: o for s, (o, _) in owners.items()} == {0: "a", 1: "b"}
    assert await store.claim_orphans("b", 1, ttl=60) == []  # only shards below the count


@pytest.mark.asyncio
async def test_shard_filters_of_deadlines_and_running_games(store: Store) -> None:
    games = [await running_game(store, guild_id=guild_on(s, 2)) for s in (0, 1, 1)]
    now = datetime.now(UTC)
    for gid in games:
        await store.set_deadline(gid, 0, now - timedelta(seconds=1))
    due = await store.due_deadlines(now, None, shards=([1], 2))
    assert sorted(d.game_id for d in due) == games[1:]
    assert await store.due_deadlines(now, None, shards=([], 2)) == []
    assert await store.running_games_in_shards([0], 2) == games[:1]
    assert await store.running_games_in_shards([0, 1], 2) == games


@pytest.mark.asyncio
async def test_shard_work_takes_over_only_on_a_shared_database(store: Store) -> None:
    alive = ShardWork(store, [0], 2, ttl=60, owner="p0")
    other = ShardWork(store, [1], 2, ttl=-1, owner="p1")  # its lease lapses at once
    assert await alive.step() == [] and alive.taken == []
    await other.step()
    taken = await alive.step()
    if store.dialect == "postgres":
        assert taken == [1] and alive.taken == [1]
        assert await alive.step() == [] and alive.taken == [1]  # held, not new
    else:  # SQLite: one process, nothing to take over from
        assert taken == [] and alive.taken == []


@pytest.mark.asyncio
@pytest.mark.postgres
async def test_concurrent_claimers_split_the_orphans(pg_url: str) -> None:
    async with open_store(pg_url) as first:
        await first.hold_shards("dead", list(range(16)), ttl=-1)
    stores = [open_store(pg_url, pool_size=2) for _ in range(4)]
    opened = [await cm.__aenter__() for cm in stores]
    try:
        claims = await asyncio.gather(
            *(s.claim_orphans(f"p{i}", 16, ttl=60) for i, s in enumerate(opened))
        )
    finally:
        for cm in stores:
            await cm.__aexit__(None, None, None)
    everything = [s for c in claims for s in c]
    assert sorted(everything) == list(range(16)), claims  # each orphan exactly once
