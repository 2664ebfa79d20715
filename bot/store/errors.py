"""Typed errors raised by the store."""

from __future__ import annotations

__all__ = [
    "DatabaseUnavailable",
    "GameNotFound",
    "InvalidGameState",
    "SchemaTooNew",
    "SeatTaken",
    "StoreError",
    "TableFull",
    "VersionConflict",
]


class StoreError(Exception):
    """Base class of every store error."""


class VersionConflict(StoreError):
    """Another move was appended first: the caller's ``expected_version`` is stale."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(
            f"game {game_id}: expected version {expected}, but it is at {actual} "
            "(the game has moved on)"
        )
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class SchemaTooNew(StoreError):
    """The database was migrated by a newer release than this code knows."""

    def __init__(self, db_version: int, code_version: int) -> None:
        super().__init__(
            f"database schema version {db_version} is newer than this code supports "
            f"({code_version}); upgrade wonders-table or use a matching database file"
        )
        self.db_version = db_version
        self.code_version = code_version


class GameNotFound(StoreError):
    """No game with that id."""


class InvalidGameState(StoreError):
    """The operation does not fit the game's status (e.g. a move in a lobby)."""


class SeatTaken(StoreError):
    """The seat index is already occupied (or the user already sits at the game)."""


class TableFull(SeatTaken):
    """Every seat the caller allows (``add_seat(max_seats=…)``) is already taken."""


class DatabaseUnavailable(StoreError):
    """The database server can't be reached or refused us (the message names host and
    database, never the password)."""
