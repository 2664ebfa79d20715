"""Simulated people playing the real bot through its posts and ephemeral prompts.

Components are found by the ``custom_id`` formats of ``bot.model.ids`` (``wt:play:…``,
``ws:card:…``, ``wt:mv:…``), which the bot documents as stable for these tests.
"""

from __future__ import annotations

import asyncio
import inspect
import random
from collections.abc import Callable
from typing import Any

from tests.discord_server import Channel, Interaction, LocalDiscord, Message, UserDriver

__all__ = [
    "Chooser",
    "GAME_OVER",
    "Patience",
    "SENDING",
    "confirmed",
    "enabled",
    "finish_prompt",
    "game_over_post",
    "hand_cards",
    "id_parts",
    "lobby_channel",
    "move_buttons",
    "open_hand",
    "open_lobby",
    "pick_discard",
    "play_classic_game",
    "play_post",
    "press_in_order",
    "play_round",
    "random_chooser",
    "ready_prompt",
    "settled",
    "wait_post_after",
]

GAME_OVER = "Game over"
SENDING = "Sending your move"


class Patience:
    """How long simulated people wait for an answer (the load benchmark raises it)."""

    seconds = 20.0


def id_parts(custom_id: str) -> list[str]:
    return custom_id.split(":")


def enabled(message: Message, prefix: str) -> list[dict[str, Any]]:
    """The components of ``message`` whose custom_id starts with ``prefix`` and that are not
    disabled."""
    return [
        c
        for c in message.items()
        if str(c.get("custom_id", "")).startswith(prefix) and not c.get("disabled")
    ]


def play_post(
    channel: Channel, game_id: int | None = None, after: int = -1
) -> tuple[Message, int] | None:
    """The newest board post with a "Play your turn" button (and the version it carries),
    in the channel or in a game's thread started there (the status message's button has no
    version: it is not a board post)."""
    for message in reversed(channel.public_with_threads()):
        for button in enabled(message, "wt:play:"):
            parts = id_parts(str(button["custom_id"]))
            if len(parts) < 4:
                continue
            if (game_id is None or int(parts[2]) == game_id) and int(parts[3]) > after:
                return message, int(parts[3])
    return None


def game_over_post(channel: Channel, game_id: int | None = None) -> Message | None:
    for message in channel.public_with_threads():
        # The result post carries the images; the game's live status message may say the game
        # is over a moment earlier (it is edited first) but has none.
        if (
            GAME_OVER in message.content
            and message.attachments
            and (
                game_id is None or any(f"game{game_id}-" in a.filename for a in message.attachments)
            )
        ):
            return message
    return None


async def open_lobby(
    server: LocalDiscord,
    creator: UserDriver,
    joiners: list[UserDriver],
    before_start: Callable[[int], object] | None = None,
    **options: Any,
) -> int:
    """``/wonders create …``, every joiner clicks Join, the creator clicks Start; game id.
    ``before_start(game_id)`` runs just before Start (e.g. to fix the game's seed)."""
    lobby = await server.reply(await creator.command("wonders create", **options), Patience.seconds)
    joins = enabled(lobby, "wt:join:")
    assert joins, f"no Join button on the lobby: {lobby.content!r}"
    game_id = int(id_parts(str(joins[0]["custom_id"]))[2])
    for person in joiners:
        await server.reply(await person.click(lobby, "Join"), Patience.seconds)
    if before_start is not None:
        done = before_start(game_id)
        if inspect.isawaitable(done):  # async: the in-process bot keeps running meanwhile
            await done
    await server.reply(await creator.click(lobby, "Start"), Patience.seconds)
    # The first "Play your turn" post follows the lobby's edit.
    await server.wait_for(
        lambda: play_post(lobby_channel(server, lobby), game_id), Patience.seconds
    )
    return game_id


def lobby_channel(server: LocalDiscord, message: Message) -> Channel:
    return server.channels[message.channel_id]


async def wait_post_after(
    server: LocalDiscord, channel: Channel, game_id: int, version: int, timeout: float | None = None
) -> tuple[Message, int] | None:
    """The next play post of ``game_id`` after ``version``, or None once the game is over."""

    def found() -> tuple[tuple[Message, int] | None] | None:
        post = play_post(channel, game_id, after=version)
        if post is not None:
            return (post,)
        return (None,) if game_over_post(channel, game_id) is not None else None

    return (await server.wait_for(found, timeout or Patience.seconds))[0]


async def open_hand(server: LocalDiscord, user: UserDriver, post: Message) -> Message:
    """Click "Play your turn" on ``post``: the user's ephemeral prompt."""
    inter = await user.click(post, custom_id=str(enabled(post, "wt:play:")[0]["custom_id"]))
    reply = await server.reply(inter, Patience.seconds)
    assert reply.ephemeral and reply.visible_to == user.id, "the hand must be ephemeral"
    return reply


async def settled(server: LocalDiscord, inter: Interaction) -> Message:
    """The prompt once the bot finished answering ``inter`` (past "Sending your move…")."""
    message = await server.reply(inter, Patience.seconds)
    return await server.wait_for(
        lambda: message if not message.content.startswith(SENDING) else None, Patience.seconds
    )


Chooser = Callable[[list[dict[str, Any]]], dict[str, Any]]


def press_in_order(order: tuple[str, ...]) -> Chooser:
    """Presses the first button whose label starts with the earliest word of ``order``; else
    any button but Back."""

    def press(buttons: list[dict[str, Any]]) -> dict[str, Any]:
        for start in order:
            found = [b for b in buttons if str(b.get("label", "")).startswith(start)]
            if found:
                return found[0]
        kept = [b for b in buttons if str(b.get("label", "")) != "Back"]
        return kept[0] if kept else buttons[0]

    return press


