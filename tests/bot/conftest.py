"""Fixtures: a real SQLite store in tmp_path and the services on top of it (no mocks)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest_asyncio

from bot.services.games import GameService
from bot.services.lobby import LobbyService
from bot.services.names import NameBook
from bot.store import Store, open_store

GUILD, CHANNEL = 1000, 2000
ANA, BO, CY, DEE = 11, 12, 13, 14


class Clock:
    """A settable clock for deadlines."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now


@dataclass
class Services:
    store: Store
    games: GameService
    lobby: LobbyService
    clock: Clock


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with open_store(tmp_path / "wonders.db") as opened:
        yield opened


@pytest_asyncio.fixture
async def services(store: Store) -> Services:
    names = NameBook()
    for uid, name in ((ANA, "Ana"), (BO, "Bo"), (CY, "Cy"), (DEE, "Dee")):
        names.remember(uid, name)
    clock = Clock()
    games = GameService(store, names, clock)
    return Services(store, games, LobbyService(games), clock)
