"""``/wonders tutorial``: private pages with pictures, Back/Next/Close, then a practice game
against Easy AI whose prompts carry a coaching tip."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

import render
from bot.games.registry import adapter_for
from bot.presenters.tutorial import NAMES, _played
from render.tutorial_words import MARGIN
from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import open_hand, play_post
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot


@pytest.mark.parametrize("game", ["duel", "classic"])
@pytest.mark.asyncio
async def test_tutorial_pages_and_practice_game(
    server: LocalDiscord, live: InProcessBot, game: str
) -> None:
    ana = people(server)["ana"]
    first = await server.reply(await ana.command("wonders tutorial", game=game), 30)
    assert first.ephemeral and first.visible_to == ana.id
    assert "Words of the game" in first.content and "(1/5)" in first.content
    assert first.images(), "every page has a rendered picture"
    # Issue 35.15: page 1's picture labels the parts its words name, in a margin beside the
    # player's own view (800 px wide); page 4's is the table the last narrated turn was
    # decided on (7 Wonders: turn 4, not turn 5).
    words = Image.open(io.BytesIO(first.image()))
    assert words.width == 800 + MARGIN, words.size
    assert "The picture: your own view" in first.content
    _, told, decided = _played(game, 4)
    view = adapter_for(game).engine.view(decided, 0)
    names = list(NAMES[: len(view.cities)])
    expected = render.draw("board", game, view, names)
    titles = []
    page = first
    for n in range(2, 6):
        page = await server.reply(await ana.click(page, "Next"), 30)
        page = await server.wait_for(lambda p=page, n=n: p if f"({n}/5)" in p.content else None, 30)
        assert page.images()
        titles.append(page.content.split("\n")[0])
    assert any("Counting" in t or "counting" in t for t in titles)
    back = await server.reply(await ana.click(page, "Back"), 30)
    back = await server.wait_for(lambda: back if "(4/5)" in back.content else None, 30)
    assert "Turn 1." in back.content and "Turn 4." in back.content  # the example game
    assert "The picture: the table as you decide turn 4." in back.content
    assert back.image() == expected, "page 4 shows the table of turn 4"
    if game == "classic":
        assert view.turn == 4 and len(told) == 4
    last = await server.reply(await ana.click(back, "Next"), 30)
    last = await server.wait_for(lambda: last if "(5/5)" in last.content else None, 30)

    started = await server.reply(await ana.click(last, "Practice game"), 30)
    started = await server.wait_for(lambda: started if "#" in started.content else None, 30)
    assert started.ephemeral and "Practice game #" in started.text()
    number = int(re.search(r"#(\d+)", started.text()).group(1))  # type: ignore[union-attr]
    await server.wait_for(lambda: play_post(ana.channel, number), 30)
    post, _ = play_post(ana.channel, number)  # type: ignore[misc]
    prompt = await open_hand(server, ana, post)
    assert prompt.content.startswith("💡 Tip: "), prompt.content
    assert live.client is not None and live.client.store is not None
    record = await live.client.store.load_game(number)
    assert {s.ai_level for s in record.seats if s.user_id is None} == {"random"}

    closed = await server.reply(await ana.click(last, "Close"), 30)
    closed = await server.wait_for(lambda: closed if "closed" in closed.content else None, 30)
    assert not closed.buttons()
