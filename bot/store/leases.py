"""Shard leases: which process runs the background work of a shard (migrations 0009, 0012).

Interactions reach only the process whose gateway runs the guild's shard, so only background
work (deadlines, reminders, AI turns, all-AI matches) needs an owner: the shard's own process
while it lives (it renews its leases every tick), else the one process that claimed the
expired lease, until the shard's process comes back: it asks for the lease back
(``hold_shards``), the holder sees it (``asked_back``), stops that work and hands the lease
over (``hand_back``) - so the two never run one shard's work at the same time.
"""

from __future__ import annotations

from collections.abc import Sequence

from .core import StoreBase

__all__ = ["LeaseRepo", "shard_of"]


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's shard of a guild."""
    return (guild_id >> 22) % shard_count


class LeaseRepo(StoreBase):
    async def hold_shards(
        self, owner: str, shard_ids: Sequence[int], ttl: float, predecessor: str | None = None
    ) -> list[int]:
        """Take or renew the leases of this process's own shards for ``ttl`` seconds; returns
        those we hold now. A shard another live process took over is not taken from under it:
        it is asked back (``wanted_by``) and that process hands it over at its next tick
        (``hand_back``), after its work for the shard stopped - or it lapses at its expiry.
        A lease whose owner starts with ``predecessor`` was this process's before a restart
        (the same shards): it is taken at once."""
        if not shard_ids:
            return []
        now = self._now()
        lock = " FOR UPDATE" if self.dialect == "postgres" else ""
        async with self._write() as db:
            await db.executemany(
                "INSERT INTO shard_leases (shard_id, owner, expires_at) VALUES (?, ?, ?) "
                "ON CONFLICT (shard_id) DO NOTHING",
                [(s, owner, now + ttl) for s in shard_ids],
            )
            rows = await self._all(
                db,
                "SELECT shard_id, owner, expires_at FROM shard_leases "
                f"WHERE shard_id IN ({','.join('?' * len(shard_ids))}){lock}",
                list(shard_ids),
            )
            free = [
                int(r[0]) for r in rows if _ours(str(r[1]), owner, predecessor, float(r[2]) < now)
            ]
            busy = [int(r[0]) for r in rows if int(r[0]) not in free]
            await db.executemany(
                "UPDATE shard_leases SET owner = ?, expires_at = ?, wanted_by = NULL, "
                "wanted_until = NULL WHERE shard_id = ?",
                [(owner, now + ttl, s) for s in free],
            )
            await db.executemany(
                "UPDATE shard_leases SET wanted_by = ?, wanted_until = ? WHERE shard_id = ?",
                [(owner, now + ttl, s) for s in busy],
            )
        return sorted(free)

    async def claim_orphans(self, owner: str, shard_count: int, ttl: float) -> list[int]:
        """Claim (or renew) the shards whose lease expired - their process died - or that
        ``owner`` already took over; returns them. A shard its own live process asked back is
        left alone (see ``asked_back``). On PostgreSQL ``FOR UPDATE SKIP LOCKED`` makes
        concurrent claimers split the rows, so each orphan gets exactly one owner."""
        now = self._now()
        lock = " FOR UPDATE SKIP LOCKED" if self.dialect == "postgres" else ""
        async with self._write() as db:
            rows = await self._all(
                db,
                "SELECT shard_id FROM shard_leases WHERE shard_id < ? "
                "AND (expires_at < ? OR owner = ?) "
                "AND (wanted_by IS NULL OR wanted_by = ? OR wanted_until < ?) "
                f"ORDER BY shard_id{lock}",
                (shard_count, now, owner, owner, now),
            )
            shards = [int(r[0]) for r in rows]
            await db.executemany(
                "UPDATE shard_leases SET owner = ?, expires_at = ? WHERE shard_id = ?",
                [(owner, now + ttl, s) for s in shards],
            )
        return shards

    async def asked_back(self, owner: str) -> list[int]:
        """Shards ``owner`` took over whose own process is alive again and wants them."""
        async with self._read() as db:
            rows = await self._all(
                db,
                "SELECT shard_id FROM shard_leases WHERE owner = ? AND wanted_by IS NOT NULL "
                "AND wanted_by <> ? AND wanted_until >= ? ORDER BY shard_id",
                (owner, owner, self._now()),
            )
        return [int(r[0]) for r in rows]

    async def hand_back(self, owner: str, shard_ids: Sequence[int], ttl: float) -> None:
        """``owner`` stopped its work for these shards: each goes to the process that asked."""
        async with self._write() as db:
            await db.executemany(
                "UPDATE shard_leases SET owner = wanted_by, expires_at = ?, wanted_by = NULL, "
                "wanted_until = NULL WHERE shard_id = ? AND owner = ? AND wanted_by IS NOT NULL",
                [(self._now() + ttl, s, owner) for s in shard_ids],
            )

    async def let_go(self, owner: str) -> None:
        """A clean shutdown: ``owner``'s leases lapse now (another process may take them)."""
        async with self._write() as db:
            await db.execute(
                "UPDATE shard_leases SET expires_at = ? WHERE owner = ?", (self._now() - 1, owner)
            )

    async def lease_owners(self) -> dict[int, tuple[str, float]]:
        """Every shard's lease: shard id -> (owner, expiry in epoch seconds)."""
        async with self._read() as db:
            rows = await self._all(db, "SELECT shard_id, owner, expires_at FROM shard_leases")
        return {int(r[0]): (str(r[1]), float(r[2])) for r in rows}

    async def running_games_in_shards(
        self, shard_ids: Sequence[int], shard_count: int
    ) -> list[int]:
        """Ids of running games whose guild is on one of ``shard_ids`` (to resume their AI)."""
        ids = list(shard_ids)
        if not ids:
            return []
        async with self._read() as db:
            rows = await self._all(
                db,
                "SELECT id FROM games WHERE status = 'running' AND guild_id IS NOT NULL "
                f"AND (guild_id / 4194304) % ? IN ({','.join('?' * len(ids))}) ORDER BY id",
                (shard_count, *ids),
            )
        return [int(r[0]) for r in rows]


def _ours(holder: str, owner: str, predecessor: str | None, expired: bool) -> bool:
    return (
        expired or holder == owner or (predecessor is not None and holder.startswith(predecessor))
    )
