"""Issue 35.9: the status message is current as soon as a turn's board is posted (no second
of "✅ ana" beside the new turn, which sent players into "You already picked")."""

from __future__ import annotations

import pytest

from bot.exts.community import _status
from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import pick_discard, wait_post_after
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import three_player_game
from tests.e2e.test_threads import TITLE, status_message


@pytest.mark.asyncio
async def test_the_status_shows_the_new_turn_when_its_board_is_posted(
    server: LocalDiscord, live: InProcessBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Coalesced edits come a minute late here: only the catch-up at the board post can make
    # the status current within the wait below.
    monkeypatch.setattr(_status, "COALESCE_S", 60.0)
    (ana, bo, cy), game, post = await three_player_game(server)
    thread = ana.channel.threads[0]
    status = status_message(thread)
    for user in (ana, bo, cy):
        await pick_discard(server, user, post)
    nxt = await wait_post_after(server, ana.channel, game, 0)
    assert nxt is not None and TITLE.format(game, 2) in nxt[0].content
    await server.wait_for(lambda: TITLE.format(game, 2) in status.content, 5)
    assert "⏳ Waiting for ana, bo, cy" in status.content, status.content
    # The board image of the new turn names nobody as still to pick (the AIs of a mixed table
    # pick a moment later; the status message keeps that list live).
    hand = await server.reply(await ana.click(status, "Play your turn"))
    assert hand.ephemeral and "already picked" not in hand.content, hand.content
