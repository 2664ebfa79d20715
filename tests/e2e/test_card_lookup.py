"""Issue 35.11: ``/wonders card`` with a misspelt name of a card both games have shows both
cards, the channel's game first (before: only the Duel card, whatever the channel played)."""

from __future__ import annotations

import pytest

from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import Patience
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import three_player_game

CLASSIC = "**Scriptorium** (7 Wonders) — green card"
DUEL = "**Scriptorium** (7 Wonders Duel) — green card"


@pytest.mark.asyncio
async def test_a_misspelt_card_shows_the_channels_game_first(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, _bo, _cy), _game, _post = await three_player_game(server)
    for where in (None, ana.channel.threads[0]):
        reply = await server.reply(
            await ana.command("wonders card", at_channel=where, name="scriptorum")
        )
        text = reply.content
        assert reply.ephemeral and text.startswith(CLASSIC), text
        assert DUEL in text and text.index(CLASSIC) < text.index(DUEL)
    lounge = next(c for c in server.channels.values() if c.name == "lounge")
    started = await server.reply(
        await ana.command("wonders duel", at_channel=lounge, ai="greedy"), Patience.seconds
    )
    assert "Duel" in started.content, started.content
    duel = await server.reply(
        await ana.command("wonders card", at_channel=lounge, name="scriptorum")
    )
    assert duel.content.startswith(DUEL) and CLASSIC in duel.content, duel.content
