"""Fixtures: a fresh ``LocalDiscord`` per test that must end without rule violations."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest_asyncio

from tests.discord_server import LocalDiscord, pointed_at
from tests.discord_server.tiny_bot import TinyBot


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


@pytest_asyncio.fixture
async def bot(server: LocalDiscord) -> AsyncIterator[TinyBot]:
    client = TinyBot()
    with pointed_at(server.api_base, server.gateway_url):
        task = asyncio.create_task(client.start(server.token))
        await server.wait_until_ready()
        await server.wait_for(lambda: server.global_commands, 5)
        try:
            yield client
        finally:
            await client.close()
            await asyncio.wait_for(task, 5)
