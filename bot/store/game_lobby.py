"""A game's lobby: creating it, its seats and config, and starting it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .conn import Conn
from .errors import InvalidGameState, SeatTaken, TableFull
from .game_queries import GameQueryRepo
from .game_rows import config_text
from .models import GAME_KINDS, GameRecord

__all__ = ["GameLobbyRepo"]


class GameLobbyRepo(GameQueryRepo):
    """Lobby writes; ``start_game`` reads the started game back (hence the query base)."""

    async def create_game(
        self,
        *,
        kind: str,
        channel_id: int,
        config: str | Mapping[str, object],
        seed: int,
        rules_version: str,
        guild_id: int | None = None,
        thread_id: int | None = None,
        creator_id: int | None = None,
        turn_timer_s: int = 0,
        seats: Sequence[tuple[int | None, str | None]] = (),
        invited_id: int | None = None,
    ) -> int:
        """Create a game in status ``lobby`` at version 0 and return its id.
        ``config`` is JSON text (a mapping is serialised with sorted keys);
        ``turn_timer_s``: seconds per turn (0 = no timer); ``seats``: (user id, AI level)
        of the first seats and ``invited_id`` the member a Duel challenge keeps the free
        seat for, written in the same transaction (nobody can join in between)."""
        if kind not in GAME_KINDS:
            raise ValueError(f"unknown game kind {kind!r}")
        if turn_timer_s < 0:
            raise ValueError("turn_timer_s must be >= 0")
        async with self._write() as db:
            return await self._insert_game(
                db,
                (guild_id, channel_id, thread_id, kind, config_text(config), seed, rules_version)
                + (creator_id, turn_timer_s, invited_id),
                seats,
            )

    async def _insert_game(
        self, db: Conn, fields: tuple[object, ...], seats: Sequence[tuple[int | None, str | None]]
    ) -> int:
        """Insert a lobby and its first seats; ``fields``: guild, channel, thread, kind,
        config, seed, rules version, creator, turn timer, invited member. A (None, None)
        seat stays free (a rematch keeps it for its player)."""
        now = self._now()
        game_id = await db.insert_id(
            "INSERT INTO games (guild_id, channel_id, thread_id, kind, config, seed, "
            "rules_version, creator_id, turn_timer_s, invited_id, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (*fields, now, now),
        )
        await db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, ai_level, joined_at) "
            "VALUES (?, ?, ?, ?, ?)",
            [
                (game_id, i, user, ai, now)
                for i, (user, ai) in enumerate(seats)
                if (user, ai) != (None, None)
            ],
        )
        return int(game_id)

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """Record (or clear) the thread the game is played in."""
        async with self._write() as db:
            await self._status(db, game_id)
            await db.execute(
                "UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ?",
                (thread_id, self._now(), game_id),
            )

    async def update_config(self, game_id: int, config: str | Mapping[str, object]) -> None:
        """Replace the config while the game is still a lobby (e.g. options changed)."""
        async with self._write() as db:
            status, _ = await self._status(db, game_id)
            if status != "lobby":
                raise InvalidGameState(f"game {game_id} is {status}, config is frozen")
            await db.execute(
                "UPDATE games SET config = ?, updated_at = ? WHERE id = ?",
                (config_text(config), self._now(), game_id),
            )

    async def add_seat(
        self,
        game_id: int,
        *,
        user_id: int | None = None,
        ai_level: str | None = None,
        seat: int | None = None,
        max_seats: int | None = None,
    ) -> int:
        """Seat a human (``user_id``) or an AI (``ai_level``) in a lobby; ``seat`` defaults
        to the lowest free index. Returns the seat index. Raises ``SeatTaken`` if the seat
        is occupied or the user already sits at this game, ``TableFull`` if ``max_seats``
        seats are already taken (checked in the write transaction, so no race can exceed it)."""
        if (user_id is None) == (ai_level is None):
            raise ValueError("give exactly one of user_id and ai_level")
        async with self._write() as db:
            status, _ = await self._status(db, game_id)
            if status != "lobby":
                raise InvalidGameState(f"game {game_id} is {status}, seats are frozen")
            taken = {
                r[0]: r[1]
                for r in await self._all(
                    db, "SELECT seat, user_id FROM seats WHERE game_id = ?", (game_id,)
                )
            }
            if user_id is not None and user_id in taken.values():
                raise SeatTaken(f"user {user_id} already sits at game {game_id}")
            if max_seats is not None and len(taken) >= max_seats:
                raise TableFull(f"game {game_id} is full ({max_seats} seats)")
            if seat is None:
                seat = next(i for i in range(len(taken) + 1) if i not in taken)
            if seat in taken:
                raise SeatTaken(f"seat {seat} of game {game_id} is taken")
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, ai_level, joined_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (game_id, seat, user_id, ai_level, self._now()),
            )
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (self._now(), game_id))
        return seat

    async def remove_seat(self, game_id: int, seat: int) -> bool:
        """Free a seat of a lobby; True if a seat was removed. Other seats keep their index
        (``start_game`` compacts them to 0..n-1)."""
        async with self._write() as db:
            status, _ = await self._status(db, game_id)
            if status != "lobby":
                raise InvalidGameState(f"game {game_id} is {status}, seats are frozen")
            cur = await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)
            )
            return cur.rowcount > 0

    async def start_game(
        self,
        game_id: int,
        *,
        config: str | Mapping[str, object] | None = None,
        seed: int | None = None,
    ) -> GameRecord:
        """lobby -> running. Renumbers seats to 0..n-1 in their order, optionally fixes the
        final config / seed, and returns the started game."""
        now = self._now()
        async with self._write() as db:
            status, _ = await self._status(db, game_id)
            if status != "lobby":
                raise InvalidGameState(f"game {game_id} is {status}, not a lobby")
            seats = [
                r[0]
                for r in await self._all(
                    db, "SELECT seat FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
                )
            ]
            if not seats:
                raise InvalidGameState(f"game {game_id} has no seats")
            # Two passes via indexes above every current one keep the primary key unique.
            shift = seats[-1] + 1
            for new, old in enumerate(seats):
                await db.execute(
                    "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?",
                    (shift + new, game_id, old),
                )
            await db.execute("UPDATE seats SET seat = seat - ? WHERE game_id = ?", (shift, game_id))
            sets = "status = 'running', started_at = ?, updated_at = ?"
            args: list[object] = [now, now]
            if config is not None:
                sets += ", config = ?"
                args.append(config_text(config))
            if seed is not None:
                sets += ", seed = ?"
                args.append(seed)
            await db.execute(f"UPDATE games SET {sets} WHERE id = ?", (*args, game_id))
        return await self.load_game(game_id)
