"""The bot's render workers (bot.rendering) live and die with it: a bot killed with SIGKILL,
like a crashed host, leaves no process behind."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from tests.bot.test_rendering import spawned_children
from tests.e2e.conftest import BotFactory

pytestmark = pytest.mark.asyncio


async def children_of(pid: int, timeout: float = 20.0) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = spawned_children(pid)
        if found:
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(f"the bot started no render worker in {timeout} s")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (exited, not yet reaped by its new parent) is gone for our purpose.
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


async def test_render_workers_exit_when_the_bot_is_killed(start_bot: BotFactory) -> None:
    bot = await start_bot(WONDERS_RENDER_PROCESSES="2")
    assert bot.process is not None
    workers = await children_of(bot.process.pid)
    await bot.kill()
    deadline = time.monotonic() + 10
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert not [w for w in workers if alive(w)], "render workers outlived the killed bot"


async def test_no_render_workers_when_configured_off(start_bot: BotFactory) -> None:
    bot = await start_bot(WONDERS_RENDER_PROCESSES="0")
    assert bot.process is not None
    await asyncio.sleep(2)
    assert spawned_children(bot.process.pid) == []
