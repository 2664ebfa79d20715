"""Halikarnassos' discard-pile build through the real client: the thread's post says who
plays alone and why the others wait; the player's prompt names the power, shows the discard
pile and each card's effect, and a waiting player is told why."""

from __future__ import annotations

import random

import pytest

from tests.discord_server import LocalDiscord, Message
from tests.e2e.autoplay import (
    enabled,
    finish_prompt,
    open_hand,
    open_lobby,
    play_post,
    press_in_order,
    wait_post_after,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_hands import SEED, fix_seed  # Ana (seat 0) plays Halikarnassos A

ALONE = "builds a card from the discard pile for free (Halikarnassos) — the others wait."


@pytest.mark.asyncio
async def test_halikarnassos_builds_from_the_discard_pile_with_its_own_prompt(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    game = await open_lobby(
        server, ana, [bo], before_start=fix_seed(live, SEED), game="classic", players=4, sides="A"
    )
    rng = random.Random(2)
    builder = press_in_order(("Wonder stage", "Build", "Discard"))
    current = play_post(ana.channel, game)
    special: Message | None = None
    while current is not None:
        post, version = current
        if ALONE in post.content:
            special = post
            break
        for user in (ana, bo):
            prompt = await open_hand(server, user, post)
            if enabled(prompt, "ws:") or enabled(prompt, "wt:mv:"):
                press = builder if user is ana else None
                await finish_prompt(server, user, prompt, rng, press=press)
        current = await wait_post_after(server, ana.channel, game, version)
    assert special is not None, "Ana never built Halikarnassos' second stage"
    assert f"⏳ ana {ALONE}" in special.content, special.content
    assert "to play." not in special.content

    prompt = await open_hand(server, ana, special)
    text = prompt.content
    assert text.startswith("**Halikarnassos: build a card from the discard pile for free.**")
    assert "\nDiscard pile (" in text and "Your move: choose it" not in text, text
    (menu,) = [c for c in prompt.items() if c.get("type") == 3]
    assert menu["options"] and all(
        str(o["label"]).startswith("Build ") and " card · " in str(o.get("description"))
        for o in menu["options"]
    ), menu["options"]
    waiting = await open_hand(server, bo, special)
    assert waiting.content.startswith(
        "ana builds a card from the discard pile for free (Halikarnassos);"
    ), waiting.content
