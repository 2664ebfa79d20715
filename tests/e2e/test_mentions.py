"""Player names are quoted in public posts: a name holding a mention must ping nobody; only
the players the bot asks to act are notified."""

from __future__ import annotations

import pytest

from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import open_lobby, pick_discard, play_post, wait_post_after
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot


@pytest.mark.asyncio
async def test_a_mention_in_a_name_pings_nobody(server: LocalDiscord, live: InProcessBot) -> None:
    cast = people(server)
    ana, cy = cast["ana"], cast["cy"]
    # Everyone counts as away: each turn's post pings the players the bot asks to act.
    await server.reply(await cast["admin"].command("wonders-admin settings", ping_after="0s"))
    mallory = server.user(f"<@{cy.id}> @everyone")
    game = await open_lobby(server, mallory, [ana], game="classic", players=3, timer="off")
    found = play_post(ana.channel, game)
    assert found is not None
    post, version = found
    assert post.pinged_ids() == {ana.id, mallory.id}, post.content
    await pick_discard(server, mallory, post)
    await pick_discard(server, ana, post)
    nxt = await wait_post_after(server, ana.channel, game, version)
    assert nxt is not None and f"<@{cy.id}>" in nxt[0].content  # the name is quoted …
    for message in ana.channel.public_with_threads():
        assert cy.id not in message.pinged_ids(), message.content  # … but pings nobody
    assert nxt[0].pinged_ids() == {ana.id, mallory.id}
