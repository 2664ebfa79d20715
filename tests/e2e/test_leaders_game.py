"""Issue 23 in Discord: a 5-player Leaders game (an admin's match with 2 people and 3 AI
seats) plays to its score sheet through the real client; the people draft and recruit from
their ephemeral prompts; the public posts say who picked, never which leader; ``/wonders
card`` finds a leader and ``/wonders rules leaders`` answers privately."""

from __future__ import annotations

import random

import pytest

from tests.discord_server import LocalDiscord, Message
from tests.e2e.autoplay import game_over_post, play_post, play_round, wait_post_after
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot


@pytest.mark.asyncio
async def test_five_player_leaders_game_with_two_people_and_three_ai_seats(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo, admin = cast["ana"], cast["bo"], cast["admin"]
    channel = admin.channel

    started = await server.reply(
        await admin.command(
            "wonders-admin aimatch",
            game="classic",
            players=5,
            human=ana,
            human2=bo,
            level="random",
            expansions="leaders",
        )
    )
    assert started.ephemeral and "started" in started.text(), started.text()
    current = await server.wait_for(lambda: play_post(channel), 20)
    assert current is not None
    first, _ = current
    assert "leader draft begins" in first.content.lower(), first.content

    rng = random.Random(23)
    prompts: list[Message] = []
    posts: list[Message] = []
    game_id = int(str(first.items()[0]["custom_id"]).split(":")[2])
    for _ in range(40):
        if current is None:
            break
        post, version = current
        posts.append(post)
        prompts += await play_round(server, [ana, bo], post, rng)
        current = await wait_post_after(server, channel, game_id, version)
    final = game_over_post(channel, game_id)
    assert final is not None, "the Leaders game did not end"
    assert len(final.images()) == 2, "the last board and the score sheet"

    texts = " ".join(p.content for p in posts)
    assert "Leader draft, pick 2" in texts and "Recruitment before Age III" in texts
    assert "recruited" in texts, "recruits are public, face up"
    # The people's ephemeral steps went through the draft and every recruitment turn.
    seen = " ".join(p.content for p in prompts if p.ephemeral)
    assert "(leader draft)" in seen, seen[:300]  # "Picked: Keep Cleopatra (leader draft)."
    assert any(w in seen for w in ("Recruit ", "with leader", "Discard leader")), seen[:300]
    assert "(leader draft)" not in texts, "a kept leader is never posted"
    assert live.client is not None and live.client.store is not None
    (game,) = await live.client.store.list_games(status=("finished",))
    assert '"leaders"' in game.config

    card = await server.reply(await ana.command("wonders card", name="Cleopatra"))
    assert card.ephemeral and "Leaders expansion" in card.text() and "5 VP" in card.text()
    rules = await server.reply(await bo.command("wonders rules", topic="leaders"))
    assert rules.ephemeral and "Recruitment" in rules.text()
