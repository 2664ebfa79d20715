"""Ratings: OpenSkill's Plackett-Luce model over the places of one finished game (docs/ratings.md).

Pure and synchronous: the store calls ``rate`` inside the transaction that records a game's
results, and again for every game when an admin recomputes the ratings, so both give the same
numbers. A player is a key: ``u:<user id>`` for a person, ``ai:<level>`` for an AI level (each
level has one rating per server, so beating Hard counts for more than beating Easy once the
levels have played).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

__all__ = [
    "BASE",
    "PROVISIONAL_GAMES",
    "SCALE",
    "Skill",
    "ai_key",
    "fresh",
    "places",
    "rate",
    "user_key",
]

#: Games before a rating stops being "provisional" (its uncertainty is still large before).
PROVISIONAL_GAMES = 5
#: The shown rating is BASE + SCALE * (mu - 3 sigma): a newcomer shows 1000, and a rating only
#: rises as the model becomes sure of it (the conservative estimate ranks the leaderboard).
BASE = 1000
SCALE = 20

_MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Skill:
    """One player's rating: the model's mean and uncertainty, and rated games played."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def shown(self) -> int:
        """The readable conservative rating (what the leaderboard orders by)."""
        return round(BASE + SCALE * (self.mu - 3 * self.sigma))

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def fresh() -> Skill:
    """The rating of a player who has not played yet (OpenSkill's defaults: 25, 25/3)."""
    start = _MODEL.rating()
    return Skill(float(start.mu), float(start.sigma), 0)


def user_key(user_id: int) -> str:
    return f"u:{user_id}"


def ai_key(level: str) -> str:
    return f"ai:{level}"


def places(standings: Sequence[tuple[int, bool]]) -> list[int]:
    """The place each seat is rated at, from its (rank, resigned): a resign counts as last
    place (shared by every seat that resigned); equal ranks stay a tie."""
    last = 1 + max((rank for rank, resigned in standings if not resigned), default=0)
    return [last if resigned else rank for rank, resigned in standings]


def rate(seats: Sequence[tuple[str, int]], current: Mapping[str, Skill]) -> dict[str, Skill]:
    """New ratings after one game of ``seats`` = (player key, place) (1 = first; ties share
    a place), from the players' ``current`` ratings (missing: ``fresh``). A key seated
    twice (two AI seats of one level) moves by the mean of its seats' changes and counts
    one game."""
    before = [current.get(key) or fresh() for key, _ in seats]
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    rated = _MODEL.rate(teams, ranks=[float(place) for _, place in seats])
    moves: dict[str, list[tuple[float, float]]] = {}
    for (key, _), old, team in zip(seats, before, rated, strict=True):
        moves.setdefault(key, []).append((float(team[0].mu) - old.mu, float(team[0].sigma)))
    out: dict[str, Skill] = {}
    for key, changes in moves.items():
        old = current.get(key) or fresh()
        mu = old.mu + sum(d for d, _ in changes) / len(changes)
        sigma = sum(s for _, s in changes) / len(changes)
        out[key] = Skill(mu, sigma, old.games + 1)
    return out
