"""One public thread per game, started from the lobby post (so the channel gets no extra
message; an admin's AI match, announced privately, gets a standalone public thread); the
seated people are added so it shows in their thread list. Without the permissions the game
stays in the channel and an admin is told once, privately, what is missing. The thread id is
stored with the game: a restart finds it again.
"""

from __future__ import annotations

import logging
from typing import Literal

import discord

from bot.model.game import Table
from bot.services.community import CommunityService

__all__ = ["adopt_thread", "missing_thread_permissions", "open_thread", "thread_on"]

log = logging.getLogger(__name__)

# A week of quiet before Discord archives it; a new post unarchives it again.
ARCHIVE_MINUTES: Literal[10080] = 10080


def missing_thread_permissions(perms: discord.Permissions) -> list[str]:
    """The permissions a game thread needs that the bot lacks in this channel."""
    needed = {
        "Create Public Threads": perms.create_public_threads,
        "Send Messages in Threads": perms.send_messages_in_threads,
    }
    return [name for name, has in needed.items() if not has]


async def open_thread(
    data: CommunityService, interaction: discord.Interaction, table: Table
) -> discord.Thread | None:
    """The game's new thread, or None (threads off, no permission, not a text channel)."""
    settings = await data.settings(table.record.guild_id)
    channel = interaction.channel
    if not settings.game_threads or not isinstance(channel, discord.TextChannel):
        return None
    missing = missing_thread_permissions(interaction.app_permissions)
    thread = None
    if not missing:
        try:
            starter = await interaction.original_response()
            name = f"Game #{table.id} · {table.game.title}"
            if starter.flags.ephemeral:  # e.g. an admin's AI match: a thread of its own
                thread = await channel.create_thread(
                    name=name,
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=ARCHIVE_MINUTES,
                )
            else:
                thread = await starter.create_thread(
                    name=name, auto_archive_duration=ARCHIVE_MINUTES
                )
        except discord.Forbidden:
            missing = ["Create Public Threads"]
        except discord.HTTPException as exc:
            log.warning("no thread for game %s: %s", table.id, exc)
            return None
    if thread is None:
        await _tell_admin_once(data, interaction, table, missing)
        return None
    await adopt_thread(data, table, thread)
    return thread


async def thread_on(
    data: CommunityService, message: discord.Message, table: Table
) -> discord.Thread | None:
    """A thread started from the bot's own ``message`` (a rematch's lobby post, no click on
    it to answer), or None: threads off, not a text channel, or no permission (the game then
    stays in the channel; the first table's Start already told an admin what is missing)."""
    settings = await data.settings(table.record.guild_id)
    if not settings.game_threads or not isinstance(message.channel, discord.TextChannel):
        return None
    try:
        thread = await message.create_thread(
            name=f"Game #{table.id} · {table.game.title}", auto_archive_duration=ARCHIVE_MINUTES
        )
    except discord.HTTPException as exc:
        log.warning("no thread for game %s: %s", table.id, exc)
        return None
    await adopt_thread(data, table, thread)
    return thread


async def adopt_thread(data: CommunityService, table: Table, thread: discord.Thread) -> None:
    """Record the game's thread and add its seated people (it shows in their thread list)."""
    await data.set_thread(table.id, thread.id)
    for seat in range(len(table.record.seats)):
        user = table.seat_user(seat)
        if user is not None:
            try:
                await thread.add_user(discord.Object(user))
            except discord.HTTPException as exc:
                log.info("could not add %s to the thread of game %s: %s", user, table.id, exc)


async def _tell_admin_once(
    data: CommunityService, interaction: discord.Interaction, table: Table, missing: list[str]
) -> None:
    """Ephemeral, to an admin, once per server (a member can't fix it: nobody else is told)."""
    perms = interaction.permissions
    if not (perms.manage_guild or perms.administrator):
        return
    if not await data.warn_once(table.record.guild_id):
        return
    names = " and ".join(f"**{m}**" for m in missing)
    text = (
        f"Game #{table.id} is played in this channel: I can't open a thread for it because I "
        f"lack the {names} permission here. Grant it to the bot (server settings → roles, or "
        "this channel's permissions) to give each game a thread, or keep games in the channel "
        "with `/wonders-admin settings game_threads:off`. (Said once.)"
    )
    try:
        await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell the admin about thread permissions")