def random_chooser(rng: random.Random) -> Chooser:
    return lambda options: rng.choice(options)


async def finish_prompt(
    server: LocalDiscord,
    user: UserDriver,
    prompt: Message,
    rng: random.Random,
    steps: int = 12,
    choose: Chooser | None = None,
    press: Chooser | None = None,
) -> Message:
    """Answer a prompt step by step until a move was sent: card/move select, then an enabled
    action button (Build, Wonder stage, Discard; "…" opens How to pay → Confirm). ``choose``
    picks select options and ``press`` buttons (default: at random, discards less often).

    An option that led to no enabled button is not chosen again, as a person would not: the
    Free City may discard only when it can play none of its cards, so its prompt can offer a
    card whose every button is disabled. Choosing again among all the cards took more than 8
    steps in 1–2 % of the Free City's picks (the e2e test's flake); choosing among the
    untried ones ends within the hand's size (at most 8 cards) plus "…" → Confirm."""
    current = prompt
    dead: set[str] = set()  # select values whose prompt had no enabled button
    chosen: str | None = None
    for _ in range(steps):
        moves = enabled(current, "wt:mv:")
        acts = enabled(current, "wt:act:")
        if moves or acts:
            if press is not None:
                button = press(moves + acts)
            else:
                preferred = [b for b in moves + acts if ":discard:" not in str(b["custom_id"])]
                button = rng.choice(preferred if preferred and rng.random() < 0.8 else moves + acts)
            current = await settled(
                server, await user.click(current, custom_id=str(button["custom_id"]))
            )
            if button in moves:
                return current
            chosen = None  # it led somewhere: not a dead option
            continue
        selects = [c for c in current.items() if c.get("type") == 3 and not c.get("disabled")]
        if not selects:
            return current
        if chosen is not None:
            dead.add(chosen)
        menu = selects[0]
        options = list(menu["options"])
        untried = [o for o in options if str(o["value"]) not in dead]
        option = (choose or random_chooser(rng))(untried or options)
        chosen = str(option["value"])
        current = await settled(
            server, await user.select(current, str(menu["custom_id"]), [chosen])
        )
    raise AssertionError(f"prompt did not end in {steps} steps: {current.content!r}")


async def play_round(
    server: LocalDiscord, users: list[UserDriver], post: Message, rng: random.Random
) -> list[Message]:
    """Every user opens the hand from ``post`` and plays if it is their turn (concurrently)."""

    async def one(user: UserDriver) -> Message:
        prompt = await open_hand(server, user, post)
        if not enabled(prompt, "ws:") and not enabled(prompt, "wt:mv:"):
            return prompt  # nothing to do for this user now
        return await finish_prompt(server, user, prompt, random.Random(rng.random()))

    return list(await asyncio.gather(*(one(u) for u in users)))


async def play_classic_game(
    server: LocalDiscord,
    users: list[UserDriver],
    game_id: int,
    rng: random.Random,
    *,
    max_rounds: int = 40,
    on_post: Callable[[Message], None] | None = None,
) -> Message:
    """Play the game to its end; returns the "Game over" post."""
    channel = users[0].channel
    current = play_post(channel, game_id)
    for _ in range(max_rounds):
        if current is None:
            break
        post, version = current
        if on_post is not None:
            on_post(post)
        await play_round(server, users, post, rng)
        current = await wait_post_after(server, channel, game_id, version)
    final = game_over_post(channel, game_id)
    assert final is not None, f"game {game_id} did not end in {max_rounds} rounds"
    return final


def move_buttons(message: Message) -> list[str]:
    """custom_ids of the enabled buttons that apply a move (``wt:mv:…``)."""
    return [str(b["custom_id"]) for b in enabled(message, "wt:mv:")]


def hand_cards(prompt: Message) -> list[str]:
    """Card names offered in a classic hand prompt's "Choose a card" select."""
    return [str(o["value"]) for c in enabled(prompt, "ws:card:") for o in c["options"]]


async def ready_prompt(
    server: LocalDiscord, user: UserDriver, post: Message, card: int = 0
) -> tuple[Message, str]:
    """Open the hand and choose a card: the prompt and its Discard button's custom_id."""
    prompt = await open_hand(server, user, post)
    cards = hand_cards(prompt)
    assert cards, f"{user.name} has no card to choose: {prompt.content!r}"
    chosen = await settled(
        server, await user.select(prompt, "Choose a card", [cards[card % len(cards)]])
    )
    discard = [c for c in move_buttons(chosen) if ":discard:" in c]
    assert discard, f"no Discard button: {chosen.labels()}"
    return chosen, discard[0]


async def pick_discard(server: LocalDiscord, user: UserDriver, post: Message, card: int = 0) -> str:
    """Open the hand from ``post``, choose a card and discard it; the move text sent."""
    prompt, discard = await ready_prompt(server, user, post, card)
    done = await settled(server, await user.click_custom_id(prompt, discard))
    assert done.content.startswith(("Picked", "Played")), done.content
    return discard.split(":", 4)[4]


async def confirmed(server: LocalDiscord, user: UserDriver, asked: Interaction) -> Message:
    """Answer "Resign game #N?" (from /wonders resign or leave) with Confirm: the question,
    once edited into the outcome ("Done: …")."""
    question = await server.reply(asked, Patience.seconds)
    assert question.ephemeral and question.labels() == ["Confirm", "Cancel"], question.content
    await user.click(question, "Confirm")
    return await server.wait_for(
        lambda: question if question.content.startswith("Done") else None, Patience.seconds
    )
