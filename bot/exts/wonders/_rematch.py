"""The result post's Rematch button (``wt:rematch:<game>``): opens the rematch table in the
game's channel, or takes the clicker's kept seat there; starts it once every seat is taken.
Everything is read from the store on each click, so the button works after a restart."""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.exts.errors import say
from bot.exts.views import lobby_view
from bot.hub import Hub
from bot.model.ids import ComponentId
from bot.services.limits import What
from bot.services.rematch import RematchAnswer

__all__ = ["rematch_click", "rematch_join", "rematch_lobby_text"]

log = logging.getLogger(__name__)


def rematch_lobby_text(hub: Hub, answer: RematchAnswer) -> str:
    head = hub.challenges.lobby_text(answer.table)
    if answer.table.status != "lobby":
        return head
    return (
        f"{head}\n🔁 Rematch of game #{answer.source}: its players' seats are kept for them — "
        "click **Rematch** under its result (or Join here) to take yours."
    )


async def rematch_click(hub: Hub, interaction: discord.Interaction, cid: ComponentId) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    uid = interaction.user.id
    # The member's table limits (README "Security"): opening the rematch counts as opening a
    # table; filling one that exists, as starting it.
    existing = await hub.rematch.existing(cid.game_id)
    what: What = "lobby" if existing is None else "start"
    async with hub.limits.reserve(interaction.guild_id, uid, what, existing):
        answer = await hub.rematch.ask(interaction.guild_id, cid.game_id, uid)
    await _answer(hub, interaction, answer)


async def rematch_join(
    hub: Hub, interaction: discord.Interaction, game_id: int, source: int
) -> None:
    """Join (command or button) at rematch table ``game_id`` does what Rematch does: its
    lobby post keeps the rematch line, and the last kept seat taken starts the game."""
    async with hub.limits.reserve(interaction.guild_id, interaction.user.id, "start", game_id):
        answer = await hub.rematch.join(game_id, interaction.user.id, source)
    await _answer(hub, interaction, answer)


async def _answer(hub: Hub, interaction: discord.Interaction, answer: RematchAnswer) -> None:
    """Redraw (or post) the rematch's lobby, post the first board if it started, and tell
    the member what their click did."""
    table = answer.table
    lobby = await _lobby_message(hub, answer)
    if answer.report is not None:
        report = answer.report
        if lobby is not None:
            report = await hub.community.start_posted(report, lobby)
        await hub.poster.report(report)
        hub.driver.kick(table.id)
        await say(interaction, f"You took your seat: rematch #{table.id} has started.")
        return
    where = f"<#{table.record.channel_id}>"
    if answer.seated:
        await say(
            interaction,
            f"You took your seat at rematch table #{table.id} in {where}; it starts once "
            "everyone is back (or when its creator clicks Start).",
        )
    elif table.status == "lobby":
        await say(
            interaction, f"The rematch of game #{answer.source} is table #{table.id} in {where}."
        )
    else:
        await say(
            interaction,
            f"The rematch of game #{answer.source} is game #{table.id} ({table.status}) "
            f"in {where}.",
        )


async def _lobby_message(hub: Hub, answer: RematchAnswer) -> discord.Message | None:
    """Post the rematch's lobby in the game's channel (first click), else edit it."""
    table = answer.table
    text = rematch_lobby_text(hub, answer)
    view = lobby_view(table.id) if table.status == "lobby" else discord.ui.View()
    if answer.created:
        channel = await hub.poster.channel(table.record.channel_id)
        if channel is None:
            return None
        try:
            message = await channel.send(text, view=view)
        except discord.HTTPException:
            log.exception("posting the lobby of rematch %s failed", table.id)
            return None
        await hub.servers.record_lobby_post(table.id, message.channel.id, message.id)
        return message
    posted = await hub.servers.lobby_post(table.id)
    channel = None if posted is None else await hub.poster.channel(posted[0])
    if posted is None or channel is None or not answer.seated:
        return None
    partial = channel.get_partial_message(posted[1])  # type: ignore[attr-defined]
    with contextlib.suppress(discord.HTTPException):
        return await partial.edit(content=text, view=view)  # type: ignore[no-any-return]
    return None
