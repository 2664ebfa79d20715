"""Agent seats end to end: an admin registers an agent the operator allows (the fake chat server
on 127.0.0.1, loopback allowed in the operator's agents file), a person plays a Duel against it
to the end, and an agent-vs-heuristic all-AI match finishes."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from tests.agents.fake_llm import FakeLLM
from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import game_over_post, play_post
from tests.e2e.conftest import LiveFactory, people
from tests.e2e.inproc import InProcessBot
from tests.e2e.operator import LOCAL_MODELS, agents_file
from tests.e2e.test_duel import play_duel


@pytest_asyncio.fixture
async def llm() -> AsyncIterator[FakeLLM]:
    server = FakeLLM(seed=3)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest_asyncio.fixture
async def live(start_live: LiveFactory, tmp_path: Path) -> InProcessBot:
    """The bot with an operator who allows the local model server and one key variable."""
    return await start_live(
        agents_file=agents_file(tmp_path, key_envs=["E2E_AGENT_KEY"], **LOCAL_MODELS)
    )


@pytest.mark.asyncio
async def test_person_plays_a_duel_against_a_registered_agent(
    server: LocalDiscord, live: InProcessBot, llm: FakeLLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    cast = people(server)
    ana, admin = cast["ana"], cast["admin"]
    secret = "sk-e2e-very-secret-key"
    monkeypatch.setenv("E2E_AGENT_KEY", secret)

    refused = await server.reply(
        await ana.command("wonders-admin agent add", name="Bot", url=llm.url, model="good")
    )
    assert refused.ephemeral and "admin" in refused.text().lower()

    added = await server.reply(
        await admin.command(
            "wonders-admin agent add",
            name="Bot",
            url=llm.url,
            model="good",
            key_env="E2E_AGENT_KEY",
        )
    )
    assert added.ephemeral and "Agent **Bot** registered" in added.text()
    assert "E2E_AGENT_KEY" in added.text() and secret not in added.text()

    unknown = await server.reply(await ana.command("wonders duel", ai="Nobody"))
    assert unknown.ephemeral and "no AI level or agent called 'Nobody'" in unknown.text()
    assert "Bot" in unknown.text()

    started = await server.reply(await ana.command("wonders duel", ai="Bot"))
    assert "against the AI (agent Bot)" in started.text(), started.text()
    game = int(re.search(r"Game #(\d+)", started.text()).group(1))  # type: ignore[union-attr]
    # The agent may move first: wait until Ana is asked to play.
    await server.wait_for(lambda: play_post(ana.channel, game), 30)
    final, said = await play_duel(server, ana, game, random.Random(2))
    assert "Game over" in final.content and said
    assert len(llm.requests) >= 10  # the agent played its turns over HTTP
    assert all(r["headers"]["Authorization"] == f"Bearer {secret}" for r in llm.requests)
    texts = " ".join(m.content for m in ana.channel.public())
    assert "Hard AI played" not in texts  # every agent answer was legal
    assert secret not in texts
    assert live.client is not None and live.client.store is not None
    record = await live.client.store.load_game(game)
    agent_seat = next(s.seat for s in record.seats if s.ai_level == "agent:Bot")
    assert sum(1 for m in record.moves if m.seat == agent_seat) == len(llm.requests)


@pytest.mark.asyncio
async def test_agent_vs_heuristic_all_ai_match_and_fallback_posts(
    server: LocalDiscord, live: InProcessBot, llm: FakeLLM
) -> None:
    admin = people(server)["admin"]
    channel = admin.channel
    await server.reply(
        await admin.command("wonders-admin agent add", name="Good", url=llm.url, model="good")
    )
    started = await server.reply(
        await admin.command("wonders-admin aimatch", game="duel", level="heuristic", agent="Good")
    )
    assert started.ephemeral and "started" in started.text()
    final = await server.wait_for(lambda: game_over_post(channel), 120)
    assert final is not None and "Game over" in final.content
    assert len(llm.requests) >= 10

    # An agent that always answers garbage: every one of its turns falls back, and says so.
    await server.reply(
        await admin.command("wonders-admin agent add", name="Junk", url=llm.url, model="garbage")
    )
    before, threads = len(channel.public()), len(channel.threads)
    await server.reply(
        await admin.command("wonders-admin aimatch", game="duel", level="greedy", agent="Junk")
    )

    def second_over() -> object:
        done = [m for m in channel.public()[before:] if "Game over" in m.content]
        return done[0] if done else None

    await server.wait_for(second_over, 120)
    # The match is played in its own thread (the channel gets the notice and the result).
    played = [m for t in channel.threads[threads:] for m in t.public()]
    notes = [m for m in played if "the Hard AI played this turn" in m.content]
    assert notes and all("Junk did not give a legal move twice" in m.content for m in notes)
