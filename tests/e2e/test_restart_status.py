"""Issue 18 leftovers across a restart: the live status message shows the current turn once
the bot is back, and nobody is told twice of one turn (who was told is in the database)."""

from __future__ import annotations

import pytest

from bot.services.games import RESTARTED
from tests.discord_server import LocalDiscord, Message
from tests.e2e.autoplay import Patience, play_post, ready_prompt, settled, wait_post_after
from tests.e2e.conftest import BotFactory, people
from tests.e2e.test_bad_input import three_player_game
from tests.e2e.test_crash_windows import halted


def status_message(server: LocalDiscord, game: int) -> Message:
    thread = next(iter(server.channels.values())).threads[0]
    return next(m for m in thread.public() if m.content.startswith(f"**Game #{game} ·"))


@pytest.mark.asyncio
async def test_the_status_message_shows_the_current_turn_after_a_restart(
    server: LocalDiscord, start_bot: BotFactory
) -> None:
    # The first process never edits a status message (it halts each edit, then is killed).
    first = await start_bot(WONDERS_FAULT_POINT="status-edit")
    (ana, bo, cy), game, post = await three_player_game(server, timer="off")
    for user in (ana, bo, cy):
        prompt, discard = await ready_prompt(server, user, post)
        await settled(server, await user.click_custom_id(prompt, discard))
    nxt = await wait_post_after(server, ana.channel, game, 0)
    assert nxt is not None, "turn 2 was posted"
    # Each board post asks for its status edit at once (issue 35.9): the second halt is turn
    # 2's, after its post was recorded.
    await server.wait_for(lambda: first.log().count("fault point status-edit reached") >= 2, 20)
    stale = status_message(server, game)
    assert "Age I turn 1" in stale.content and "⏳ Waiting for ana" in stale.content, stale.content
    await first.kill()
    posted = len(ana.channel.public_with_threads())

    await start_bot()
    fresh = await server.wait_for(
        lambda: (m := status_message(server, game)) and "Age I turn 2" in m.content and m,
        Patience.seconds,
    )
    assert "⏳ Waiting for ana, bo, cy" in fresh.content, fresh.content
    assert fresh.labels() == ["Play your turn"]
    # Nothing was waiting to be posted: the status message is the only thing that changed.
    assert not [m for m in ana.channel.public_with_threads()[posted:] if RESTARTED in m.content]


@pytest.mark.asyncio
async def test_nobody_is_pinged_twice_for_one_turn_across_a_restart(
    server: LocalDiscord, start_bot: BotFactory
) -> None:
    first = await start_bot(WONDERS_FAULT_POINT="move-saved")
    admin = people(server)["admin"]
    await server.reply(await admin.command("wonders-admin settings", ping_after="0s"))
    (ana, bo, cy), game, post = await three_player_game(server, timer="off")
    assert post.pinged_ids() == {ana.id, bo.id, cy.id}, "everyone is away: told of turn 1"
    prompt, discard = await ready_prompt(server, ana, post)
    await server.reply(await ana.click_custom_id(prompt, discard))
    await halted(server, first, "move-saved")  # saved, never posted
    await first.kill()

    await start_bot()
    caught, version = await server.wait_for(
        lambda: play_post(ana.channel, game, after=0), Patience.seconds
    )
    assert version == 1 and RESTARTED in caught.content
    # Bo and Cy still have to pick turn 1, but they were told of it before the crash.
    assert caught.pinged_ids() == set(), caught.content
    # The next turn is a new one: they are told of it.
    for user in (bo, cy):
        prompt, discard = await ready_prompt(server, user, caught)
        await settled(server, await user.click_custom_id(prompt, discard))
    nxt = await wait_post_after(server, ana.channel, game, version)
    assert nxt is not None and nxt[0].pinged_ids() == {ana.id, bo.id, cy.id}
