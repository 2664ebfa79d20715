"""The backend seam and the transaction helpers every repository mixin uses."""

from __future__ import annotations

import time
from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from .conn import Conn, integrity_errors
from .errors import GameNotFound, InvalidGameState, VersionConflict
from .sqlite import BUSY_TIMEOUT_MS, DEFAULT_SYNCHRONOUS, SYNCHRONOUS_MODES, connect

__all__ = [
    "BUSY_TIMEOUT_MS",
    "DEFAULT_SYNCHRONOUS",
    "SYNCHRONOUS_MODES",
    "Backend",
    "StoreBase",
    "connect",
]


class Backend(Protocol):
    """A database the store runs on (``SqliteBackend``, ``PostgresBackend``)."""

    dialect: str

    def write(self) -> AbstractAsyncContextManager[Conn]:
        """One write transaction: everything inside commits together or not at all."""
        ...

    def read(self) -> AbstractAsyncContextManager[Conn]:
        """A consistent read snapshot across several SELECTs."""
        ...

    def single(self) -> AbstractAsyncContextManager[Conn]:
        """A connection whose every statement commits on its own (no surrounding BEGIN)."""
        ...

    async def close(self) -> None: ...


class StoreBase:
    """Holds the backend; repositories run their SQL in ``_write`` / ``_read`` transactions."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self._integrity = integrity_errors()

    @property
    def dialect(self) -> str:
        """ "sqlite" or "postgres"."""
        return self.backend.dialect

    @staticmethod
    def _now() -> float:
        return time.time()

    def _write(self) -> AbstractAsyncContextManager[Conn]:
        """One write transaction: everything inside commits together or not at all."""
        return self.backend.write()

    def _read(self) -> AbstractAsyncContextManager[Conn]:
        """A consistent read snapshot across several SELECTs."""
        return self.backend.read()

    @staticmethod
    async def _all(db: Conn, sql: str, args: Iterable[object] = ()) -> list[Any]:
        return await db.execute_fetchall(sql, args)

    @staticmethod
    async def _one(db: Conn, sql: str, args: Iterable[object] = ()) -> Any:
        rows = await db.execute_fetchall(sql, args)
        return next(iter(rows), None)

    async def _status(self, db: Conn, game_id: int) -> tuple[str, int]:
        """A game's (status, version); raises ``GameNotFound``."""
        row = await self._one(db, "SELECT status, version FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(f"no game {game_id}")
        return str(row[0]), int(row[1])

    async def _cas_version(self, db: Conn, game_id: int, expected_version: int, now: float) -> None:
        """Move a running game from ``expected_version`` to the next (the compare-and-swap
        every append starts with), or raise ``VersionConflict`` / ``InvalidGameState``. On
        PostgreSQL the UPDATE also row-locks the game until commit: a second process's append
        to the same game waits, then finds the version moved on."""
        cur = await db.execute(
            "UPDATE games SET version = ?, updated_at = ? "
            "WHERE id = ? AND version = ? AND status = 'running'",
            (expected_version + 1, now, game_id, expected_version),
        )
        if cur.rowcount != 1:
            status, version = await self._status(db, game_id)
            if version != expected_version:
                raise VersionConflict(game_id, expected_version, version)
            raise InvalidGameState(f"game {game_id} is {status}, not running")

    async def _insert_move(
        self, db: Conn, game_id: int, seq: int, seat: int, text: str, now: float
    ) -> None:
        try:
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, move_text, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, seat, text, now),
            )
        except self._integrity as exc:  # only if the log and version drifted
            raise VersionConflict(game_id, seq - 1, seq) from exc

    async def close(self) -> None:
        """Close the connection (``open_store`` does this for you)."""
        await self.backend.close()
