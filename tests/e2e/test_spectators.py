"""Issue 35.10: a spectator is never left at a dead end. ``/wonders join`` where a game is
already running says so, whom it waits for and how to watch it; ``/wonders games`` links a
running game's thread (where it is played) and says whom it waits for."""

from __future__ import annotations

import pytest

from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import pick_discard
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import three_player_game


@pytest.mark.asyncio
async def test_join_in_a_running_game_says_whom_it_waits_for_and_how_to_watch(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, bo, cy), game, post = await three_player_game(server)
    thread = ana.channel.threads[0]
    await pick_discard(server, ana, post)
    dee = server.user("dee")
    for where in (None, thread):  # in the channel, and in the game's thread
        reply = await server.reply(await dee.command("wonders join", at_channel=where))
        text = reply.content
        assert reply.ephemeral and "no lobby game" not in text, text
        assert f"Game #{game} (7 Wonders) is already running in <#{thread.id}>" in text, text
        assert "It is waiting for bo, cy." in text, text
        assert f"`/wonders board game:{game}`" in text and "`/wonders create`" in text
    again = await server.reply(await dee.command("wonders join", game=game))
    assert f"Game #{game} (7 Wonders) is already running" in again.content, again.content


@pytest.mark.asyncio
async def test_games_links_a_running_games_thread_and_says_whom_it_waits_for(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, bo, cy), game, post = await three_player_game(server)
    thread = ana.channel.threads[0]
    await pick_discard(server, bo, post)
    dee = server.user("dee")
    listing = (await server.reply(await dee.command("wonders games"))).content
    (line,) = [row for row in listing.splitlines() if row.startswith(f"#{game} ")]
    assert f"<#{thread.id}>" in line and f"<#{ana.channel.id}>" not in line, line
    assert "running, waiting for ana, cy" in line, line
