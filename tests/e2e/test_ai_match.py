"""Scenario 3: an admin's all-AI 7-player match runs to its score sheet; members are refused."""

from __future__ import annotations

import pytest

from bot.presenters.texts import ai_name
from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import game_over_post
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot


@pytest.mark.asyncio
async def test_admin_ai_match_plays_to_the_end_and_members_are_refused(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, admin = cast["ana"], cast["admin"]
    channel = admin.channel

    refused = await ana.command("wonders-admin aimatch", game="classic", players=7)
    answer = await server.reply(refused)
    assert answer.ephemeral and answer.visible_to == ana.id
    assert "admin" in answer.text().lower()
    assert not channel.public_with_threads(), "a refused match posts nothing"

    started = await server.reply(
        await admin.command("wonders-admin aimatch", game="classic", players=7, level="greedy")
    )
    assert started.ephemeral and "started" in started.text()
    final = await server.wait_for(lambda: game_over_post(channel), 90)
    posts = channel.public_with_threads()
    assert all(not m.buttons() for m in posts), "nobody is asked to play an all-AI match"
    assert len(final.images()) == 2, "the last board and the score sheet"
    assert sum(1 for m in posts if m.images()) >= 18
    # The match has a public thread of its own; the channel gets its notice and the result.
    (thread,) = channel.threads
    assert sum(1 for m in thread.public() if m.images()) >= 18
    assert [m.type for m in channel.public()] == [18, 0] and final.channel_id == channel.id
    for seat in range(7):
        assert ai_name(seat) in final.content  # AI seats are named like players
    assert live.client is not None and live.client.store is not None
    games = await live.client.store.list_games(status=("finished",))
    assert len(games) == 1 and games[0].version >= 7 * 18
