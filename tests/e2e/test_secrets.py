"""Scenario 6: hands stay secret. Before each reveal no public message (content, embeds,
attachment names, components) names a card of a hand; hands and picks are ephemeral, shown
only to their owner."""

from __future__ import annotations

import random
import re

import pytest

from tests.discord_server import Channel, LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import (
    finish_prompt,
    game_over_post,
    hand_cards,
    open_hand,
    open_lobby,
    play_post,
    play_round,
    wait_post_after,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot

AGE_START = re.compile(r"· Age I{1,3} turn 1\*\*")


_FROM_DISCARDS = re.compile(r"built [^.\n]+? from the discard pile")


def leaks(public: list[Message], secret: set[str]) -> list[tuple[str, str]]:
    """(card, message text) pairs where a public message names a secret card."""
    found = []
    for message in public:
        text = message.text()
        start = AGE_START.search(text)
        if start:  # an age's first post (titled turn 1) reveals the previous age's last picks
            text = text[: start.end()]
        seen = (
            text
            + " "
            + " ".join(
                f"{c.get('label', '')} {c.get('placeholder', '')} {c.get('custom_id', '')}"
                for c in message.items()
            )
        )
        # A card built from the discard pile is named in public, and its name may also be in a
        # hand (another copy: Loom of Age I discarded, Loom of Age II dealt): not a leak.
        seen = _FROM_DISCARDS.sub("", seen)
        found += [
            (card, seen[:120]) for card in secret if re.search(rf"\b{re.escape(card)}\b", seen)
        ]
    return found


def assert_private(channel: Channel, users: list[UserDriver]) -> None:
    for message in channel.public_with_threads():
        assert not any(str(c.get("custom_id", "")).startswith("ws:") for c in message.items()), (
            "a hand select in a public message"
        )
        assert not any(a.filename.startswith("hand") for a in message.attachments)
    players = {u.id for u in users}
    for message in channel.messages:
        if message.ephemeral and hand_cards(message):
            assert message.visible_to in players, "a hand shown to a non-player"


async def check_round(
    server: LocalDiscord, users: list[UserDriver], post: Message, age_start: int, rng: random.Random
) -> None:
    channel = users[0].channel
    prompts = {u.name: await open_hand(server, u, post) for u in users}
    hands = {name: set(hand_cards(p)) for name, p in prompts.items()}
    secret = set().union(*hands.values())
    assert secret, "every player holds cards"
    assert not leaks(channel.public_with_threads()[age_start:], secret)
    for index, user in enumerate(users):
        done = await finish_prompt(server, user, prompts[user.name], rng)
        assert done.ephemeral and done.visible_to == user.id
        if index < len(users) - 1:  # picks stay secret until the last one reveals them
            assert not leaks(channel.public_with_threads()[age_start:], secret), (
                f"after {user.name}"
            )
            others = [u for u in users if u is not user]
            for other in others:
                assert done not in other.visible(), "a pick is visible to another player"
    assert_private(channel, users)


@pytest.mark.asyncio
async def test_no_public_message_names_a_card_in_a_hand(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    users = [cast["ana"], cast["bo"], cast["cy"]]
    channel = users[0].channel
    game = await open_lobby(server, users[0], users[1:], game="classic", players=3, sides="A")
    rng = random.Random(11)
    current = play_post(channel, game)
    rounds = 0
    while current is not None:
        post, version = current
        public = channel.public_with_threads()
        age_start = max(i for i, m in enumerate(public) if AGE_START.search(m.content))
        if "the others wait" not in post.content and "to play." not in post.content:
            await check_round(server, users, post, age_start, rng)
        else:  # a single seat's extra move (e.g. Halikarnassos builds from the discards)
            await play_round(server, users, post, rng)
        rounds += 1
        assert rounds < 30
        current = await wait_post_after(server, channel, game, version)
    assert game_over_post(channel, game) is not None
    assert rounds >= 18
