"""Change my pick: Ana discards a card, clicks **Change my pick**, builds another card
instead, and the public post of the reveal shows the card she built; afterwards the old
button answers "Too late: the game has moved on" with a way to the current turn."""

from __future__ import annotations

import asyncio

import pytest

from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import (
    Patience,
    enabled,
    pick_discard,
    ready_prompt,
    settled,
    wait_post_after,
)
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import move_log, three_player_game


async def _build_instead(
    server: LocalDiscord, ana: UserDriver, prompt: Message, skip: str, *, double: bool = False
) -> tuple[str, Message]:
    """In the change prompt, choose a card other than ``skip`` that has a one-click Build
    and click it (twice at once when ``double``): the card's name and Ana's answer."""
    selects = enabled(prompt, "ws:ccard:")
    assert selects, f"the change prompt offers no card: {prompt.content!r}"
    names = [str(o["label"]) for o in selects[0]["options"]]
    assert skip in names, "the change prompt shows the hand of the round's start"
    current = prompt
    for name in (n for n in names if n != skip):
        current = await settled(
            server, await ana.select(current, str(selects[0]["custom_id"]), [name])
        )
        builds = [b for b in enabled(current, "wt:cmv:") if ":build:" in str(b["custom_id"])]
        if builds:
            confirm = str(builds[0]["custom_id"])
            if not double:
                return name, await settled(server, await ana.click_custom_id(current, confirm))
            clicks = await asyncio.gather(
                ana.click_custom_id(current, confirm), ana.click_custom_id(current, confirm)
            )
            answers = [await settled(server, inter) for inter in clicks]
            again = [a for a in answers if a.id != current.id]
            assert len(again) == 1 and "already sent" in again[0].content, [
                a.content for a in answers
            ]
            return name, current
        selects = enabled(current, "ws:ccard:")
    raise AssertionError(f"no card with a one-click Build in {names}")


@pytest.mark.asyncio
async def test_change_my_pick_then_the_reveal_shows_the_new_card(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, bo, cy), game, post = await three_player_game(server)
    prompt, discard = await ready_prompt(server, ana, post, card=0)
    first = str(
        next(
            o["label"]
            for c in enabled(prompt, "ws:card:")
            for o in c["options"]
            if o.get("default")
        )
    )
    picked = await settled(server, await ana.click_custom_id(prompt, discard))
    assert picked.content.startswith("Picked") and "Waiting for" in picked.content
    assert "Change my pick" in picked.labels()

    change = await server.reply(await ana.click(picked, "Change my pick"), Patience.seconds)
    assert change.ephemeral and change.visible_to == ana.id and change.images()
    assert "Your pick:" in change.content
    built, done = await _build_instead(server, ana, change, first, double=True)
    assert done.content.startswith("Picked instead:") and built in done.content
    assert "Change my pick" in done.labels()
    log = await move_log(live, game)
    # Append-only log: the pick stays, the change (one, despite the double click) follows it.
    assert [seat for seat, _ in log] == [0, 0] and log[0][1].startswith("discard:")
    assert log[1][1].startswith("repick:build:")

    await pick_discard(server, bo, post)
    await pick_discard(server, cy, post)
    revealed = await wait_post_after(server, ana.channel, game, 0)
    assert revealed is not None
    board = revealed[0].content
    assert f"ana built {built}" in board, board
    assert sorted(seat for seat, _ in await move_log(live, game)) == [0, 0, 1, 2]

    late = await server.reply(await ana.click(done, "Change my pick"), Patience.seconds)
    assert late.ephemeral and "Too late: the game has moved on" in late.content
    assert "Play your turn" in late.labels()
    assert len(await move_log(live, game)) == 4
