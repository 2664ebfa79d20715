"""Games, seats, the append-only move log and snapshots."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .conn import Conn
from .core import StoreBase
from .errors import GameNotFound, InvalidGameState, SeatTaken, TableFull, VersionConflict
from .models import (
    GAME_KINDS,
    GAME_STATUSES,
    GameRecord,
    MoveRecord,
    ResultEntry,
    SeatRecord,
    Snapshot,
    from_ts,
)

__all__ = ["GameRepo"]

_GAME_COLS = (
    "id, guild_id, channel_id, thread_id, kind, config, seed, rules_version, status, "
    "creator_id, version, created_at, updated_at, started_at, ended_at, end_reason, "
    "turn_timer_s, invited_id"
)
_SEAT_COLS = "seat, user_id, ai_level, joined_at, resigned_at, display_name"


def _opt_ts(v: float | None) -> Any:
    return None if v is None else from_ts(v)


def _game(
    row: Sequence[Any], seats: Iterable[SeatRecord] = (), moves: Iterable[MoveRecord] = ()
) -> GameRecord:
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        thread_id=row[3],
        kind=row[4],
        config=row[5],
        seed=row[6],
        rules_version=row[7],
        status=row[8],
        creator_id=row[9],
        version=row[10],
        created_at=from_ts(row[11]),
        updated_at=from_ts(row[12]),
        started_at=_opt_ts(row[13]),
        ended_at=_opt_ts(row[14]),
        end_reason=row[15],
        seats=tuple(seats),
        moves=tuple(moves),
        turn_timer_s=row[16],
        invited_id=row[17],
    )


def _seat(r: Sequence[Any]) -> SeatRecord:
    return SeatRecord(r[0], r[1], r[2], from_ts(r[3]), _opt_ts(r[4]), r[5])


def _config_text(config: str | Mapping[str, Any]) -> str:
    return config if isinstance(config, str) else json.dumps(config, sort_keys=True)


class GameRepo(StoreBase):
    """Game lifecycle: lobby -> running -> finished | abandoned."""

    async def create_game(
        self,
        *,
        kind: str,
        channel_id: int,
        config: str | Mapping[str, Any],
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
        now = self._now()
        async with self._write() as db:
            game_id = await db.insert_id(
                "INSERT INTO games (guild_id, channel_id, thread_id, kind, config, seed, "
                "rules_version, creator_id, created_at, updated_at, turn_timer_s, invited_id) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    thread_id,
                    kind,
                    _config_text(config),
                    seed,
                    rules_version,
                    creator_id,
                    now,
                    now,
                    turn_timer_s,
                    invited_id,
                ),
            )
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, ai_level, joined_at) "
                "VALUES (?, ?, ?, ?, ?)",
                [(game_id, i, user, ai, now) for i, (user, ai) in enumerate(seats)],
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

    async def update_config(self, game_id: int, config: str | Mapping[str, Any]) -> None:
        """Replace the config while the game is still a lobby (e.g. options changed)."""
        async with self._write() as db:
            status, _ = await self._status(db, game_id)
            if status != "lobby":
                raise InvalidGameState(f"game {game_id} is {status}, config is frozen")
            await db.execute(
                "UPDATE games SET config = ?, updated_at = ? WHERE id = ?",
                (_config_text(config), self._now(), game_id),
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
        config: str | Mapping[str, Any] | None = None,
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
            args: list[Any] = [now, now]
            if config is not None:
                sets += ", config = ?"
                args.append(_config_text(config))
            if seed is not None:
                sets += ", seed = ?"
                args.append(seed)
            await db.execute(f"UPDATE games SET {sets} WHERE id = ?", (*args, game_id))
        return await self.load_game(game_id)

    async def append_move(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        move_text: str,
        *,
        forced: bool = False,
        deadline_met: bool = False,
    ) -> int:
        """Append one move if the game is still at ``expected_version``; returns the new
        version (``expected_version + 1``). Raises ``VersionConflict`` if another move got
        there first, ``InvalidGameState`` unless the game is running. ``forced``: the bot
        moved for a human seat (time ran out), recorded with it so the player can't change
        that pick (``PickRepo.append_repick``). ``deadline_met``: the seat's deadline goes in
        the same transaction (a move is then one write)."""
        now, new = self._now(), expected_version + 1
        if self.dialect == "postgres" and not forced:
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

    async def get_game(self, game_id: int) -> GameRecord:
        """The game with its seats but without the move log (cheap)."""
        return await self._load(game_id, with_moves=False)

    async def load_game(self, game_id: int) -> GameRecord:
        """The game with seats (by index) and its full move log; raises ``GameNotFound``."""
        return await self._load(game_id, with_moves=True)

    async def _load(self, game_id: int, *, with_moves: bool) -> GameRecord:
        async with self._read() as db:
            row = await self._one(db, f"SELECT {_GAME_COLS} FROM games WHERE id = ?", (game_id,))
            if row is None:
                raise GameNotFound(f"no game {game_id}")
            seats = [
                _seat(r)
                for r in await self._all(
                    db,
                    f"SELECT {_SEAT_COLS} FROM seats WHERE game_id = ? ORDER BY seat",
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
        return _game(row, seats, moves)

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
        where, args = [], []  # type: tuple[list[str], list[Any]]
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
        sql = f"SELECT {_GAME_COLS} FROM games"
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
        sql = f"SELECT {_GAME_COLS} FROM games WHERE status IN ('lobby', 'running')"
        args: list[Any] = []
        if guild_ids is not None:
            ids = list(guild_ids)
            if not ids and not dms:
                return []
            sql += f" AND {_guild_filter('guild_id', len(ids), dms)}"
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
            f"AND g.ended_at > ?)) AND {_guild_filter('g.guild_id', len(ids), dms)} "
            "AND g.version > COALESCE((SELECT MAX(b.version) FROM bot_messages b "
            "WHERE b.game_id = g.id AND b.kind IN ('board', 'result')), -1) ORDER BY g.id"
        )
        async with self._read() as db:
            rows = await self._all(db, sql, [since, *ids])
        return [int(r[0]) for r in rows]

    async def _games(self, sql: str, args: Sequence[Any]) -> list[GameRecord]:
        async with self._read() as db:
            rows = await self._all(db, sql, args)
            by_game: dict[int, list[SeatRecord]] = {r[0]: [] for r in rows}
            if rows:
                marks = ",".join("?" * len(by_game))
                for r in await self._all(
                    db,
                    f"SELECT game_id, {_SEAT_COLS} FROM seats "
                    f"WHERE game_id IN ({marks}) ORDER BY game_id, seat",
                    list(by_game),
                ):
                    by_game[r[0]].append(_seat(r[1:]))
        return [_game(r, by_game[r[0]]) for r in rows]

    async def finish_game(
        self, game_id: int, results: Sequence[ResultEntry] = (), reason: str = "finished"
    ) -> None:
        """running -> finished; in the same transaction records ``results`` (one per seat)
        for stats and leaderboards and clears the game's deadlines. A seat whose human
        resigned keeps its standing but is marked ``resigned``: stats count it as a game lost
        with 0 points (see ``ScheduleRepo.user_stats``), never as the AI's result."""
        now = self._now()
        async with self._write() as db:
            status, _ = await self._status(db, game_id)
            if status != "running":
                raise InvalidGameState(f"game {game_id} is {status}, not running")
            g = await self._one(db, "SELECT guild_id, kind FROM games WHERE id = ?", (game_id,))
            seats = {
                r[0]: (r[1], r[2], r[3])
                for r in await self._all(
                    db,
                    "SELECT seat, user_id, ai_level, resigned_at IS NOT NULL AND user_id "
                    "IS NOT NULL FROM seats WHERE game_id = ?",
                    (game_id,),
                )
            }
            for res in results:
                if res.seat not in seats:
                    raise ValueError(f"game {game_id} has no seat {res.seat}")
                user, ai, resigned = seats[res.seat]
                await db.execute(
                    "INSERT INTO results (game_id, seat, user_id, ai_level, guild_id, kind, "
                    "rank, points, finished_at, resigned) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        res.seat,
                        user,
                        ai,
                        g[0],
                        g[1],
                        res.rank,
                        res.points,
                        now,
                        int(resigned),
                    ),
                )
            await self._end(db, game_id, "finished", reason, now)

    async def abandon_game(self, game_id: int, reason: str = "abandoned") -> None:
        """lobby/running -> abandoned (no results recorded); clears the deadlines."""
        async with self._write() as db:
            status, _ = await self._status(db, game_id)
            if status not in ("lobby", "running"):
                raise InvalidGameState(f"game {game_id} is already {status}")
            await self._end(db, game_id, "abandoned", reason, self._now())

    async def _end(self, db: Conn, game_id: int, status: str, reason: str, now: float) -> None:
        await db.execute(
            "UPDATE games SET status = ?, end_reason = ?, ended_at = ?, "
            "updated_at = ? WHERE id = ?",
            (status, reason, now, now, game_id),
        )
        await db.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))

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


def _guild_filter(column: str, n: int, dms: bool) -> str:
    """``column`` among ``n`` guild ids (``?`` placeholders), or NULL (a DM game) if ``dms``."""
    parts = [f"{column} IN ({','.join('?' * n)})"] if n else []
    if dms:
        parts.append(f"{column} IS NULL")
    return f"({' OR '.join(parts)})"
