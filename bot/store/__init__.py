"""Persistence on SQLite (default) or PostgreSQL (``postgresql://…``, several processes): SQL
migrations per dialect, an append-only move log (the database refuses to change a move) and
optimistic concurrency. The bot never writes SQL outside this package.

    async with open_store("wonders.db") as store:  # or open_store("postgresql://…")
        gid = await store.create_game(kind="duel", channel_id=1, config="{}", seed=7,
                                      rules_version="1")
        ...
        new_version = await store.append_move(gid, expected_version, seat, str(move))
"""

from __future__ import annotations

from .errors import (
    DatabaseUnavailable,
    GameNotFound,
    InvalidGameState,
    SchemaTooNew,
    SeatTaken,
    StoreError,
    VersionConflict,
)
from .migrate import apply_migrations, code_schema_version
from .models import (
    GAME_KINDS,
    GAME_SEAT,
    GAME_STATUSES,
    TIMEOUT_POLICIES,
    BotMessage,
    Deadline,
    GameKind,
    GameRecord,
    GameStatus,
    GuildSettings,
    LeaderboardRow,
    MoveRecord,
    RatingChange,
    RatingRow,
    ResultEntry,
    Season,
    SeatRecord,
    Snapshot,
    TimeoutPolicy,
    UserStats,
)
from .ratings import SeasonExists
from .store import Store, open_store

__all__ = [
    "DatabaseUnavailable",
    "GAME_KINDS",
    "GAME_SEAT",
    "GAME_STATUSES",
    "TIMEOUT_POLICIES",
    "BotMessage",
    "Deadline",
    "GameKind",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "GuildSettings",
    "InvalidGameState",
    "LeaderboardRow",
    "MoveRecord",
    "RatingChange",
    "RatingRow",
    "ResultEntry",
    "Season",
    "SeasonExists",
    "SchemaTooNew",
    "SeatRecord",
    "SeatTaken",
    "Snapshot",
    "Store",
    "StoreError",
    "TimeoutPolicy",
    "UserStats",
    "VersionConflict",
    "apply_migrations",
    "code_schema_version",
    "open_store",
]
