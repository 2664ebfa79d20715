"""Reading games: one game (with or without its move log), filtered lists, games to re-post."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .core import StoreBase
from .errors import GameNotFound
from .game_rows import GAME_COLS, SEAT_COLS, game_record, guild_filter, seat_record
from .models import GAME_STATUSES, GameRecord, MoveRecord, SeatRecord, from_ts

__all__ = ["GameQueryRepo"]


class GameQueryRepo(StoreBase):
    """Reads of games, their seats and their move log."""

    async def get_game(self, game_id: int) -> GameRecord:
        """The game with its seats but without the move log (cheap)."""
        return await self._load(game_id, with_moves=False)

    async def load_game(self, game_id: int) -> GameRecord:
        """The game with seats (by index) and its full move log; raises ``GameNotFound``."""
        return await self._load(game_id, with_moves=True)

    async def _load(self, game_id: int, *, with_moves: bool) -> GameRecord:
        async with self._read() as db:
            row = await self._one(db, f"SELECT {GAME_COLS} FROM games WHERE id = ?", (game_id,))
            if row is None:
                raise GameNotFound(f"no game {game_id}")
            seats = [
                seat_record(r)
                for r in await self._all(
                    db,
                    f"SELECT {SEAT_COLS} FROM seats WHERE game_id = ? ORDER BY seat",
                    (game_id,),
                )
            ]
            moves: list[MoveRecord] = []
            if with_moves:
                moves = [
                    MoveRecord(r[0], r[1], r[2], from_ts(r[3]))
                    for r in await self._all(
                        db,
                        "SELECT seq, seat, move_text, created_at FROM moves WHERE game_id = ? "
                        "ORDER BY seq",
                        (game_id,),
                    )
                ]
        return game_record(row, seats, moves)

    async def moves_since(self, game_id: int, version: int) -> list[MoveRecord]:
        """Moves after ``version`` (to roll a snapshot forward)."""
        async with self._read() as db:
            rows = await self._all(
                db,
                "SELECT seq, seat, move_text, created_at FROM moves "
                "WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, version),
            )
        return [MoveRecord(r[0], r[1], r[2], from_ts(r[3])) for r in rows]

    async def list_games(
        self,
        guild_id: int | None = None,
        channel_id: int | None = None,
        user_id: int | None = None,
        status: str | Iterable[str] | None = None,
        limit: int | None = None,
        invited_id: int | None = None,
    ) -> list[GameRecord]:
        """Games (with seats, without moves) matching every given filter, newest first.
        ``status`` is one status or several; ``channel_id`` also matches a game's thread;
        ``invited_id``: lobbies keeping their free seat for that member (a Duel challenge)."""
        where, args = [], []  # type: tuple[list[str], list[object]]
        if guild_id is not None:
            where.append("guild_id = ?")
            args.append(guild_id)
        if channel_id is not None:
            where.append("(channel_id = ? OR thread_id = ?)")
            args += [channel_id, channel_id]
        if user_id is not None:
            where.append("id IN (SELECT game_id FROM seats WHERE user_id = ?)")
            args.append(user_id)
        if invited_id is not None:
            where.append("invited_id = ?")
            args.append(invited_id)
        if status is not None:
            statuses = [status] if isinstance(status, str) else list(status)
            bad = set(statuses) - set(GAME_STATUSES)
            if bad:
                raise ValueError(f"unknown status {sorted(bad)}")
            where.append(f"status IN ({','.join('?' * len(statuses))})")
            args += statuses
        sql = f"SELECT {GAME_COLS} FROM games"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        return await self._games(sql, args)

    async def list_active_games(
        self, guild_ids: Iterable[int] | None = None, *, dms: bool = False
    ) -> list[GameRecord]:
        """Lobbies and running games, optionally only those of ``guild_ids`` (a shard's
        guilds) plus, with ``dms``, the games played in DMs (no server: shard 0's), oldest
        first - what a bot resumes at start-up."""
        sql = f"SELECT {GAME_COLS} FROM games WHERE status IN ('lobby', 'running')"
        args: list[object] = []
        if guild_ids is not None:
            ids: list[object] = list(guild_ids)
            if not ids and not dms:
                return []
            sql += f" AND {guild_filter('guild_id', len(ids), dms)}"
            args = ids
        return await self._games(sql + " ORDER BY id", args)

    async def unposted_games(
        self, guild_ids: Iterable[int], since: float, *, dms: bool = False
    ) -> list[int]:
        """Games of ``guild_ids`` (and with ``dms``, those played in DMs) - running, or
        finished after ``since`` - whose current version no board or result post shows: the
        bot stopped between saving a change (a start, a move) and posting it - a game never
        posted at all included. Oldest first."""
        ids = list(guild_ids)
        if not ids and not dms:
            return []
        sql = (
            "SELECT g.id FROM games g WHERE (g.status = 'running' OR (g.status = 'finished' "
            f"AND g.ended_at > ?)) AND {guild_filter('g.guild_id', len(ids), dms)} "
            "AND g.version > COALESCE((SELECT MAX(b.version) FROM bot_messages b "
            "WHERE b.game_id = g.id AND b.kind IN ('board', 'result')), -1) ORDER BY g.id"
        )
        async with self._read() as db:
            rows = await self._all(db, sql, [since, *ids])
        return [int(r[0]) for r in rows]

    async def _games(self, sql: str, args: Sequence[object]) -> list[GameRecord]:
        async with self._read() as db:
            rows = await self._all(db, sql, args)
            by_game: dict[int, list[SeatRecord]] = {r[0]: [] for r in rows}
            if rows:
                marks = ",".join("?" * len(by_game))
                for r in await self._all(
                    db,
                    f"SELECT game_id, {SEAT_COLS} FROM seats "
                    f"WHERE game_id IN ({marks}) ORDER BY game_id, seat",
                    list(by_game),
                ):
                    by_game[r[0]].append(seat_record(r[1:]))
        return [game_record(r, by_game[r[0]]) for r in rows]
