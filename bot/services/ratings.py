"""Ratings and seasons as the commands and the result post see them (docs/ratings.md).

The store rates each finished game as it records the results; this service reads the ratings
back per server, game family and season, opens seasons and recomputes everything from the
games (an admin's command).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.model.errors import UserError
from bot.rating import Skill
from bot.store import RatingChange, RatingRow, Season, SeasonExists, Store

__all__ = ["FAMILIES", "Board", "RatingService", "SeatChange", "family_of", "skill_of"]

#: The rating families: every 7 Wonders table (any expansion) is one, Duel the other.
FAMILIES = ("classic", "duel")
_SEASON_NAME = 40
_BEFORE = "before the first season"  # season 0's name


def family_of(kind: str) -> str:
    """The rating family of a game kind (7 Wonders with any expansion: ``classic``)."""
    return kind


def skill_of(row: RatingRow) -> Skill:
    return Skill(row.mu, row.sigma, row.games)


@dataclass(frozen=True)
class SeatChange:
    """A seat's rating after a game and its change of the shown rating."""

    seat: int
    user_id: int | None
    shown: int
    change: int
    provisional: bool


@dataclass(frozen=True)
class Board:
    """A leaderboard: the season it shows and its rows, best first."""

    season: Season
    current: bool
    rows: list[RatingRow]


def _change(c: RatingChange) -> SeatChange:
    before = Skill(c.mu_before, c.sigma_before, c.games_after - 1)
    after = Skill(c.mu_after, c.sigma_after, c.games_after)
    return SeatChange(c.seat, c.user_id, after.shown, after.shown - before.shown, after.provisional)


class RatingService:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def changes(self, game_id: int) -> list[SeatChange]:
        """The people's rating changes of a finished game (empty: the game was not rated)."""
        return [
            _change(c) for c in await self.store.rating_changes(game_id) if c.user_id is not None
        ]

    async def current_season(self, guild_id: int) -> Season:
        found = await self.store.seasons(guild_id)
        return found[-1] if found else Season(guild_id, 0, _BEFORE, None)

    async def season(self, guild_id: int, text: str | None) -> tuple[Season, bool]:
        """The season named ``text`` (its name, or its number; None: the current one) and
        whether it is the current one; a ``UserError`` listing the seasons otherwise."""
        current = await self.current_season(guild_id)
        if text is None or not text.strip():
            return current, True
        want = text.strip().lower()
        every = [Season(guild_id, 0, _BEFORE, None)]
        every += await self.store.seasons(guild_id)
        for s in every:
            if want in (s.name.lower(), str(s.number), f"#{s.number}"):
                return s, s.number == current.number
        names = ", ".join(f"{s.name} (#{s.number})" for s in every)
        raise UserError(f"There is no season {text.strip()!r} here; the seasons are: {names}.")

    async def season_names(self, guild_id: int) -> list[str]:
        """The server's seasons, newest first (for autocomplete), then season 0."""
        newest = [s.name for s in reversed(await self.store.seasons(guild_id))]
        return [*newest, _BEFORE]

    async def board(self, guild_id: int, family: str, season: str | None) -> Board:
        chosen, current = await self.season(guild_id, season)
        rows = await self.store.rating_board(guild_id, family, chosen.number)
        return Board(chosen, current, rows)

    async def mine(self, guild_id: int, user_id: int) -> dict[str, Skill]:
        """A person's rating per family in the current season."""
        season = await self.current_season(guild_id)
        rows = await self.store.user_ratings(guild_id, user_id, season.number)
        return {family: skill_of(row) for family, row in rows.items()}

    async def start_season(self, guild_id: int, name: str) -> Season:
        name = " ".join(name.split())
        if not name or len(name) > _SEASON_NAME:
            raise UserError(f"Name the season in 1 to {_SEASON_NAME} characters.")
        if name.isdigit() or name.startswith("#"):
            raise UserError("A season's name can't be a number: seasons are chosen by name.")
        try:
            return await self.store.start_season(guild_id, name)
        except SeasonExists:
            raise UserError(f"This server already had a season called {name!r}.") from None

    async def recompute(self, guild_id: int) -> int:
        """Rate every finished game of the server again; the number of games rated."""
        return await self.store.recompute_ratings(guild_id)
