"""Threads, DMs, edit rate limits and mentions of the local server, driven through a real
discord.py client the way the Wonders Table bot calls them."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.discord_server import LocalDiscord
from tests.discord_server.models import CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS
from tests.discord_server.server import EDIT_LIMIT
from tests.discord_server.tiny_bot import TinyBot


def text_channel(bot: TinyBot, server: LocalDiscord) -> discord.TextChannel:
    guild = server.default_guild()
    channel = bot.get_channel(guild.channels[0].id)
    assert isinstance(channel, discord.TextChannel)
    return channel


@pytest.mark.asyncio
async def test_thread_from_a_message_is_public_and_takes_its_id(
    server: LocalDiscord, bot: TinyBot
) -> None:
    channel = text_channel(bot, server)
    starter = await channel.send("Game #1 started")
    thread = await starter.create_thread(name="Game #1 · 7 Wonders")
    assert thread.id == starter.id and thread.type is discord.ChannelType.public_thread
    stored = server.channels[thread.id]
    assert stored.parent_id == channel.id and stored.is_thread
    # The starter message gets no system message next to it: the channel holds one post.
    assert [m.content for m in server.channels[channel.id].public()] == ["Game #1 started"]
    await server.wait_for(lambda: bot.get_channel(thread.id))  # THREAD_CREATE reached the bot
    with pytest.raises(discord.HTTPException) as again:
        await starter.create_thread(name="twice")
    assert again.value.code == 160004


@pytest.mark.asyncio
async def test_standalone_threads_private_by_default_public_leaves_a_notice(
    server: LocalDiscord, bot: TinyBot
) -> None:
    channel = text_channel(bot, server)
    private = await channel.create_thread(name="secret")
    assert private.type is discord.ChannelType.private_thread
    assert server.channels[channel.id].public() == []
    public = await channel.create_thread(name="open", type=discord.ChannelType.public_thread)
    assert public.type is discord.ChannelType.public_thread
    notices = server.channels[channel.id].public()
    assert [(m.type, m.content) for m in notices] == [(18, "open")]
    assert [t.name for t in server.threads_of(server.channels[channel.id])] == ["secret", "open"]


@pytest.mark.asyncio
async def test_missing_thread_permissions_answer_50013(server: LocalDiscord, bot: TinyBot) -> None:
    guild = server.default_guild()
    channel = text_channel(bot, server)
    starter = await channel.send("start")
    guild.bot_permissions &= ~CREATE_PUBLIC_THREADS
    with pytest.raises(discord.Forbidden) as refused:
        await starter.create_thread(name="nope")
    assert refused.value.code == 50013 and server.threads_of(guild.channels[0]) == []
    guild.bot_permissions |= CREATE_PUBLIC_THREADS
    thread = await starter.create_thread(name="yes")
    guild.bot_permissions &= ~SEND_MESSAGES_IN_THREADS
    with pytest.raises(discord.Forbidden) as mute:
        await thread.send("hello")
    assert mute.value.code == 50013


@pytest.mark.asyncio
async def test_thread_members_are_added_and_must_be_in_the_guild(
    server: LocalDiscord, bot: TinyBot
) -> None:
    alice = server.user("alice")
    thread = await (await text_channel(bot, server).send("s")).create_thread(name="t")
    await thread.add_user(discord.Object(alice.id))
    assert server.channels[thread.id].thread_members == {server.bot.id, alice.id}
    await thread.remove_user(discord.Object(alice.id))
    assert alice.id not in server.channels[thread.id].thread_members
    with pytest.raises(discord.NotFound) as stranger:
        await thread.add_user(discord.Object(12345))
    assert stranger.value.code == 10007


@pytest.mark.asyncio
async def test_idle_thread_auto_archives_and_a_post_unarchives_it(
    server: LocalDiscord, bot: TinyBot
) -> None:
    starter = await text_channel(bot, server).send("s")
    thread = await starter.create_thread(name="t", auto_archive_duration=60)
    message = await thread.send("turn 1")
    server.advance(59 * 60)
    assert not server.channels[thread.id].archived
    server.advance(2 * 60)
    stored = server.channels[thread.id]
    assert stored.archived
    # The bot hears THREAD_UPDATE (discord.py drops archived threads from its cache); an
    # edit in an archived thread is refused …
    await server.wait_for(lambda: bot.get_channel(thread.id) is None)
    with pytest.raises(discord.HTTPException) as refused:
        await message.edit(content="edited")
    assert refused.value.code == 50083
    # … while a new message unarchives it, as Discord does for an unlocked thread.
    await thread.send("turn 2")
    assert not stored.archived and [m.content for m in stored.public()] == ["turn 1", "turn 2"]
    stored.archived, stored.locked = True, True
    with pytest.raises(discord.HTTPException) as locked:
        await thread.send("turn 3")
    assert locked.value.code == 50083


@pytest.mark.asyncio
async def test_active_threads_only_come_back_in_guild_create(server: LocalDiscord) -> None:
    guild = server.default_guild()
    active = server.add_channel(guild, "active", type=11, parent_id=guild.channels[0].id)
    asleep = server.add_channel(guild, "asleep", type=11, parent_id=guild.channels[0].id)
    asleep.archived = True
    listed = guild.to_json(server.bot)
    assert [t["id"] for t in listed["threads"]] == [str(active.id)]
    assert str(asleep.id) not in [c["id"] for c in listed["channels"]]


@pytest.mark.asyncio
async def test_edit_bursts_get_429_and_discord_py_retries(
    server: LocalDiscord, bot: TinyBot
) -> None:
    message = await text_channel(bot, server).send("status")
    started = asyncio.get_running_loop().time()
    for n in range(EDIT_LIMIT + 1):
        await message.edit(content=f"status {n}")
    waited = asyncio.get_running_loop().time() - started
    stored = server.messages[message.id]
    assert stored.content == f"status {EDIT_LIMIT}" and stored.edits == EDIT_LIMIT + 1
    assert len(server.rate_limited) >= 1 and waited > 1.0  # the client slept through the 429


@pytest.mark.asyncio
async def test_dms_reach_open_users_and_closed_ones_answer_50007(
    server: LocalDiscord, bot: TinyBot
) -> None:
    alice, bob = server.user("alice"), server.user("bob")
    alice_user = await bot.fetch_user(alice.id)
    await alice_user.send("your turn in Game #3")
    assert [m.content for m in alice.dms()] == ["your turn in Game #3"]
    bob.close_dms()
    bob_user = await bot.fetch_user(bob.id)
    with pytest.raises(discord.Forbidden) as closed:
        await bob_user.send("hello")
    assert closed.value.code == 50007 and bob.dms() == []


@pytest.mark.asyncio
async def test_mentions_follow_allowed_mentions_and_edits_ping_nobody(
    server: LocalDiscord, bot: TinyBot
) -> None:
    alice, bob = server.user("alice"), server.user("bob")
    channel = text_channel(bot, server)
    only_alice = discord.AllowedMentions(users=[discord.Object(alice.id)])
    sent = await channel.send(f"{alice.mention} {bob.mention}", allowed_mentions=only_alice)
    stored = server.messages[sent.id]
    assert stored.pinged_ids() == {alice.id}
    assert stored.mentioned_ids() == {alice.id, bob.id}
    nobody = await channel.send(bob.mention, allowed_mentions=discord.AllowedMentions.none())
    assert server.messages[nobody.id].pinged_ids() == set()
    await sent.edit(content=f"{bob.mention} edited")
    assert stored.pinged_ids() == {alice.id}  # an edit notifies nobody new
