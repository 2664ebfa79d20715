"""Fixtures: a fresh ``LocalDiscord`` per test that must end without rule violations."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from tests.discord_server import LocalDiscord


@pytest_asyncio.fixture
async def server() -> AsyncIterator[LocalDiscord]:
    local = await LocalDiscord().start()
    local.guild("Test Server", channels=("general", "games"))
    try:
        yield local
    finally:
        await local.stop()
    assert not local.violations, "Discord rules broken:\n" + "\n".join(map(str, local.violations))
    assert not local.unknown_routes, f"routes the server does not know: {local.unknown_routes}"
