"""The tutorial's practice game is private (issue 22): it is played in a private thread only
the learner and the bot are in - or, where the bot may not open one, in the learner's DMs -
never in the public channel; and its coaching tips can be switched off for good."""

from __future__ import annotations

import re

import pytest

from bot.services.games import RESTARTED
from tests.discord_server import Interaction, LocalDiscord, Message, UserDriver
from tests.discord_server.models import CREATE_PRIVATE_THREADS
from tests.e2e.autoplay import Patience, open_hand, play_post
from tests.e2e.conftest import BotFactory, LiveFactory, people
from tests.e2e.test_crash_windows import halted


async def practice(server: LocalDiscord, ana: UserDriver, game: str = "duel") -> tuple[int, str]:
    """Open the tutorial, go to its last page and start the practice game: (number, answer)."""
    page = await server.reply(await ana.command("wonders tutorial", game=game), Patience.seconds)
    for n in range(2, 6):
        await server.reply(await ana.click(page, "Next"), Patience.seconds)
        await server.wait_for(lambda n=n: page if f"({n}/5)" in page.content else None, 30)
    started = await started_answer(server, await ana.click(page, "Practice game"))
    assert started.ephemeral and started.visible_to == ana.id, started.content
    found = re.search(r"Practice game #(\d+)", started.content)
    assert found is not None, started.content
    return int(found.group(1)), started.content


async def started_answer(server: LocalDiscord, click: Interaction) -> Message:
    """The Practice game click's private answer, once past "Starting your practice game"."""
    reply = await server.reply(click, Patience.seconds)
    return await server.wait_for(
        lambda: None if reply.content.startswith("Starting") else reply, Patience.seconds
    )


def in_channel(server: LocalDiscord, ana: UserDriver, game: int) -> list[Message]:
    """The practice game's posts right in the public channel (there must be none)."""
    return [m for m in ana.channel.public() if f"#{game}" in m.content or m.attachments]


@pytest.mark.asyncio
async def test_practice_in_a_private_thread_and_tips_off_for_good(
    server: LocalDiscord, start_live: LiveFactory
) -> None:
    first = await start_live()
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    game, said = await practice(server, ana)
    post, _ = await server.wait_for(lambda: play_post(ana.channel, game), Patience.seconds)
    thread = server.channels[post.channel_id]
    assert thread.type == 12 and thread.parent_id == ana.channel.id, "a private thread"
    assert thread.thread_members == {server.bot.id, ana.id} and not thread.invitable
    assert f"<#{thread.id}>" in said and "only you and I" in said
    assert not in_channel(server, ana, game), "nothing of the practice game in the channel"
    assert not thread.sees(bo.id)
    with pytest.raises(AssertionError, match="cannot see"):
        await bo.click(post, "Play your turn")

    prompt = await open_hand(server, ana, post)
    assert prompt.content.startswith("💡 Tip: ") and "Tips off" in prompt.labels()
    off = await server.reply(await ana.click(prompt, "Tips off"), Patience.seconds)
    off = await server.wait_for(lambda: off if "Tips off" not in off.labels() else None, 30)
    assert off.id == prompt.id and "Coaching tips are off" in off.content
    assert "💡 Tip:" not in off.content and "Hint" in off.labels()

    await first.stop()  # the choice is saved: a restarted bot shows no tip either
    await start_live()
    post, _ = await server.wait_for(lambda: play_post(ana.channel, game), Patience.seconds)
    again = await open_hand(server, ana, post)
    assert "💡 Tip:" not in again.content and "Tips off" not in again.labels()
    assert "Hint" in again.labels(), "the Hint button stays"


@pytest.mark.asyncio
async def test_practice_goes_to_dms_without_private_threads(
    server: LocalDiscord, start_live: LiveFactory
) -> None:
    ana = people(server)["ana"]
    ana.guild.bot_permissions &= ~CREATE_PRIVATE_THREADS
    await start_live()
    game, said = await practice(server, ana)
    assert "your direct messages" in said, said
    dm = server.dm_channels[ana.id]
    post, _ = await server.wait_for(lambda: play_post(dm, game), Patience.seconds)
    assert not in_channel(server, ana, game) and not ana.channel.threads
    prompt = await open_hand(server, ana, post)  # a click in the DM reaches the game
    assert prompt.content.startswith("💡 Tip: "), prompt.content
    assert prompt.channel_id == dm.id


@pytest.mark.asyncio
async def test_practice_refused_privately_when_dms_are_closed_too(
    server: LocalDiscord, start_live: LiveFactory
) -> None:
    ana = people(server)["ana"]
    ana.guild.bot_permissions &= ~CREATE_PRIVATE_THREADS
    ana.close_dms()
    await start_live()
    page = await server.reply(await ana.command("wonders tutorial"), Patience.seconds)
    for n in range(2, 6):
        await server.reply(await ana.click(page, "Next"), Patience.seconds)
        await server.wait_for(lambda n=n: page if f"({n}/5)" in page.content else None, 30)
    refused = await started_answer(server, await ana.click(page, "Practice game"))
    assert refused.ephemeral and "direct messages are closed" in refused.content
    # No game was made: nothing in the channel, no thread, and the DM never went out.
    assert not ana.channel.public() and not ana.channel.threads and not ana.dms()


@pytest.mark.asyncio
async def test_a_dm_practice_game_started_just_before_a_crash_is_posted_after_it(
    server: LocalDiscord, start_bot: BotFactory
) -> None:
    """A game played in DMs belongs to no server: the restart still finds and posts it."""
    ana = people(server)["ana"]
    ana.guild.bot_permissions &= ~CREATE_PRIVATE_THREADS
    first = await start_bot(WONDERS_FAULT_POINT="game-started")
    page = await server.reply(await ana.command("wonders tutorial"), Patience.seconds)
    for n in range(2, 6):
        await server.reply(await ana.click(page, "Next"), Patience.seconds)
        await server.wait_for(lambda n=n: page if f"({n}/5)" in page.content else None, 30)
    starting = await server.reply(await ana.click(page, "Practice game"), Patience.seconds)
    await halted(server, first, "game-started")
    await first.kill()
    dm = server.dm_channels[ana.id]
    assert play_post(dm) is None, "the start was saved, not posted"

    await start_bot()
    post, version = await server.wait_for(lambda: play_post(dm), Patience.seconds)
    assert version == 0 and RESTARTED in post.content
    prompt = await open_hand(server, ana, post)
    assert prompt.content.startswith("💡 Tip: "), prompt.content
    assert not ana.channel.public() and not ana.channel.threads
    # The click's answer was never a spinner: it said where the game would appear.
    assert not starting.loading and "direct messages" in starting.content
