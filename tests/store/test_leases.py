"""Shard leases (background work of a dead process's shards goes to exactly one other process)
on both backends, and the shard filters of deadlines and running games."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.shard_work import Gains, ShardWork
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
    # a restarted with shard 0: it asks for it back rather than taking it from under b.
    assert await store.hold_shards("a", [0], ttl=60) == []
    assert await store.asked_back("b") == [0] and await store.asked_back("a") == []
    assert await store.claim_orphans("b", 3, ttl=60) == [1]  # b no longer renews shard 0
    assert {s: o for s, (o, _) in (await store.lease_owners()).items()} == {0: "b", 1: "b"}
    await store.hand_back("b", [0], ttl=60)  # b stopped its work for shard 0
    assert await store.asked_back("b") == []
    assert await store.hold_shards("a", [0], ttl=60) == [0]
    owners = await store.lease_owners()
    assert {s: o for s, (o, _) in owners.items()} == {0: "a", 1: "b"}
    assert await store.claim_orphans("b", 1, ttl=60) == []  # only shards below the count


@pytest.mark.asyncio
async def test_a_shard_asked_back_goes_to_the_asker_even_when_its_taker_dies(store: Store) -> None:
    await store.hold_shards("a", [0], ttl=-1)  # a died
    assert await store.claim_orphans("b", 1, ttl=-1) == [0]  # b took over, then died too
    assert await store.hold_shards("a2", [0], ttl=60) == [0]  # a's successor: lapsed, its own
    await store.claim_orphans("b", 1, ttl=-1)
    assert await store.claim_orphans("c", 1, ttl=60) == []  # a2 is alive and holds it

    await store.hold_shards("a2", [0], ttl=-1)  # a2 died; c takes over
    assert await store.claim_orphans("c", 1, ttl=-1) == [0]  # ... and its lease lapses
    assert await store.hold_shards("a3", [0], ttl=60) == [0]  # lapsed: no need to ask


@pytest.mark.asyncio
async def test_a_wanted_shard_is_not_claimed_by_others_until_the_asker_dies(store: Store) -> None:
    await store.hold_shards("a", [0], ttl=-1)
    assert await store.claim_orphans("b", 1, ttl=60) == [0]
    assert await store.hold_shards("a2", [0], ttl=-1) == []  # asks, then dies at once
    assert await store.asked_back("b") == []  # the request lapsed with its asker
    assert await store.claim_orphans("b", 1, ttl=-1) == [0]  # b keeps it; its lease lapses
    assert await store.hold_shards("a3", [0], ttl=60) == [0]
    assert await store.claim_orphans("c", 1, ttl=60) == []
    await store.let_go("a3")  # a clean shutdown: the lease lapses at once
    assert await store.claim_orphans("c", 1, ttl=60) == [0]


@pytest.mark.asyncio
async def test_a_crashed_predecessor_s_lease_is_taken_at_once(store: Store) -> None:
    before = ShardWork(store, [1], 2, ttl=60)  # owner names made from the shards they run
    after = ShardWork(store, [1], 2, ttl=60)
    stranger = ShardWork(store, [0, 1], 2, ttl=60)
    assert before.owner != after.owner and after.owner.startswith(after.home)
    await before.step()  # then SIGKILLed before its lease ran out
    assert await after.step() == Gains([1], []) and after.owns(guild_on(1, 2))
    if store.dialect == "postgres":  # another process's lease is only asked for
        assert (await store.lease_owners())[1][0] == after.owner
        assert (await stranger.step()).own == [0] and not stranger.owns(guild_on(1, 2))


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
    assert await alive.step() == Gains([0], []) and alive.taken == []
    await other.step()
    gains = await alive.step()
    if store.dialect == "postgres":
        assert gains == Gains([], [1]) and alive.taken == [1]
        assert await alive.step() == Gains([], []) and alive.taken == [1]  # held, not new
        assert alive.owns(guild_on(1, 2)) and not other.owns(guild_on(1, 2))
    else:  # SQLite: one process, nothing to take over from, everything is ours
        assert gains == Gains([], []) and alive.taken == []
        assert alive.owns(guild_on(1, 2)) and other.owns(guild_on(0, 2))


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
