"""Simulated people playing through the bot's public posts and ephemeral prompts (UX.md flow).

Matching is by button label patterns, so small wording changes in the bot do not break it.
Written against UX.md before the bot's cogs existed: not yet exercised by a test.
"""

from __future__ import annotations

import random
import re
from typing import Any

from tests.discord_server import Channel, Interaction, LocalDiscord, Message, UserDriver

__all__ = [
    "PLAY",
    "bench_game",
    "find_button_message",
    "open_lobby",
    "play_prompt",
    "take_turn",
]

PLAY = re.compile(r"play your turn|play|my hand|your hand", re.I)
CONFIRM = re.compile(r"^(confirm|build|pick|play|choose|ok)\b", re.I)
FALLBACK = re.compile(r"wonder|discard|sell", re.I)


def find_button_message(channel: Channel, pattern: re.Pattern[str]) -> Message | None:
    """The newest public message with an enabled button whose label matches ``pattern``."""
    for message in reversed(channel.public()):
        if any(pattern.search(str(b.get("label", ""))) and not b.get("disabled")
               for b in message.buttons()):
            return message
    return None


def _label(message: Message, pattern: re.Pattern[str]) -> str | None:
    for button in message.buttons():
        if pattern.search(str(button.get("label", ""))) and not button.get("disabled"):
            return str(button["label"])
    return None


async def open_lobby(server: LocalDiscord, creator: UserDriver, joiners: list[UserDriver],
                     **options: Any) -> Message:
    """``/wonders create …``, every joiner clicks Join, the creator clicks Start."""
    lobby = await server.reply(await creator.command("wonders create", **options))
    for person in joiners:
        await server.reply(await person.click(lobby, "Join"))
    await server.reply(await creator.click(lobby, "Start"))
    return lobby


async def play_prompt(server: LocalDiscord, user: UserDriver, prompt: Message,
                      rng: random.Random, steps: int = 6) -> Message:
    """Answer an ephemeral prompt: each select gets a choice, then the confirm-like button."""
    current = prompt
    for _ in range(steps):
        selects = [c for c in current.items() if c.get("type") == 3 and not c.get("disabled")]
        for menu in selects:
            options = menu.get("options", [])
            choice = rng.choice(options)["value"]
            done = await user.select(current, menu["custom_id"], [choice])
            current = await _next(server, done, current)
        label = _label(current, CONFIRM) or _label(current, FALLBACK)
        if label is None:
            return current
        clicked = await user.click(current, label)
        current = await _next(server, clicked, current)
    return current


async def _next(server: LocalDiscord, inter: Interaction, current: Message) -> Message:
    reply = await server.reply(inter)
    return reply if reply is not current else current


async def take_turn(server: LocalDiscord, user: UserDriver, channel: Channel,
                    rng: random.Random) -> Message | None:
    """Click the newest "Play your turn" post and answer the prompts; None if nothing to do."""
    post = find_button_message(channel, PLAY)
    if post is None:
        return None
    label = _label(post, PLAY)
    assert label is not None
    prompt = await server.reply(await user.click(post, label))
    return await play_prompt(server, user, prompt, rng)


async def bench_game(server: LocalDiscord, users: list[UserDriver], index: int) -> None:
    """One 3-player 7 Wonders game per bench slot, in a channel of its own."""
    rng = random.Random(index)
    guild = users[0].guild
    channel = server.add_channel(guild, f"bench-{index}")
    trio = [server.user(f"g{index}p{k}", guild=guild, channel=channel) for k in range(3)]
    await open_lobby(server, trio[0], trio[1:], game="classic", players=3)
    for _ in range(18 * 3):
        for person in trio:
            await take_turn(server, person, channel, rng)
