"""Issue 24 in Discord, Cities without Leaders: a 3-player table (``expansions:cities``, one
person and two AI seats) starts straight into Age I with hands of 8 cards, a black card is
shown with its Cities effect, built from the prompt and posted with the round."""

from __future__ import annotations

import re

import pytest

import engine.classic as classic
from tests.discord_server import LocalDiscord, Message
from tests.e2e.autoplay import (
    hand_cards,
    move_buttons,
    open_hand,
    play_post,
    settled,
    wait_post_after,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_cities_leaders_game import open_with_two_ai

SEED = 7


def _held(prompt: Message) -> int:
    """Cards in the hand: one select option per distinct card, "Name ×2" for two copies."""
    total = 0
    for component in prompt.items():
        if str(component.get("custom_id", "")).startswith("ws:card:"):
            for option in component["options"]:
                copies = re.search(r"×(\d)$", str(option["label"]))
                total += int(copies.group(1)) if copies else 1
    return total


def _black(prompt: Message) -> list[str]:
    return [n for n in hand_cards(prompt) if classic.card_info(n)["color"] == "black"]


@pytest.mark.asyncio
async def test_cities_table_deals_eight_cards_and_builds_a_black_card(
    server: LocalDiscord, live: InProcessBot
) -> None:
    ana = people(server)["ana"]
    game = await open_with_two_ai(server, live, ana, [], SEED, expansions="cities")
    current = play_post(ana.channel, game)
    assert current is not None
    post, version = current
    assert "Age I begins" in post.content and "leader" not in post.content.lower(), post.content

    prompt = await open_hand(server, ana, post)
    assert _held(prompt) == 8, [o for c in prompt.items() for o in c.get("options", [])]
    black = _black(prompt)
    assert black, f"no black card in the first hand: {hand_cards(prompt)}"
    chosen = await settled(server, await ana.select(prompt, "Choose a card", [black[0]]))
    effect = str(classic.card_info(black[0])["effect"])
    assert f"**{black[0]}** — " in chosen.content, chosen.content
    assert effect.split(";")[0] in chosen.content, (effect, chosen.content)
    build = [b for b in move_buttons(chosen) if ":build:" in b]
    assert build, f"{black[0]} can't be built in this seed: {chosen.labels()}"
    done = await settled(server, await ana.click_custom_id(chosen, build[0]))
    assert done.content.startswith(("Picked", "Played")) and black[0] in done.content

    after = await wait_post_after(server, ana.channel, game, version)
    assert after is not None, "the round did not resolve"
    assert f"ana built {black[0]}" in after[0].content, after[0].content
    assert f"**Game #{game} · 7 Wonders · Age I turn 2**" in after[0].content

    assert live.client is not None and live.client.store is not None
    record = await live.client.store.load_game(game)
    assert '"cities"' in record.config and '"leaders"' not in record.config, record.config
    assert [m.move_text for m in record.moves if m.seat == 0] == [build[0].split(":", 4)[4]]
    # The rules answer privately and name the expansion's parts.
    rules = await server.reply(await ana.command("wonders rules", topic="cities"))
    assert rules.ephemeral and "debt token" in rules.text() and "Diplomacy" in rules.text()
