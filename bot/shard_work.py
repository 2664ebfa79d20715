"""Which shards' background work this process runs (several processes on one PostgreSQL).

Background work for a game (deadlines, reminders, AI turns, all-AI matches) belongs to the
shard of the game's guild: to that shard's own process while it is alive, else to the one
process that claimed its expired lease. Every tick: hold our own shards' leases, hand back the
shards we took over whose own process is alive again (after our work for them stopped), and
claim the shards whose lease expired. ``owns(guild_id)`` is what the driver and the timer
sweep ask before acting on a game: a cheap in-memory answer, valid until the lease we wrote
expires (so a process that stalls past its lease stops on its own).

A restarted process does not take its lease from under the process that took its shard over:
it asks for it back and starts its own work once that process let go (next tick), or once
the lease lapsed (its holder died too). A lease still held by its own crashed predecessor (the
same shards: nobody took over yet) is taken at once. With SQLite every shard is ours.
"""

from __future__ import annotations

import logging
import os
import socket
import time
import uuid
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field

from bot.store import Store
from bot.store.leases import shard_of

__all__ = ["Gains", "ShardWork"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Gains:
    """Shards that became ours at this step."""

    own: list[int]  # our own shards, now that we hold their lease (catch up, resume)
    taken: list[int]  # a dead process's shards we took over (resume their AI)


async def _nothing() -> None:
    return None


@dataclass
class ShardWork:
    store: Store
    shard_ids: Sequence[int]
    shard_count: int
    ttl: float
    owner: str = ""  # unique per process run; made from ``home`` unless given
    # Awaited when shards stopped being ours, before they are handed back: it returns once
    # the background work for their games has stopped (``Driver.let_go``).
    stop: Callable[[], Awaitable[None]] = _nothing
    clock: Callable[[], float] = time.monotonic
    held: list[int] = field(default_factory=list)  # own shards whose lease we hold
    taken: list[int] = field(default_factory=list)  # other shards we took over
    _until: dict[int, float] = field(default_factory=dict)  # shard -> our lease's end
    _asked: set[int] = field(default_factory=set)  # own shards we asked back, not held yet

    def __post_init__(self) -> None:
        if not self.owner:
            where = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
            self.owner = f"{self.home}{where}"

    @property
    def home(self) -> str:
        """What every run of a process with these shards starts its owner name with: a lease
        held under it is a crashed predecessor's (one process per shard), ours at once."""
        return f"shards {','.join(map(str, sorted(self.shard_ids)))} of {self.shard_count}@"

    @property
    def shared(self) -> bool:
        """Whether other processes may share the database (PostgreSQL)."""
        return self.store.dialect == "postgres"

    def owns_shard(self, shard: int) -> bool:
        if not self.shared:
            return True
        return self._until.get(shard, 0.0) > self.clock()

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the background work of games in ``guild_id`` now (a
        game without a guild is on shard 0, like Discord's DMs)."""
        return self.owns_shard(shard_of(guild_id or 0, self.shard_count))

    async def hold(self) -> list[int]:
        """Take or renew our own shards' leases; returns the ones newly held."""
        if not self.shared:
            new = [s for s in self.shard_ids if s not in self.held]
            self.held = list(self.shard_ids)
            return new
        start = self.clock()
        predecessor = self.home if self.owner.startswith(self.home) else None
        held = await self.store.hold_shards(self.owner, self.shard_ids, self.ttl, predecessor)
        for shard in self.shard_ids:
            if shard in held:
                self._until[shard] = start + self.ttl
            else:
                self._until.pop(shard, None)
        new = [s for s in held if s not in self.held]
        for shard in new:
            if shard in self._asked:
                log.info("shard %d was handed back: its work is ours again", shard)
        for shard in sorted(set(self.shard_ids) - set(held) - self._asked):
            log.info("shard %d is still another process's: asked for it back", shard)
        self._asked = set(self.shard_ids) - set(held)
        self.held = held
        return new

    async def step(self) -> Gains:
        """Hold ours, hand back what is asked back, claim orphans (see the module doc)."""
        own = await self.hold()
        if not self.shared:
            return Gains(own, [])
        start = self.clock()
        asked = await self.store.asked_back(self.owner)
        orphans = await self.store.claim_orphans(self.owner, self.shard_count, self.ttl)
        taken = [s for s in orphans if s not in self.shard_ids]
        lost = sorted(set(self.taken) - set(taken))
        for shard in lost:
            self._until.pop(shard, None)  # at once: no new AI step or deadline for them
            log.info("shard %d is back with its own process: its work is no longer ours", shard)
        for shard in taken:
            self._until[shard] = start + self.ttl
        new = [s for s in taken if s not in self.taken]
        for shard in new:
            log.warning("shard %d's process stopped renewing its lease: taking over", shard)
        self.taken = taken
        if lost or asked:
            await self.stop()  # a round being played finishes (and is posted) first
        if asked:
            await self.store.hand_back(self.owner, asked, self.ttl)
        return Gains(own, new)

    async def release(self) -> None:
        """A clean shutdown (after the background work stopped): our leases lapse now."""
        if self.shared:
            self._until.clear()
            await self.store.let_go(self.owner)

    def guilds_of(self, guild_ids: Sequence[int], shards: Iterable[int]) -> list[int]:
        """The ones of ``guild_ids`` on ``shards``."""
        wanted = set(shards)
        return [g for g in guild_ids if shard_of(g, self.shard_count) in wanted]

    async def orphan_games(self, shards: Sequence[int]) -> list[int]:
        return await self.store.running_games_in_shards(shards, self.shard_count)
