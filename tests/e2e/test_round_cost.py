"""What the click that ends a round costs in store round-trips (issue 31): the table is loaded
once, and the next round's deadlines are written together with the move's clean-up, however
many humans are to act (counted like ``test_click_cost``: every transaction of the click's
task, the post included)."""

from __future__ import annotations

import pytest

from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import Patience, hand_cards, move_buttons, open_hand, play_post, settled
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import move_log, three_player_game
from tests.e2e.test_click_cost import count_round_trips


async def discard_button(
    server: LocalDiscord, user: UserDriver, post: Message
) -> tuple[Message, str]:
    """The user's prompt showing their first card's Discard button, and that button's id."""
    prompt = await open_hand(server, user, post)
    shown = await settled(
        server, await user.select(prompt, "Choose a card", hand_cards(prompt)[:1])
    )
    return shown, next(c for c in move_buttons(shown) if ":discard:" in c)


@pytest.mark.asyncio
async def test_the_click_that_ends_a_round_reads_twice_and_writes_thrice(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, bo, cy), game, post = await three_player_game(server, timer="1h")
    for user in (ana, bo):
        prompt, discard = await discard_button(server, user, post)
        assert (await settled(server, await user.click_custom_id(prompt, discard))).content
    prompt, last = await discard_button(server, cy, post)
    assert live.client is not None and live.client.store is not None
    trips = count_round_trips(live.client.store)

    done = await settled(server, await cy.click_custom_id(prompt, last))
    # The next round's post (sent by the click's task after its answer) is part of the cost.
    await server.wait_for(lambda: play_post(ana.channel, game, after=2), Patience.seconds)

    assert done.content.startswith("Played"), done.content
    assert len(await move_log(live, game)) == 3  # the round is over: all three picks
    reads = [t for t in trips if t.startswith("read")]
    writes = [t for t in trips if t.startswith("write")]
    assert len(reads) <= 2 and len(writes) <= 3, trips
    # Was 4 reads + 7 writes: the post loaded the table again and read the server's settings
    # again; the next round's three deadlines were cleared, then written one by one.
    assert trips == [
        "read (_load)",
        "read (get_guild_settings)",
        "write (append_move)",  # with the next round's deadlines
        "write (save_turn_pings)",  # who the post told of their turn (kept over a restart)
        "write (record_message)",  # the post's message id
    ]
