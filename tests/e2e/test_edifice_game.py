"""Issue 33 in Discord: a 4-player Edifice table (2 people + 2 AI seats) from the lobby to the
score sheet through the real client. The people are steered to build wonder stages and to join
the Age's project whenever the extra step asks. The test checks the join prompt, the public
posts (a project completed or failed), ``/wonders score``, ``/wonders card`` and the stored game
(replayed from its move log)."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest

import engine.classic as classic
from bot.services.tables import TableCache
from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import (
    finish_prompt,
    game_over_post,
    open_hand,
    play_post,
    press_in_order,
    wait_post_after,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_cities_leaders_game import open_with_two_ai

SEED = 6
_PRESS = ("Join", "Wonder", "Build", "Confirm", "Discard")
_BUILDABLE = ("free by chain", "free", "affordable", "buy for")


def _wanted(option: dict[str, Any]) -> int:
    label = f"{option.get('label', '')} {option.get('description', '')}"
    if "wonder ok" in label:
        return 9
    return 4 if any(w in label for w in _BUILDABLE) and "can't" not in label else 0


def steer(options: list[dict[str, Any]]) -> dict[str, Any]:
    return max(options, key=_wanted)


press = press_in_order(_PRESS)


async def _turn(server: LocalDiscord, user: UserDriver, post: Message) -> list[str]:
    prompt = await open_hand(server, user, post)
    opened = prompt.content
    if not any(str(c.get("custom_id", "")).startswith(("ws:", "wt:mv:")) for c in prompt.items()):
        return [opened]
    done = await finish_prompt(
        server, user, prompt, random.Random(0), steps=10, choose=steer, press=press
    )
    return [opened, done.content]


@pytest.mark.asyncio
async def test_four_player_edifice_game_with_a_person_joining_a_project(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    game = await open_with_two_ai(
        server, live, ana, [bo], SEED, players=4, sides="A", expansions="edifice"
    )
    channel = ana.channel
    current = play_post(channel, game)
    posts: list[str] = []
    seen: dict[str, list[str]] = {"ana": [], "bo": []}
    for _ in range(80):
        if current is None:
            break
        post, version = current
        posts.append(post.content)
        answers = await asyncio.gather(*(_turn(server, u, post) for u in (ana, bo)))
        for user, got in zip((ana, bo), answers, strict=True):
            seen[user.name] += got
        current = await wait_post_after(server, channel, game, version)
    final = game_over_post(channel, game)
    assert final is not None, "the Edifice game did not end"
    posts.append(final.content)
    texts = "\n".join(posts)

    # A person was offered the extra step after a wonder stage, and joined.
    asked = [m for got in seen.values() for m in got if "**Edifice** — you built a wonder" in m]
    assert asked and all("Reward when completed:" in m and "Also join *" in m for m in asked)
    joined = [m for got in seen.values() for m in got if m.startswith("Played: Also join")]
    assert joined, [m for got in seen.values() for m in got][-10:]
    assert "joined the Edifice project" in texts
    # Each Age's project completed or failed, and the posts said so.
    settled = [ln for ln in texts.splitlines() if "The Edifice project" in ln]
    assert len([ln for ln in settled if "is completed" in ln or "failed" in ln]) >= 1, settled

    # The stored game replays to the outcome the final post gave.
    assert live.client is not None and live.client.store is not None
    store = live.client.store
    table = await TableCache(store).load(game)
    outcome = table.outcome()
    assert outcome is not None and table.record.status == "finished"
    # An AI is named with its level in the result ("Euclid (AI, Easy) 26").
    names = ["ana", "bo", "Euclid (AI", "Thales (AI"]
    for name, score in zip(names, outcome.scores, strict=True):
        said = rf"{re.escape(name)}(\)|, \w+\))? {score.total}\b"
        assert re.search(said, final.content), (name, score.total, final.content)
    record = await store.load_game(game)
    assert any(m.seat in (0, 1) and m.move_text.startswith("edifice:") for m in record.moves)
    state = classic.new_game(classic.Config.model_validate_json(record.config), record.seed)
    for m in record.moves:
        state, _ = classic.apply(state, m.seat, classic.parse_move(m.move_text))
    assert classic.outcome(state) == outcome
    assert len(final.images()) == 2, "the last board and the score sheet"

    score = await server.reply(await ana.command("wonders score", game=game))
    rows = {s: outcome.scores[s].edifices for s in range(4)}
    for seat, value in rows.items():
        if value:
            line = next(ln for ln in score.content.splitlines() if ln.startswith(names[seat]))
            assert f"edifices {value}" in line, line
    card = await server.reply(await ana.command("wonders card", name="Money Changer"))
    assert "Edifice project" in card.content and "Unconfirmed" in card.content
    rules = await server.reply(await ana.command("wonders rules", topic="edifice"))
    assert "**Edifice**" in rules.content and "wonder stage" in rules.content
