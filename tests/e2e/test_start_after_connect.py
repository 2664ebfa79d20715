"""Issue 35.16: a game started in the first seconds after the bot connected — before its
start-up catch-up ran — gets no public "The bot was restarted" post: its own start post is on
its way, and only a state a previous process left unposted is caught up."""

from __future__ import annotations

from typing import Any

import pytest

from bot.exts.wonders import catch_up
from bot.services.games import RESTARTED
from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import open_lobby, play_post
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot


@pytest.mark.asyncio
async def test_a_start_racing_the_catch_up_is_posted_once(
    server: LocalDiscord, live: InProcessBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert live.client is not None
    hub = live.client.services
    guild = next(iter(server.guilds))
    original = hub.poster.report
    raced: list[int] = []

    async def catch_up_first(report: Any) -> None:
        # The start is saved and its post not sent yet: the start-up catch-up runs now.
        if not raced:
            raced.append(report.game_id)
            await catch_up(hub, [guild])
        await original(report)

    monkeypatch.setattr(hub.poster, "report", catch_up_first)
    cast = people(server)
    ana = cast["ana"]
    game = await open_lobby(server, ana, [cast["bo"], cast["cy"]], game="classic", players=3)
    assert raced == [game]
    posts = ana.channel.public_with_threads()
    assert not [m for m in posts if RESTARTED in m.content], [m.content[:80] for m in posts]
    boards = [m for m in posts if m.images() and f"Game #{game}" in m.content]
    assert len(boards) == 1, [m.content[:80] for m in boards]
    assert play_post(ana.channel, game) is not None
