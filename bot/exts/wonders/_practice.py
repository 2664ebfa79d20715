"""Where a practice game is played: never in the public channel. First choice, a private
thread under the channel that only the learner and the bot are in (members can't invite
anyone); without the permission to open one (or outside a server text channel), the learner's
DMs. The game's channel is that place, so every post - the final one too - stays there.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Literal

import discord

from bot.model.errors import UserError

__all__ = ["PracticePlace", "private_place"]

log = logging.getLogger(__name__)

# A week of quiet before Discord archives the thread; a new post unarchives it.
_ARCHIVE_MINUTES: Literal[10080] = 10080


@dataclass(frozen=True)
class PracticePlace:
    """The practice game's home: its server (None in DMs) and channel, and how to name it."""

    guild_id: int | None
    channel_id: int
    mention: str
    in_dms: bool


async def private_place(interaction: discord.Interaction, title: str) -> PracticePlace:
    """A private thread for the learner, else their DMs; refused if neither can be used."""
    thread = await _private_thread(interaction, title)
    if thread is not None:
        return PracticePlace(interaction.guild_id, thread.id, thread.mention, False)
    try:
        dm = await interaction.user.create_dm()
        # A first message checks that DMs are open before any game exists.
        await dm.send(f"🎓 **{title}** — your practice table is here, just for you.")
    except discord.HTTPException:
        raise UserError(
            "I can't open a private thread here and your direct messages are closed: allow "
            "direct messages from this server's members, or ask an admin to give me the "
            "Create Private Threads permission in this channel."
        ) from None
    return PracticePlace(None, dm.id, "your direct messages", True)


async def _private_thread(interaction: discord.Interaction, title: str) -> discord.Thread | None:
    channel = interaction.channel
    perms = interaction.app_permissions
    if not isinstance(channel, discord.TextChannel):
        return None
    if not (perms.create_private_threads and perms.send_messages_in_threads):
        return None
    try:
        thread = await channel.create_thread(
            name=title[:100],
            type=discord.ChannelType.private_thread,
            invitable=False,  # the learner can't bring anyone in
            auto_archive_duration=_ARCHIVE_MINUTES,
        )
        await thread.add_user(interaction.user)
    except discord.HTTPException as exc:
        log.info("no private practice thread in channel %s: %s", channel.id, exc)
        return None
    return thread
