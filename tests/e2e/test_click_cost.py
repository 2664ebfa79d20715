"""What one click costs: store round-trips of a Build click, and refusals of forged ids
answered by their handler at once (not by the client's fallback for unhandled clicks)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import pytest

import bot.client
from bot.store import Store
from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import SENDING, hand_cards, move_buttons, open_hand, settled
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import move_log, three_player_game

Opener = Callable[[], AbstractAsyncContextManager[Any]]


def count_round_trips(store: Store) -> list[str]:
    """Record every transaction (read or write, and the store method that opened it) from a
    click's task (the timer loop and the AI driver run in tasks of their own)."""
    seen: list[str] = []

    def counted(kind: str, opener: Opener) -> Opener:
        def open_counted() -> AbstractAsyncContextManager[Any]:
            task = asyncio.current_task()
            if task is not None and task.get_name().startswith("discord-ui-"):
                seen.append(f"{kind} ({sys._getframe(1).f_code.co_name})")
            return opener()

        return open_counted

    store._read = counted("read", store._read)  # type: ignore[method-assign]
    store._write = counted("write", store._write)  # type: ignore[method-assign]
    return seen


async def build_button(
    server: LocalDiscord, user: UserDriver, post: Message
) -> tuple[Message, str]:
    """The user's prompt showing a card they can build, and that Build button's id."""
    prompt = await open_hand(server, user, post)
    for card in hand_cards(prompt):
        shown = await settled(server, await user.select(prompt, "Choose a card", [card]))
        builds = [c for c in move_buttons(shown) if ":build:" in c]
        if builds:
            return shown, builds[0]
        prompt = shown
    raise AssertionError("no card of the first hand can be built")


@pytest.mark.asyncio
async def test_a_build_click_loads_the_table_once_and_appends_once(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, _bo, _cy), game, post = await three_player_game(server)
    prompt, build = await build_button(server, ana, post)
    assert live.client is not None and live.client.store is not None
    trips = count_round_trips(live.client.store)

    done = await settled(server, await ana.click_custom_id(prompt, build))

    assert done.content.startswith("Picked"), done.content
    # The table's record, then the move with its seat's deadline (was 4: two loads, the
    # append, the deadline).
    assert trips == ["read (_load)", "write (append_move)"]
    assert await move_log(live, game) == [(0, build.split(":", 4)[4])]


@pytest.fixture
def no_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The client's answer to unhandled clicks comes too late to count (the local server
    records a click unanswered after 3 s as a violation, failing the test)."""
    monkeypatch.setattr(bot.client, "_UNANSWERED_AFTER", 60.0)


@pytest.mark.asyncio
async def test_forged_ids_are_refused_by_their_handler(
    server: LocalDiscord, live: InProcessBot, no_fallback: None
) -> None:
    (ana, bo, _cy), game, post = await three_player_game(server)
    dee = server.user("dee")
    prompt = await open_hand(server, ana, post)
    forged = [
        (dee, post, f"wt:mv:{game}:0:discard:Baths", 2, "not playing"),
        (bo, post, f"wt:mv:{game}:0:build:No Such Card", 2, "No Such Card"),
        (ana, post, f"wt:mv:{game + 50}:0:discard:Baths", 2, f"no game #{game + 50}"),
        (ana, post, f"wt:zap:{game}", 2, "not from this bot"),
        (ana, post, "totally-forged", 2, "not from this bot"),
        (ana, prompt, f"wt:mv:{game + 60}:0:discard:Baths", 2, f"no game #{game + 60}"),
        (dee, post, f"ws:move:{game}:0:0", 3, "not playing"),
    ]
    inters = await asyncio.gather(
        *(
            who.click_custom_id(message, cid, component_type=kind, values=["Baths"])
            for who, message, cid, kind, _ in forged
        )
    )
    for (who, _, custom_id, _, says), inter in zip(forged, inters, strict=True):
        reply = await settled(server, inter)
        assert reply.ephemeral and reply.visible_to == who.id, custom_id
        assert says.lower() in reply.content.lower() and SENDING not in reply.content, custom_id
    assert await move_log(live, game) == []
