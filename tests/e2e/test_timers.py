"""Scenario 7: with a short turn timer, reminders ping only the players who must still act,
and at the deadline the timeout policy plays the turn (the restart case: test_restart.py)."""

from __future__ import annotations

import pytest

from tests.discord_server import LocalDiscord, Message
from tests.e2e.autoplay import open_lobby, pick_discard, play_post, wait_post_after
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot


@pytest.mark.asyncio
async def test_reminder_pings_only_the_late_player_then_the_ai_plays(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo, cy, admin = cast["ana"], cast["bo"], cast["cy"], cast["admin"]
    saved = await server.reply(
        await admin.command(
            "wonders-admin settings", reminders="5s", max_reminders=2, timeout_policy="ai"
        )
    )
    assert "Saved" in saved.content and saved.ephemeral
    game = await open_lobby(server, ana, [bo, cy], game="classic", players=3, timer="6s")
    found = play_post(ana.channel, game)
    assert found is not None
    await pick_discard(server, ana, found[0])
    await pick_discard(server, bo, found[0])

    def notice(word: str) -> Message | None:
        return next((m for m in ana.channel.public_with_threads() if word in m.content), None)

    reminder = await server.wait_for(lambda: notice("⏰"), 10)
    assert reminder.mentioned_ids() == {cy.id}, "only Cy must still act"
    assert f"#{game}" in reminder.content
    timeout = await server.wait_for(lambda: notice("Time ran out"), 10)
    assert "cy" in timeout.content and "AI" in timeout.content
    assert not timeout.mentioned_ids() - {cy.id}
    nxt = await wait_post_after(server, ana.channel, game, 0)
    assert nxt is not None, "the round was revealed"
    assert live.client is not None and live.client.store is not None
    record = await live.client.store.load_game(game)
    assert sorted(m.seat for m in record.moves[:3]) == [0, 1, 2]
    reminders = [m for m in ana.channel.public_with_threads() if "⏰" in m.content]
    assert len(reminders) == 1, "one reminder before the deadline"
