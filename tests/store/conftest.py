"""Fixtures for store tests: a real SQLite file or PostgreSQL database per test (never a mock)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.store import Store, open_store


@pytest_asyncio.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """The same store tests on both backends: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        database = str(tmp_path / "wonders.db")
    else:
        database = request.getfixturevalue("pg_url")
    async with open_store(database) as s:
        yield s


async def running_game(
    store: Store, players: int = 2, guild_id: int = 10, channel_id: int = 20, kind: str = "duel"
) -> int:
    """A started game with human seats 100, 101, ..."""
    gid = await store.create_game(
        kind=kind,
        channel_id=channel_id,
        guild_id=guild_id,
        config=f'{{"players": {players}}}',
        seed=42,
        rules_version="t1",
        creator_id=100,
    )
    for i in range(players):
        await store.add_seat(gid, user_id=100 + i)
    await store.start_game(gid)
    return gid
