"""Immutable records returned by the store (frozen dataclasses; times are aware UTC datetimes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal

__all__ = [
    "GAME_KINDS",
    "GAME_SEAT",
    "GAME_STATUSES",
    "TIMEOUT_POLICIES",
    "BotMessage",
    "Deadline",
    "GameKind",
    "GameRecord",
    "GameStatus",
    "GuildSettings",
    "LeaderboardRow",
    "MoveRecord",
    "RatingChange",
    "RatingRow",
    "ResultEntry",
    "Season",
    "SeatRecord",
    "Snapshot",
    "TimeoutPolicy",
    "UserStats",
    "from_ts",
    "to_ts",
]

GameKind = Literal["classic", "duel"]
GameStatus = Literal["lobby", "running", "finished", "abandoned"]
TimeoutPolicy = Literal["ai", "skip", "abandon"]
GAME_KINDS: tuple[str, ...] = ("classic", "duel")
GAME_STATUSES: tuple[str, ...] = ("lobby", "running", "finished", "abandoned")
TIMEOUT_POLICIES: tuple[str, ...] = ("ai", "skip", "abandon")
#: Seat number of a game-wide deadline (not tied to one player).
GAME_SEAT = -1


def to_ts(when: datetime) -> float:
    """Aware datetime -> epoch seconds (naive datetimes are taken as UTC)."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.timestamp()


def from_ts(ts: float) -> datetime:
    """Epoch seconds -> aware UTC datetime."""
    return datetime.fromtimestamp(ts, tz=UTC)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat: a human (``user_id``) or an AI (``ai_level``), never both."""

    seat: int
    user_id: int | None
    ai_level: str | None
    joined_at: datetime
    resigned_at: datetime | None = None  # a human who resigned: an AI plays the seat since
    name: str | None = None  # a human's display name as last seen (None: AI, or not seen)

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None

    @property
    def resigned(self) -> bool:
        return self.resigned_at is not None


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One entry of the append-only log; ``seq`` is 1-based and equals the version it created."""

    seq: int
    seat: int
    move_text: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game: config + seed + rules version + seats + moves. ``version == len(moves)``
    when loaded with moves."""

    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    kind: str
    config: str
    seed: int
    rules_version: str
    status: str
    creator_id: int | None
    version: int
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    ended_at: datetime | None
    end_reason: str | None
    seats: tuple[SeatRecord, ...] = ()
    moves: tuple[MoveRecord, ...] = ()
    turn_timer_s: int = 0  # seconds per turn for this game; 0 = no timer
    invited_id: int | None = None  # a Duel challenge: only this member may take the free seat

    def seat_of(self, user_id: int) -> int | None:
        """The seat index of a user, or None if the user does not play."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    @property
    def move_texts(self) -> list[str]:
        return [m.move_text for m in self.moves]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Cached engine state (``dump()`` text) after ``version`` moves."""

    game_id: int
    version: int
    state: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class BotMessage:
    """A Discord message the bot posted for a game (so it can be edited or replaced)."""

    id: int
    game_id: int
    kind: str
    channel_id: int
    message_id: int
    seat: int | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """Per-guild configuration; ``allowed_channel_ids`` empty means every channel."""

    guild_id: int
    turn_timer_s: int = 86400
    reminder_interval_s: int = 21600
    max_reminders: int = 3
    timeout_policy: str = "ai"
    default_ai_level: str = "heuristic"
    allowed_channel_ids: tuple[int, ...] = field(default_factory=tuple)
    show_live_scores: bool = True
    ai_match_delay_s: float = 2.0
    game_threads: bool = True
    ping_after_s: int = 600
    thread_warning_sent: bool = False

    def channel_allowed(self, channel_id: int) -> bool:
        return not self.allowed_channel_ids or channel_id in self.allowed_channel_ids


@dataclass(frozen=True, slots=True)
class Deadline:
    """When a seat (or the whole game, seat ``GAME_SEAT``) times out / is next reminded."""

    game_id: int
    seat: int
    due_at: datetime
    next_reminder_at: datetime | None
    reminders_sent: int
    stalled: bool


@dataclass(frozen=True, slots=True)
class ResultEntry:
    """Final standing of one seat, written by ``finish_game``."""

    seat: int
    rank: int
    points: int


@dataclass(frozen=True, slots=True)
class UserStats:
    """Aggregate results of one user (optionally one kind / guild)."""

    user_id: int
    games: int
    wins: int
    total_points: int
    best_points: int | None

    @property
    def average_points(self) -> float:
        return self.total_points / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """One line of a guild leaderboard (ordered by wins, then win rate, then games)."""

    user_id: int
    games: int
    wins: int
    average_points: float


@dataclass(frozen=True, slots=True)
class Season:
    """A server's rating season (number 0: the games before its first season started)."""

    guild_id: int
    number: int
    name: str
    started_at: datetime | None


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One player's current rating in a server, game family and season (``player``:
    ``u:<user id>`` or ``ai:<level>``, see ``bot.rating``)."""

    player: str
    user_id: int | None
    mu: float
    sigma: float
    games: int

    @property
    def ai_level(self) -> str | None:
        return self.player[3:] if self.player.startswith("ai:") else None


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A seat's rating before and after one game (``RatingRow`` values)."""

    seat: int
    player: str
    user_id: int | None
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    games_after: int
