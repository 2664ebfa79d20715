"""Changing a 7 Wonders pick before the reveal (never one the bot made for the seat when time
ran out: ``append_move(forced=True)``).

The move log is append-only (migration 0008's triggers refuse UPDATE and DELETE on ``moves``):
a changed pick is a new move, the engine's "repick" that supersedes the seat's earlier pick of
the open turn, appended after it. Replaying the log therefore gives the game everyone sees, and
``version`` keeps counting rows. Only a pick whose round is not revealed may be changed; the
caller (the game service, under its per-game lock) checks that against the engine, this module
against the version.
"""

from __future__ import annotations

from .core import StoreBase

__all__ = ["PickRepo"]


class PickRepo(StoreBase):
    async def append_repick(
        self, game_id: int, expected_version: int, seat: int, old_move: str, new_move: str
    ) -> int:
        """Append ``seat``'s changed pick ``new_move`` (the engine's text of a move that
        supersedes its pick ``old_move``) if the game is running and still at
        ``expected_version``, and record the change; one transaction. Returns the new version.
        Raises ``VersionConflict`` / ``InvalidGameState`` like ``append_move``."""
        now, new = self._now(), expected_version + 1
        async with self._write() as db:
            await self._cas_version(db, game_id, expected_version, now)
            await self._insert_move(db, game_id, new, seat, new_move, now)
            await db.execute(
                "INSERT INTO pick_changes (game_id, seq, seat, old_move, new_move, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, new, seat, old_move, new_move, now),
            )
        return new

    async def is_forced(self, game_id: int, seq: int) -> bool:
        """Whether move ``seq`` was made for its seat by the bot (time ran out)."""
        async with self._read() as db:
            row = await self._one(
                db, "SELECT 1 FROM forced_moves WHERE game_id = ? AND seq = ?", (game_id, seq)
            )
        return row is not None

    async def pick_changes(self, game_id: int) -> list[tuple[int, int, str, str]]:
        """Every changed pick of a game, oldest first: (seq, seat, old move, new move). From
        migration 0008 on ``seq`` is the appended change's; before, the pick replaced in place."""
        async with self._read() as db:
            rows = await self._all(
                db,
                "SELECT seq, seat, old_move, new_move FROM pick_changes "
                "WHERE game_id = ? ORDER BY id",
                (game_id,),
            )
        return [(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows]
