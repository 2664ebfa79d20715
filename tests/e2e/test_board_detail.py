"""``/wonders board``: the compact phone table, and ``detail:true`` with every city in full."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import open_lobby
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot


@pytest.mark.asyncio
async def test_board_and_its_detail_image(server: LocalDiscord, live: InProcessBot) -> None:
    cast = people(server)
    ana, bo, cy = cast["ana"], cast["bo"], cast["cy"]
    game = await open_lobby(server, ana, [bo, cy], game="classic", players=3)
    pngs = {}
    for detail in (False, True):
        reply = await server.reply(await bo.command("wonders board", game=game, detail=detail))
        assert reply.ephemeral and reply.visible_to == bo.id, reply.content
        pngs[detail] = reply.image()
        assert Image.open(io.BytesIO(pngs[detail])).width == 800  # phone-first width
    # the compact table ends with its icon legend; the detail image is the cities in full
    assert pngs[False] != pngs[True]
    assert not server.violations
