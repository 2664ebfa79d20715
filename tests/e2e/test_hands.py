"""Hands at 4+ players: a hand may hold two copies of a card (the 3-player decks never do), and
every prompt of a whole 4-player game must still open and play."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest

from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import (
    move_buttons,
    open_hand,
    open_lobby,
    play_classic_game,
    play_post,
    settled,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot
from tests.sqlite_file import sqlite_file

# 4 players, sides A: Ana (seat 0, Halikarnassos) starts age I with two Guard Towers, Bo
# (seat 1, Rhodos) with two Lumber Yards.
SEED = 19


def fix_seed(live: InProcessBot, seed: int) -> Callable[[int], None]:
    """Give the lobby a known seed (the bot draws one at random when the table is created)."""

    def apply(game_id: int) -> None:
        with sqlite_file(live.settings.database) as db:
            db.execute("UPDATE games SET seed = ? WHERE id = ?", (seed, game_id))

    return apply


async def pick_the_copied_card(server: LocalDiscord, user: UserDriver, post: Message) -> str:
    """Open the hand, check the card held twice is offered once, choose it and discard it."""
    prompt = await open_hand(server, user, post)
    (menu,) = [c for c in prompt.items() if c.get("type") == 3]
    values = [str(o["value"]) for o in menu["options"]]
    assert len(values) == len(set(values)), f"repeated option values: {values}"
    twice = [o for o in menu["options"] if str(o["label"]).endswith(" ×2")]
    assert twice, f"{user.name}'s hand shows no card held twice: {values}"
    name = str(twice[0]["value"])
    chosen = await settled(server, await user.select(prompt, "Choose a card", [name]))
    assert f"**{name}**" in chosen.content, chosen.content
    discard = [c for c in move_buttons(chosen) if ":discard:" in c]
    done = await settled(server, await user.click_custom_id(chosen, discard[0]))
    assert done.content.startswith(("Picked", "Played")), done.content
    return name


@pytest.mark.asyncio
async def test_four_players_open_hands_holding_two_copies_of_a_card(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    game = await open_lobby(
        server, ana, [bo], before_start=fix_seed(live, SEED), game="classic", players=4, sides="A"
    )
    found = play_post(ana.channel, game)
    assert found is not None
    post, _ = found
    assert await pick_the_copied_card(server, ana, post) == "Guard Tower"
    assert await pick_the_copied_card(server, bo, post) == "Lumber Yard"
    # The rest of the game through the same prompts: the server fixture fails the test on
    # any select Discord would refuse (later hands of 4 players hold copies too).
    final = await play_classic_game(server, [ana, bo], game, random.Random(4))
    assert "Game over" in final.content
    assert live.client is not None and live.client.store is not None
    record = await live.client.store.load_game(game)
    first = {seat: next(m.move_text for m in record.moves if m.seat == seat) for seat in (0, 1)}
    assert first == {0: "discard:GuardTower", 1: "discard:LumberYard"}


@pytest.mark.asyncio
async def test_a_double_click_on_a_duel_confirm_keeps_the_first_answer(
    server: LocalDiscord, live: InProcessBot
) -> None:
    ana = people(server)["ana"]
    game = await open_lobby(server, ana, [], game="duel")
    await server.wait_for(lambda: play_post(ana.channel, game), 10)
    assert live.client is not None and live.client.hub is not None
    await live.client.hub.driver.idle()  # the AI's draft picks, if it starts
    found = play_post(ana.channel, game)
    assert found is not None
    prompt = await open_hand(server, ana, found[0])
    (menu,) = [c for c in prompt.items() if c.get("type") == 3]
    chosen = await settled(server, await ana.select(prompt, "", [str(menu["options"][0]["value"])]))
    (confirm,) = move_buttons(chosen)
    clicks = await asyncio.gather(
        ana.click_custom_id(chosen, confirm), ana.click_custom_id(chosen, confirm)
    )
    answers = [await settled(server, inter) for inter in clicks]
    again = [a for a in answers if a.id != chosen.id]
    assert len(again) == 1 and again[0].ephemeral and "already sent" in again[0].content
    await live.client.hub.driver.idle()
    assert "moved on" not in chosen.content and chosen.content.startswith("Played"), chosen.content
    record = await live.client.store.load_game(game)  # type: ignore[union-attr]
    mine = [m.move_text for m in record.moves if m.seat == record.seat_of(ana.id)]
    assert mine == [confirm.split(":", 4)[4]]
