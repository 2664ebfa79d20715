"""Scenario 1: three people play a whole 7 Wonders game from the lobby to the score sheet."""

from __future__ import annotations

import io
import os
import random
import re

import pytest
from PIL import Image

from tests.bot.test_rendering import spawned_children
from tests.discord_server import LocalDiscord, Message
from tests.e2e.autoplay import open_lobby, play_classic_game
from tests.e2e.conftest import LiveFactory, people

TURN = re.compile(r"· Age I{1,3} turn [1-6]\*\*")
PNG = b"\x89PNG\r\n\x1a\n"


def assert_png(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG)
    with Image.open(io.BytesIO(data)) as image:
        image.verify()
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        return image.size


@pytest.mark.asyncio
async def test_three_humans_play_to_the_score_sheet(
    server: LocalDiscord, start_live: LiveFactory
) -> None:
    await start_live(render_processes=1)  # the product's default: images from a worker process
    cast = people(server)
    ana, bo, cy = cast["ana"], cast["bo"], cast["cy"]
    game = await open_lobby(server, ana, [bo, cy], game="classic", players=3)
    boards: list[Message] = []
    final = await play_classic_game(
        server, [ana, bo, cy], game, random.Random(7), on_post=boards.append
    )
    turns = {m.group(0) for b in boards for m in TURN.finditer(b.content)}
    assert len(turns) == 18, f"a board post for each turn of 3 ages x 6 turns: {sorted(turns)}"
    for post in [*boards, final]:
        width, height = assert_png(post.image())
        assert width > 100 and height > 100
    names = [a.filename for a in final.attachments]
    assert any("scores" in n for n in names), names
    assert len(final.images()) == 2, "the last board and the score sheet"
    assert all(n in final.content for n in ("ana", "bo", "cy"))
    assert spawned_children(os.getpid()), "the images came from a render worker process"
    assert not server.violations
