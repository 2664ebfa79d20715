"""The append-only move log and the state snapshots that shortcut its replay."""

from __future__ import annotations

from collections.abc import Sequence

from .core import StoreBase
from .errors import InvalidGameState, VersionConflict
from .models import Snapshot, from_ts
from .schedule import Clock, write_clocks

__all__ = ["MoveLogRepo"]


class MoveLogRepo(StoreBase):
    """Appends to the move log (compare-and-swap on the game's version) and snapshots."""

    async def append_move(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        move_text: str,
        *,
        forced: bool = False,
        deadline_met: bool = False,
        clocks: Sequence[Clock] | None = None,
    ) -> int:
        """Append one move if the game is still at ``expected_version``; returns the new
        version (``expected_version + 1``). Raises ``VersionConflict`` if another move got
        there first, ``InvalidGameState`` unless the game is running. ``forced``: the bot
        moved for a human seat (time ran out), recorded with it so the player can't change
        that pick (``PickRepo.append_repick``). ``deadline_met``: the seat's deadline goes in
        the same transaction (a move is then one write); so do ``clocks``, the game's new
        deadlines (``[]``: none left) when the move ends a round or the game."""
        now, new = self._now(), expected_version + 1
        if self.dialect == "postgres" and not forced and clocks is None:
            return await self._append_one_statement(
                game_id, expected_version, seat, move_text, deadline_met
            )
        async with self._write() as db:
            await self._cas_version(db, game_id, expected_version, now)
            await self._insert_move(db, game_id, new, seat, move_text, now)
            if forced:
                await db.execute(
                    "INSERT INTO forced_moves (game_id, seq) VALUES (?, ?) ON CONFLICT DO NOTHING",
                    (game_id, new),
                )
            if deadline_met:
                await db.execute(
                    "DELETE FROM deadlines WHERE game_id = ? AND seat = ?", (game_id, seat)
                )
            if clocks is not None:
                await write_clocks(db, game_id, clocks)
        return new

    async def _append_one_statement(
        self, game_id: int, expected_version: int, seat: int, move_text: str, deadline_met: bool
    ) -> int:
        """``append_move`` as ONE statement (PostgreSQL): the compare-and-swap and the insert
        commit together without BEGIN/COMMIT round trips - a quarter of the round trips under
        load. The UPDATE row-locks the game like the two-statement form. ``deadline_met``
        adds a DELETE of the seat's deadline to the same statement (it only runs if the
        compare-and-swap did: it reads ``bumped``)."""
        now, new = self._now(), expected_version + 1
        met = (
            ", met AS (DELETE FROM deadlines WHERE game_id IN (SELECT id FROM bumped) AND seat = ?)"
            if deadline_met
            else ""
        )
        async with self.backend.single() as db:
            try:
                done = await db.execute(
                    "WITH bumped AS (UPDATE games SET version = ?, updated_at = ? "
                    "WHERE id = ? AND version = ? AND status = 'running' RETURNING id)"
                    + met
                    + " INSERT INTO moves (game_id, seq, seat, move_text, created_at) "
                    "SELECT id, ?, ?, ?, ? FROM bumped",
                    (
                        new,
                        now,
                        game_id,
                        expected_version,
                        *((seat,) if deadline_met else ()),
                        new,
                        seat,
                        move_text,
                        now,
                    ),
                )
            except self._integrity as exc:  # only if the log and version drifted
                raise VersionConflict(game_id, expected_version, new) from exc
            if done.rowcount == 1:
                return new
            status, version = await self._status(db, game_id)
        if version != expected_version:
            raise VersionConflict(game_id, expected_version, version)
        raise InvalidGameState(f"game {game_id} is {status}, not running")

    async def save_snapshot(self, game_id: int, version: int, state: str, keep: int = 1) -> None:
        """Cache the engine state after ``version`` moves, keeping only the ``keep`` newest."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO snapshots (game_id, version, state, created_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id, version) DO UPDATE SET state = excluded.state, "
                "created_at = excluded.created_at",
                (game_id, version, state, self._now()),
            )
            await db.execute(
                "DELETE FROM snapshots WHERE game_id = ? AND version NOT IN (SELECT version "
                "FROM snapshots WHERE game_id = ? ORDER BY version DESC LIMIT ?)",
                (game_id, game_id, keep),
            )

    async def load_snapshot(self, game_id: int, version: int | None = None) -> Snapshot | None:
        """The snapshot at ``version``, or the newest one when ``version`` is None."""
        async with self._read() as db:
            if version is None:
                row = await self._one(
                    db,
                    "SELECT version, state, created_at FROM snapshots "
                    "WHERE game_id = ? ORDER BY version DESC LIMIT 1",
                    (game_id,),
                )
            else:
                row = await self._one(
                    db,
                    "SELECT version, state, created_at FROM snapshots "
                    "WHERE game_id = ? AND version = ?",
                    (game_id, version),
                )
        return None if row is None else Snapshot(game_id, row[0], row[1], from_ts(row[2]))
