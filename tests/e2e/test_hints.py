"""The Hint button: on against any AI (the default Hard one too), answered privately from the
Hard AI's evaluation, logged, counted on the final post; off once the creator switches it off."""

from __future__ import annotations

import random
import re

import pytest

from render import scores_png
from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import open_hand, play_post
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_duel import play_duel


def _hint_button(prompt: Message) -> list[dict[str, object]]:
    return [b for b in prompt.buttons() if str(b.get("custom_id", "")).startswith("wt:hint:")]


async def _start(server: LocalDiscord, ana: UserDriver, level: str) -> int:
    started = await server.reply(await ana.command("wonders duel", ai=level))
    game = int(re.search(r"Game #(\d+)", started.text()).group(1))  # type: ignore[union-attr]
    await server.wait_for(lambda: play_post(ana.channel, game), 30)
    return game


@pytest.mark.asyncio
async def test_hints_against_a_normal_ai_are_private_logged_and_counted(
    server: LocalDiscord, live: InProcessBot
) -> None:
    ana = people(server)["ana"]
    game = await _start(server, ana, "greedy")
    post, _ = play_post(ana.channel, game)  # type: ignore[misc]
    prompt = await open_hand(server, ana, post)
    assert _hint_button(prompt), "a Normal AI table offers hints"
    for n in (1, 2):
        answer = await server.reply(await ana.click(prompt, "Hint"))
        assert answer.ephemeral and answer.visible_to == ana.id
        text = answer.text()
        assert "**Hint**" in text and f"Hints used: {n}" in text
        assert re.search(r"(Pick|Build|Discard|Take|Destroy|Choose) .+: .+\.", text), text
    assert live.client is not None and live.client.store is not None
    assert await live.client.store.hint_counts(game) == {
        0: 2
    } or await live.client.store.hint_counts(game) == {1: 2}
    final, _ = await play_duel(server, ana, game, random.Random(4))
    assert "used 2 hints" in final.content
    # The score sheet image says it too, on the final post and in /wonders score.
    with_hints, without = await _sheets(live, game)
    assert with_hints != without
    assert _sheet(final, game) == with_hints
    score = await server.reply(await ana.command("wonders score", game=game))
    assert score.ephemeral and "used 2 hints" in score.content, score.content
    assert _sheet(score, game) == with_hints


def _sheet(message: Message, game: int) -> bytes:
    (sheet,) = [a.data for a in message.attachments if a.filename == f"game{game}-scores.png"]
    return sheet


async def _sheets(live: InProcessBot, game: int) -> tuple[bytes, bytes]:
    """The game's final sheet drawn with its hint counts, and without them (both with the
    rating change)."""
    assert live.client is not None and live.client.store is not None
    hub = live.client.hub
    table = await hub.games.table(game)
    outcome, names = table.outcome(), hub.games.seat_names(table)
    view = table.view(None)
    counts = await live.client.store.hint_counts(game)
    # The sheet also shows the person's rating change (bot.services.ratings).
    rated = {c.seat: c.change for c in await hub.ratings.changes(game)}
    assert len(rated) == 1
    return (
        scores_png("duel", outcome, names, view, hints=counts, ratings=rated),
        scores_png("duel", outcome, names, view, ratings=rated),
    )


@pytest.mark.asyncio
async def test_the_default_hard_ai_offers_hints_until_switched_off(
    server: LocalDiscord, live: InProcessBot
) -> None:
    """``/wonders duel`` plays the Hard AI: the Hint that /wonders help promises is there."""
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    help_text = (await server.reply(await ana.command("wonders help"))).text()
    assert "**Hint** button under your hand" in help_text
    started = await server.reply(await ana.command("wonders duel"))
    game = int(re.search(r"Game #(\d+)", started.text()).group(1))  # type: ignore[union-attr]
    await server.wait_for(lambda: play_post(ana.channel, game), 30)
    post, _ = play_post(ana.channel, game)  # type: ignore[misc]
    assert _hint_button(await open_hand(server, ana, post))

    refused = await server.reply(await bo.command("wonders hints", switch="off", game=game))
    assert refused.ephemeral and "creator or an admin" in refused.text()
    switched = await server.reply(await ana.command("wonders hints", switch="off", game=game))
    assert f"Hints are off for game #{game}" in switched.text()
    assert not _hint_button(await open_hand(server, ana, post))
