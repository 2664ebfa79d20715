"""Which shards' background work this process runs (several processes on one PostgreSQL).

Every tick: renew the leases of our own shards, then claim the shards whose lease expired
(their process died ``takeover_seconds`` ago or more). Their deadlines are then ticked here too
and their running games' AI resumed, until their own process is back and takes them again.
With SQLite (one process) there is nobody to take over from: only our own shards.
"""

from __future__ import annotations

import logging
import os
import socket
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.store import Store

__all__ = ["ShardWork"]

log = logging.getLogger(__name__)


@dataclass
class ShardWork:
    store: Store
    shard_ids: Sequence[int]
    shard_count: int
    ttl: float
    owner: str = field(
        default_factory=lambda: f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
    )
    taken: list[int] = field(default_factory=list)

    @property
    def shared(self) -> bool:
        """Whether other processes may share the database (PostgreSQL)."""
        return self.store.dialect == "postgres"

    async def hold(self) -> None:
        """Take or renew the leases of our own shards."""
        if self.shared:
            await self.store.hold_shards(self.owner, self.shard_ids, self.ttl)

    async def step(self) -> list[int]:
        """Renew ours, claim orphans; returns the shards newly taken over (resume their AI)."""
        if not self.shared:
            return []
        await self.hold()
        orphans = await self.store.claim_orphans(self.owner, self.shard_count, self.ttl)
        mine = set(self.shard_ids)
        now = [s for s in orphans if s not in mine]
        new = [s for s in now if s not in self.taken]
        for shard in sorted(set(self.taken) - set(now)):
            log.info("shard %d is back with its own process: its work is no longer ours", shard)
        for shard in new:
            log.warning("shard %d's process stopped renewing its lease: taking over", shard)
        self.taken = now
        return new

    async def orphan_games(self, shards: Sequence[int]) -> list[int]:
        return await self.store.running_games_in_shards(shards, self.shard_count)
