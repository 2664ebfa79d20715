"""Scores and boards of games that never started or ended without the rules ending them, and
the admin settings' checks of channels and durations."""

from __future__ import annotations

import pytest

from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import Patience, confirmed, play_post
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot


async def _private(server: LocalDiscord, inter: object, user_id: int) -> str:
    reply = await server.reply(inter)  # type: ignore[arg-type]
    assert reply.ephemeral and reply.visible_to == user_id, reply.content
    return reply.content


@pytest.mark.asyncio
async def test_scores_of_cancelled_and_resigned_games(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, admin = cast["ana"], cast["admin"]
    await server.reply(await ana.command("wonders create", game="classic", players=4))
    await _private(server, await ana.command("wonders cancel"), ana.id)
    for what in ("score", "board"):
        text = await _private(server, await ana.command(f"wonders {what}", game=1), ana.id)
        assert text == "Game #1 was closed before it started.", (what, text)

    await server.reply(await ana.command("wonders duel"))
    # The answer goes out before the game starts: resign once it runs (its first board post).
    await server.wait_for(lambda: play_post(ana.channel, 2), Patience.seconds)
    await confirmed(server, ana, await ana.command("wonders resign", game=2))
    for live_scores in (True, False):
        await _private(
            server, await admin.command("wonders-admin settings", live_scores=live_scores), admin.id
        )
        text = await _private(server, await ana.command("wonders score", game=2), ana.id)
        assert text.startswith("**Scores when the game ended (ana resigned)"), text


@pytest.mark.asyncio
async def test_settings_refuse_foreign_channels_and_blank_durations(
    server: LocalDiscord, live: InProcessBot
) -> None:
    admin = people(server)["admin"]
    lounge = next(c for c in server.channels.values() if c.name == "lounge")
    for options, reason in (
        ({"channels": "<@123456789>"}, "not a channel of this server"),
        ({"turn_timer": " "}, "Write turn_timer as a duration"),
        ({"reminders": ""}, "Write reminders as a duration"),
    ):
        text = await _private(
            server, await admin.command("wonders-admin settings", **options), admin.id
        )
        assert reason in text, (options, text)
        assert "Saved" not in text
    text = await _private(
        server, await admin.command("wonders-admin settings", channels=f"<#{lounge.id}>"), admin.id
    )
    assert text.startswith("Saved") and f"<#{lounge.id}>" in text, text
