"""Texts like a good host, through the real commands: ``/wonders help``, ``/wonders card`` for
wonders and progress tokens, AI levels shown as Easy … Expert and durations in words."""

from __future__ import annotations

import pytest

from tests.discord_server import LocalDiscord, UserDriver
from tests.e2e.autoplay import Patience, play_post
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot


async def _private(server: LocalDiscord, user: UserDriver, command: str, **options: object) -> str:
    reply = await server.reply(await user.command(command, **options), Patience.seconds)
    assert reply.ephemeral and reply.visible_to == user.id, reply.content
    return reply.content


@pytest.mark.asyncio
async def test_help_and_card_lookups(server: LocalDiscord, live: InProcessBot) -> None:
    ana = people(server)["ana"]
    help_text = await _private(server, ana, "wonders help")
    assert "1. **Start or join a game**" in help_text and "5. **Rules and cards**" in help_text
    assert "`/wonders create`" in help_text and "`/wonders tutorial`" in help_text

    rhodos = await _private(server, ana, "wonders card", name="colossus of rhodes")
    assert rhodos.startswith("**Colossus of Rhodes** — Rhodos (7 Wonders wonder board)"), rhodos
    sphinx = await _private(server, ana, "wonders card", name="sphinks")
    assert sphinx.startswith("**The Sphinx** (7 Wonders Duel wonder)"), sphinx
    law = await _private(server, ana, "wonders card", name="Law")
    assert law.startswith("**Law** (7 Wonders Duel progress token)"), law
    miss = await _private(server, ana, "wonders card", name="artemis tmple")
    assert "don't know" in miss and "Did you mean:" in miss and "Temple of Artemis" in miss
    offered = await ana.autocomplete("wonders card", name="econ")
    assert "Economy" in offered
    assert ana.channel.public() == [], "every answer was private"


@pytest.mark.asyncio
async def test_lobby_shows_ai_levels_by_name_and_the_timer_in_words(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana = cast["ana"]
    lobby = await server.reply(
        await ana.command("wonders create", game="classic", players=3, timer="24h"),
        Patience.seconds,
    )
    assert "1 day per turn" in lobby.content, lobby.content
    for level in ("search", "random"):  # the stored names, shown as Expert and Easy
        await server.reply(await ana.command("wonders addai", level=level), Patience.seconds)
    await server.wait_for(lambda: "AI (Easy)" in lobby.content or None, Patience.seconds)
    assert "AI (Expert)" in lobby.content and "search" not in lobby.content, lobby.content
    games = await _private(server, ana, "wonders games")
    assert "AI (Expert)" in games and "AI (Easy)" in games, games


async def _status_of_duel_versus(server: LocalDiscord, user: UserDriver, typed: str) -> str:
    """Start a Duel against the AI named ``typed``; the start text and, once it runs, the
    game's /wonders status."""
    reply = await server.reply(await user.command("wonders duel", ai=typed), Patience.seconds)
    game = int(reply.content.split("#")[1].split("*")[0])
    await server.wait_for(lambda: play_post(user.channel, game), Patience.seconds)
    return reply.content + "\n" + await _private(server, user, "wonders status", game=game)


@pytest.mark.asyncio
async def test_duel_ai_accepts_new_and_old_level_names(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    for user, typed, shown in ((cast["ana"], "Expert", "Expert"), (cast["bo"], "greedy", "Normal")):
        text = await _status_of_duel_versus(server, user, typed)
        assert f"against the AI ({shown})" in text and f"AI level: {shown}." in text, text
        assert "· Wonder draft**" in text
    refused = await _private(server, cast["cy"], "wonders duel", ai="godlike")
    assert "Easy, Normal, Hard or Expert" in refused, refused


@pytest.mark.asyncio
async def test_admin_settings_in_words(server: LocalDiscord, live: InProcessBot) -> None:
    admin = people(server)["admin"]
    text = await _private(
        server,
        admin,
        "wonders-admin settings",
        ai_level="search",
        turn_timer="12h",
        reminders="30m",
    )
    assert "default AI level: Expert" in text and "turn timer: 12 hours" in text, text
    assert "reminder interval: 30 minutes" in text and "AI match delay: 2 seconds" in text, text
