"""Ratings derived from finished games (``bot.rating`` does the maths) and seasons.

``finish_game`` rates a game in the transaction that records its results; ``recompute_ratings``
forgets a server's ratings and rates its finished games again, oldest first, so the stored
ratings always equal what the games say. Not rated: abandoned games (they have no results),
games outside a server, and the tutorial's coached practice games.
"""

from __future__ import annotations

from bot.rating import Skill, ai_key, fresh, places, rate, user_key

from .conn import Conn
from .core import StoreBase
from .errors import StoreError
from .models import RatingChange, RatingRow, Season, from_ts

__all__ = ["RatingRepo", "SeasonExists"]

#: ``game_hints.enabled`` of the tutorial's practice game (bot.services.hints.COACH).
_COACHED = 2
#: pg_advisory_xact_lock namespace of a server's ratings ("Rate").
_RATING_LOCK = 0x52617465
_RATED_GAMES = (
    "SELECT g.id, g.ended_at FROM games g WHERE g.status = 'finished' AND g.guild_id = ? "
    "AND NOT EXISTS (SELECT 1 FROM game_hints h WHERE h.game_id = g.id AND h.enabled = ?) "
    "ORDER BY g.ended_at, g.id"
)
_EVENT_COLS = "seat, player, user_id, mu_before, sigma_before, mu_after, sigma_after, games_after"


class SeasonExists(StoreError):
    """A season of that name already exists in the server."""


