"""Per-game options that change after creation: the turn timer, resigned seats, the
players' display names and a Duel challenge's reserved seat."""

from __future__ import annotations

from collections.abc import Mapping

from .core import StoreBase
from .errors import GameNotFound, InvalidGameState

__all__ = ["OptionsRepo"]


class OptionsRepo(StoreBase):
    async def set_turn_timer(self, game_id: int, seconds: int) -> None:
        """Seconds per turn of a lobby or running game (0 = no timer)."""
        if seconds < 0:
            raise ValueError("seconds must be >= 0")
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE games SET turn_timer_s = ?, updated_at = ? "
                "WHERE id = ? AND status IN ('lobby', 'running')",
                (seconds, self._now(), game_id),
            )
            if cur.rowcount != 1:
                row = await self._one(db, "SELECT status FROM games WHERE id = ?", (game_id,))
                if row is None:
                    raise GameNotFound(f"no game {game_id}")
                raise InvalidGameState(f"game {game_id} is {row[0]}: its timer is frozen")

    async def resign_seat(self, game_id: int, seat: int) -> bool:
        """Mark a human seat of a running game as resigned (an AI plays it from now on) and
        drop its deadline, in one transaction. False if it had already resigned."""
        now = self._now()
        async with self._write() as db:
            row = await self._one(db, "SELECT status FROM games WHERE id = ?", (game_id,))
            if row is None:
                raise GameNotFound(f"no game {game_id}")
            if row[0] != "running":
                raise InvalidGameState(f"game {game_id} is {row[0]}, not running")
            found = await self._one(
                db,
                "SELECT user_id, resigned_at FROM seats WHERE game_id = ? AND seat = ?",
                (game_id, seat),
            )
            if found is None or found[0] is None:
                raise ValueError(f"game {game_id} has no human seat {seat}")
            if found[1] is not None:
                return False
            await db.execute(
                "UPDATE seats SET resigned_at = ? WHERE game_id = ? AND seat = ?",
                (now, game_id, seat),
            )
            await db.execute(
                "DELETE FROM deadlines WHERE game_id = ? AND seat = ?", (game_id, seat)
            )
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
        return True

    async def set_seat_names(self, game_id: int, names: Mapping[int, str]) -> int:
        """Record the display name of the human seats of ``names`` (user id -> name) so posts
        after a restart still name the players. Rows already holding the name are left alone;
        callers pass only names they saw change. Returns the number of seats updated."""
        changed = 0
        async with self._write() as db:
            for user_id, name in names.items():
                cur = await db.execute(
                    "UPDATE seats SET display_name = ? WHERE game_id = ? AND user_id = ? "
                    "AND display_name IS NOT ?",
                    (name, game_id, user_id, name),
                )
                changed += cur.rowcount
        return changed

    async def set_invited(self, game_id: int, user_id: int | None) -> None:
        """Reserve a lobby's free seat for ``user_id`` (a Duel challenge; None: anyone)."""
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE games SET invited_id = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
                (user_id, self._now(), game_id),
            )
            if cur.rowcount != 1:
                row = await self._one(db, "SELECT status FROM games WHERE id = ?", (game_id,))
                if row is None:
                    raise GameNotFound(f"no game {game_id}")
                raise InvalidGameState(f"game {game_id} is {row[0]}, not a lobby")
