"""Change my pick in Babel's own secret step, through the real client: in the tile draft that
opens a Babel game, Ana keeps a tile, clicks Change my pick and keeps another before Bo has
picked. The change is answered "Picked instead", the public status names who picked but not
what, the move log records the repick, and the old button answers "the game has moved on"
once the draft turn is revealed."""

from __future__ import annotations

import random

import pytest

from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import open_hand, play_post, wait_post_after
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import move_log
from tests.e2e.test_change_pick_phases import _finish, _pick_then_change, _too_late
from tests.e2e.test_cities_leaders_game import open_with_two_ai

SEED = 7


@pytest.mark.asyncio
async def test_change_my_pick_in_the_babel_tile_draft(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    game = await open_with_two_ai(
        server, live, ana, [bo], SEED, players=4, sides="A", expansions="babel"
    )
    current = play_post(ana.channel, game)
    assert current is not None
    post, version = current
    prompt = await open_hand(server, ana, post)
    assert "Keep one Babel tile" in prompt.content, prompt.content

    first, kept, done = await _pick_then_change(server, ana, bo, post, game)
    assert first != kept
    await _finish(server, bo, post, random.Random(3))
    after = await wait_post_after(server, ana.channel, game, version)
    assert after is not None
    await _too_late(server, ana, done)

    mine = [t for s, t in await move_log(live, game) if s == 0]
    assert mine[0].startswith("tile-keep:") and mine[1].startswith("repick:tile-keep:"), mine
    assert mine[0] != mine[1].removeprefix("repick:"), mine
    assert sum(t.startswith("repick:") for t in mine) == 1, mine
    assert not server.violations
