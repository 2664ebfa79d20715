"""Fixtures: a LocalDiscord with a guild, people, and the real bot (in-process or subprocess)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest_asyncio

from tests.discord_server import LocalDiscord, UserDriver
from tests.e2e.harness import BotProcess
from tests.e2e.inproc import InProcessBot

# Short delays so whole games fit the suite's time budget (names read by bot/settings.py).
FAST_ENV = {
    "WONDERS_AI_DELAY": "0",
    "WONDERS_AI_MATCH_DELAY": "0",
    "WONDERS_TICK_SECONDS": "0.25",
    # The suite starts a few hundred bots; a render worker each (~1 s of CPU to import Pillow,
    # fonts and engines) made its restart and timer tests miss their waits on 2 loaded cores.
    # Workers are tested by test_render_workers.py, tests/bot/test_rendering.py and the whole
    # game of test_classic_game.py.
    "WONDERS_RENDER_PROCESSES": "0",
    # Scripted members send commands faster than people (test_limits.py sets its own rate).
    "WONDERS_COMMANDS_PER_MINUTE": "600",
}

BotFactory = Callable[..., Awaitable[BotProcess]]
LiveFactory = Callable[..., Awaitable[InProcessBot]]


@pytest_asyncio.fixture
async def server() -> AsyncIterator[LocalDiscord]:
    local = await LocalDiscord().start()
    local.guild("Wonders Test", channels=("table", "lounge"))
    try:
        yield local
    finally:
        await local.stop()
    assert not local.violations, "Discord rules broken:\n" + "\n".join(map(str, local.violations))
    # A deferred "thinking…" reply the bot never filled stays a spinner for the user.
    thinking = [m for m in local.messages.values() if m.loading and not m.deleted]
    assert not thinking, f"{len(thinking)} replies left 'thinking…' forever"


@pytest_asyncio.fixture
async def start_bot(server: LocalDiscord, tmp_path: Path) -> AsyncIterator[BotFactory]:
    """``bot = await start_bot(**env)``: one bot process per call, all sharing one database."""
    started: list[BotProcess] = []

    async def start(**env: str) -> BotProcess:
        process = BotProcess(server, tmp_path / "wonders.db", tmp_path, {**FAST_ENV, **env})
        await process.start()
        started.append(process)
        return process

    yield start
    for process in started:
        await process.stop()
    assert not server.unknown_routes, f"routes the server lacks: {server.unknown_routes}"


@pytest_asyncio.fixture
async def bot(start_bot: BotFactory) -> BotProcess:
    return await start_bot()


@pytest_asyncio.fixture
async def start_live(server: LocalDiscord, tmp_path: Path) -> AsyncIterator[LiveFactory]:
    """``live = await start_live(**settings)``: the real bot in this event loop."""
    started: list[InProcessBot] = []

    async def start(**settings: Any) -> InProcessBot:
        live = InProcessBot(server, tmp_path / "wonders.db", **settings)
        started.append(live)
        return await live.start()

    yield start
    async with contextlib.AsyncExitStack() as stopping:  # newest first; each one even if one fails
        for live in started:
            stopping.push_async_callback(live.stop)
    assert not server.unknown_routes, f"routes the server lacks: {server.unknown_routes}"


@pytest_asyncio.fixture
async def live(start_live: LiveFactory) -> InProcessBot:
    return await start_live()


def people(server: LocalDiscord) -> dict[str, UserDriver]:
    return {
        "ana": server.user("ana"),
        "bo": server.user("bo"),
        "cy": server.user("cy"),
        "admin": server.user("root", admin=True),
    }
