"""Changing a 7 Wonders pick before the reveal (never one the bot made for the seat when time
ran out: ``append_move(forced=True)``).

A changed pick replaces the seat's move in place (same ``seq``): the log stays contiguous and
``version`` keeps counting moves, so every reader (replay, history, tests) needs no special
case. Only a pick whose round is not revealed may be replaced; the caller (the game service,
under its per-game lock) checks that against the engine, this module against the version.
"""

from __future__ import annotations

from .core import StoreBase
from .errors import InvalidGameState, VersionConflict

__all__ = ["PickRepo"]


class PickRepo(StoreBase):
    async def replace_pick(
        self, game_id: int, expected_version: int, seq: int, seat: int, old_move: str, new_move: str
    ) -> None:
        """Replace ``seat``'s move ``seq`` (text ``old_move``) by ``new_move`` if the game is
        running and still at ``expected_version`` (no move came in since the caller looked),
        and record the change; one transaction. Raises ``VersionConflict`` /
        ``InvalidGameState`` (the move is not what the caller saw, or was forced)."""
        now = self._now()
        async with self._write() as db:
            # The guarded UPDATE is the compare-and-swap, as in append_move.
            cur = await db.execute(
                "UPDATE games SET updated_at = ? WHERE id = ? AND version = ? "
                "AND status = 'running'",
                (now, game_id, expected_version),
            )
            if cur.rowcount != 1:
                status, version = await self._status(db, game_id)
                if version != expected_version:
                    raise VersionConflict(game_id, expected_version, version)
                raise InvalidGameState(f"game {game_id} is {status}, not running")
            if not 0 < seq <= expected_version:
                raise InvalidGameState(f"game {game_id} has no move {seq}")
            forced = await self._one(
                db, "SELECT 1 FROM forced_moves WHERE game_id = ? AND seq = ?", (game_id, seq)
            )
            if forced is not None:
                raise InvalidGameState(f"move {seq} of game {game_id} was made for its seat")
            cur = await db.execute(
                "DELETE FROM moves WHERE game_id = ? AND seq = ? AND seat = ? AND move_text = ?",
                (game_id, seq, seat, old_move),
            )
            if cur.rowcount != 1:
                raise InvalidGameState(f"move {seq} of game {game_id} is not {old_move!r}")
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, move_text, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, seat, new_move, now),
            )
            await db.execute(
                "INSERT INTO pick_changes (game_id, seq, seat, old_move, new_move, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, seat, old_move, new_move, now),
            )
            # Snapshots are a cache of replayed states: those containing the old pick go.
            await db.execute(
                "DELETE FROM snapshots WHERE game_id = ? AND version >= ?", (game_id, seq)
            )

    async def is_forced(self, game_id: int, seq: int) -> bool:
        """Whether move ``seq`` was made for its seat by the bot (time ran out)."""
        async with self._read() as db:
            row = await self._one(
                db, "SELECT 1 FROM forced_moves WHERE game_id = ? AND seq = ?", (game_id, seq)
            )
        return row is not None

    async def pick_changes(self, game_id: int) -> list[tuple[int, int, str, str]]:
        """Every replaced pick of a game, oldest first: (seq, seat, old move, new move)."""
        async with self._read() as db:
            rows = await self._all(
                db,
                "SELECT seq, seat, old_move, new_move FROM pick_changes "
                "WHERE game_id = ? ORDER BY id",
                (game_id,),
            )
        return [(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows]
