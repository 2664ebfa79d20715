"""Issue 35.14: the end of a game as people read it — the result ranks the seats and names
each AI with its level, the thread's status links the result post, ``/wonders score`` shows a
row for every seat or for none."""

from __future__ import annotations

import pytest

from bot.games.classic.game import ClassicGame
from bot.presenters.reports import make_report
from bot.presenters.status import status_text
from engine.common import Score

from .conftest import ANA, BO, Services
from .test_games import _play_out, _started


def test_an_expansion_row_at_zero_is_shown_for_every_seat() -> None:
    every = [Score(leaders=3, debt=-2), Score(cities=1), Score()]
    rows = [ClassicGame().score_extras(s, ("leaders", "cities", "debt")) for s in every]
    assert rows == [
        ", leaders 3, cities 0, debt -2",
        ", leaders 0, cities 1, debt 0",
        ", leaders 0, cities 0, debt 0",
    ]
    assert ClassicGame().score_extras(Score(), ()) == ""  # a base game has none


@pytest.mark.asyncio
async def test_the_result_ranks_the_seats_and_the_status_links_it(services: Services) -> None:
    import random

    game = await _started(services, [ANA, BO], players=4)
    await _play_out(services, game, random.Random(3))
    table = await services.games.table(game)
    outcome = table.outcome()
    assert outcome is not None
    names = services.games.seat_names(table)
    text = make_report(table, "", names).text
    listed = text.split("Scores: ", 1)[1].split(" · ")
    totals = [int(item.rsplit(" ", 1)[1]) for item in listed]
    assert totals == sorted(totals, reverse=True), listed
    assert listed[0].startswith(names[outcome.winners[0]].removesuffix(" (AI)"))
    assert "AI level" not in text and "(AI, Normal)" in text, text
    url = "https://discord.com/channels/1/2/3"
    done = status_text(table, names, None, url)
    assert f"Final scores: [the result post]({url})." in done and "in the channel" not in done