class RatingRepo(StoreBase):
    """Rating events, current ratings and seasons."""

    # -- rating one game (inside finish_game's transaction) --------------------------------
    async def _rate_game(self, db: Conn, game_id: int, when: float) -> None:
        """Rate a finished game's seats: write its events and the players' new ratings."""
        game = await self._rated_game(db, game_id)
        if game is None:
            return
        guild_id, family = game
        rows = await self._all(
            db,
            "SELECT seat, user_id, ai_level, rank, resigned FROM results WHERE game_id = ? "
            "ORDER BY seat",
            (game_id,),
        )
        if len(rows) < 2:
            return
        board = (guild_id, family, await self._season_at(db, guild_id, when))
        keys = [user_key(r[1]) if r[1] is not None else ai_key(str(r[2])) for r in rows]
        placed = places([(int(r[3]), bool(r[4])) for r in rows])
        current = await self._current(db, *board, keys)
        after = rate(list(zip(keys, placed, strict=True)), current)
        for r, key, place in zip(rows, keys, placed, strict=True):
            old, new = current.get(key) or fresh(), after[key]
            await db.execute(
                "INSERT INTO rating_events (game_id, seat, guild_id, family, season, player, "
                "user_id, place, mu_before, sigma_before, mu_after, sigma_after, games_after, "
                "rated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, r[0], *board, key, r[1], place, old.mu, old.sigma)
                + (new.mu, new.sigma, new.games, when),
            )
        await self._save_ratings(db, board, after, when)

    async def _rated_game(self, db: Conn, game_id: int) -> tuple[int, str] | None:
        """(server, family) of a game to rate, None for one that is not rated (no server,
        or the tutorial's coached practice game). On PostgreSQL it also waits for any other
        game of the server being rated: two ending at once would each read the old ratings."""
        game = await self._one(db, "SELECT guild_id, kind FROM games WHERE id = ?", (game_id,))
        coached = await self._one(
            db, "SELECT 1 FROM game_hints WHERE game_id = ? AND enabled = ?", (game_id, _COACHED)
        )
        if game is None or game[0] is None or coached is not None:
            return None
        await self._lock_ratings(db, int(game[0]))
        return int(game[0]), str(game[1])

    async def _lock_ratings(self, db: Conn, guild_id: int) -> None:
        """Until commit, the server's ratings and seasons are this transaction's alone
        (PostgreSQL; SQLite's write transactions already run one by one)."""
        if self.dialect == "postgres":
            await db.execute(
                "SELECT pg_advisory_xact_lock(?, ?)", (_RATING_LOCK, guild_id % 2_000_000_000)
            )

    async def _save_ratings(
        self, db: Conn, board: tuple[int, str, int], after: dict[str, Skill], when: float
    ) -> None:
        """Upsert the current ratings of (server, family, season) ``board``."""
        for key, new in after.items():
            user = int(key[2:]) if key.startswith("u:") else None
            await db.execute(
                "INSERT INTO ratings (guild_id, family, season, player, user_id, mu, sigma, "
                "games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, family, season, player) DO UPDATE SET "
                "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
                "updated_at = excluded.updated_at",
                (*board, key, user, new.mu, new.sigma, new.games, when),
            )

    async def _current(
        self, db: Conn, guild_id: int, family: str, season: int, keys: list[str]
    ) -> dict[str, Skill]:
        marks = ",".join("?" * len(keys))
        rows = await self._all(
            db,
            "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND family = ? "
            f"AND season = ? AND player IN ({marks})",
            [guild_id, family, season, *keys],
        )
        return {str(r[0]): Skill(float(r[1]), float(r[2]), int(r[3])) for r in rows}

    async def _season_at(self, db: Conn, guild_id: int, when: float) -> int:
        row = await self._one(
            db,
            "SELECT COALESCE(MAX(number), 0) FROM seasons WHERE guild_id = ? AND started_at <= ?",
            (guild_id, when),
        )
        return int(row[0])

    # -- reading -------------------------------------------------------------------------
    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        """Each rated seat's rating before and after game ``game_id`` (none: not rated)."""
        async with self._read() as db:
            rows = await self._all(
                db,
                f"SELECT {_EVENT_COLS} FROM rating_events WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
        return [RatingChange(*r) for r in rows]

    async def rating_board(
        self, guild_id: int, family: str, season: int, limit: int | None = None
    ) -> list[RatingRow]:
        """Every rated player (people and AI levels) of a server, family and season, by the
        conservative rating (mu - 3 sigma), best first."""
        sql = (
            "SELECT player, user_id, mu, sigma, games FROM ratings WHERE guild_id = ? "
            "AND family = ? AND season = ? ORDER BY mu - 3 * sigma DESC, games DESC, player"
        )
        args: list[object] = [guild_id, family, season]
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        async with self._read() as db:
            rows = await self._all(db, sql, args)
        return [RatingRow(str(r[0]), r[1], float(r[2]), float(r[3]), int(r[4])) for r in rows]

    async def user_ratings(self, guild_id: int, user_id: int, season: int) -> dict[str, RatingRow]:
        """A person's rating per game family in a server's season."""
        async with self._read() as db:
            rows = await self._all(
                db,
                "SELECT family, player, user_id, mu, sigma, games FROM ratings "
                "WHERE guild_id = ? AND season = ? AND player = ?",
                (guild_id, season, user_key(user_id)),
            )
        return {
            str(r[0]): RatingRow(str(r[1]), r[2], float(r[3]), float(r[4]), int(r[5])) for r in rows
        }

    # -- recomputing ---------------------------------------------------------------------
    async def recompute_ratings(self, guild_id: int) -> int:
        """Forget a server's ratings and rate its finished games again, oldest first (one
        transaction: nobody sees half of it). Returns the number of games rated."""
        async with self._write() as db:
            await db.execute("DELETE FROM rating_events WHERE guild_id = ?", (guild_id,))
            await db.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
            games = await self._all(db, _RATED_GAMES, (guild_id, _COACHED))
            for game_id, ended_at in games:
                await self._rate_game(db, int(game_id), float(ended_at))
            rated = await self._one(
                db,
                "SELECT COUNT(DISTINCT game_id) FROM rating_events WHERE guild_id = ?",
                (guild_id,),
            )
        return int(rated[0])

    # -- seasons -------------------------------------------------------------------------
    async def start_season(self, guild_id: int, name: str) -> Season:
        """Open the server's next season from now on; ``SeasonExists`` if the name is taken."""
        now = self._now()
        async with self._write() as db:
            await self._lock_ratings(db, guild_id)  # two admins at once: one season each
            if await self._one(
                db, "SELECT 1 FROM seasons WHERE guild_id = ? AND name = ?", (guild_id, name)
            ):
                raise SeasonExists(f"season {name!r} exists")
            row = await self._one(
                db, "SELECT COALESCE(MAX(number), 0) FROM seasons WHERE guild_id = ?", (guild_id,)
            )
            number = int(row[0]) + 1
            await db.execute(
                "INSERT INTO seasons (guild_id, number, name, started_at) VALUES (?, ?, ?, ?)",
                (guild_id, number, name, now),
            )
        return Season(guild_id, number, name, from_ts(now))

    async def seasons(self, guild_id: int) -> list[Season]:
        """The server's seasons, oldest first (season 0, before the first one, not listed)."""
        async with self._read() as db:
            rows = await self._all(
                db,
                "SELECT number, name, started_at FROM seasons WHERE guild_id = ? ORDER BY number",
                (guild_id,),
            )
        return [Season(guild_id, int(r[0]), str(r[1]), from_ts(float(r[2]))) for r in rows]
