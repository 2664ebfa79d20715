"""Background work follows the shard lease (issue 20): an all-AI match on a dead process's
shard is driven by the process that took the shard over, and handed back when the shard's own
process returns - every round played and posted once, never by two processes at a time."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import pytest

from bot.model.game import Table
from bot.presenters.reports import Report
from bot.services.driver import Driver
from bot.services.games import GameService
from bot.services.lobby import LobbyOptions, LobbyService
from bot.services.names import NameBook
from bot.shard_work import Gains, ShardWork
from bot.store import Store

from .test_leases import guild_on

SHARD = 1
GUILD = guild_on(SHARD, 2)


@dataclass
class Process:
    """One bot process's background side: its shards and its AI driver (on the same store;
    a process is its owner name and its memory, the database is shared)."""

    name: str
    store: Store
    shard: int
    delay: float = 0.0  # between rounds
    pause: float = 0.0  # while posting a round
    posted: list[Report] = field(default_factory=list)
    rounds: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self.driver = Driver(GameService(self.store, NameBook()), self._post, self._delay)
        self.shards = ShardWork(
            self.store, [self.shard], 2, ttl=60, owner=self.name, stop=self.driver.let_go
        )
        self.driver.owns = self.shards.owns

    async def _post(self, report: Report) -> None:
        # A round begun while the shard was ours is posted in full, before the hand-over.
        owner, _ = (await self.store.lease_owners())[SHARD]
        assert owner == self.name, f"{self.name} posted while {owner} runs the shard"
        await asyncio.sleep(self.pause)
        self.posted.append(report)
        if len(self.posted) >= 3:
            self.rounds.set()

    async def _delay(self, _: Table) -> float:
        return self.delay


async def all_ai_match(store: Store) -> int:
    lobby = LobbyService(GameService(store, NameBook()))
    opening = await lobby.aimatch(GUILD, 20, 1, LobbyOptions(players=3), [], "random")
    return opening.game_id


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("delay", "pause"), [(0.05, 0.0), (0.0, 0.05)], ids=["sleeping", "posting"]
)
async def test_a_taken_over_all_ai_match_is_handed_back_and_each_round_posted_once(
    store: Store, delay: float, pause: float
) -> None:
    game = await all_ai_match(store)
    taker = Process("p0", store, shard=0, delay=delay, pause=pause)
    if store.dialect != "postgres":  # one process: every shard is ours, nothing to hand
        assert await taker.shards.step() == Gains([0], []) and taker.shards.owns(GUILD)
        return
    await store.hold_shards("p1", [SHARD], ttl=-1)  # shard 1's process died
    gains = await taker.shards.step()
    assert gains == Gains([0], [SHARD])
    for game_id in await taker.shards.orphan_games(gains.taken):
        taker.driver.kick(game_id)
    await asyncio.wait_for(taker.rounds.wait(), 30)

    back = Process("p1-restarted", store, shard=SHARD)
    assert await back.shards.step() == Gains([], []), "asked back, not taken from under p0"
    back.driver.kick(game)  # e.g. a click on the shard's guild: not ours yet, nothing runs
    await back.driver.idle()
    assert back.posted == [] and not back.shards.owns(GUILD)

    await taker.shards.step()  # sees the request: its driver stops, then it hands over
    assert not taker.shards.owns(GUILD) and not taker.driver.busy()
    stopped_at = len(taker.posted)
    owners = await store.lease_owners()
    assert owners[SHARD][0] == "p1-restarted"

    assert await back.shards.step() == Gains([SHARD], [])
    back.driver.kick(game)
    taker.driver.kick(game)  # a stray kick in the old process does nothing now
    await asyncio.wait_for(back.driver.idle(), 60)
    await taker.driver.idle()
    assert len(taker.posted) == stopped_at

    versions = [r.version for r in taker.posted + back.posted]
    assert versions == sorted(set(versions)), "each round posted once, in order"
    assert back.posted and back.posted[-1].final
    table = await GameService(store, NameBook()).table(game)
    assert table.status == "finished" and table.version == versions[-1]


@pytest.mark.asyncio
async def test_a_process_stops_on_its_own_once_its_lease_ran_out(store: Store) -> None:
    now = [100.0]
    shards = ShardWork(store, [0], 2, ttl=30, owner="p0", clock=lambda: now[0])
    await shards.step()
    assert shards.owns(guild_on(0, 2))
    now[0] += 31  # no renewal in time (a stalled process): another may hold the shard now
    assert shards.owns(guild_on(0, 2)) == (store.dialect != "postgres")
