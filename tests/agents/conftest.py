from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from tests.agents.fake_llm import FakeLLM


@pytest_asyncio.fixture
async def llm() -> AsyncIterator[FakeLLM]:
    server = FakeLLM(slow_seconds=3.0)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
