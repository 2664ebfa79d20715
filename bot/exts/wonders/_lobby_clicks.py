"""The lobby post's buttons (Join, Leave/Decline, Add AI, Cancel, Start) and its redraw.

Split from the component router (``_components``): a lobby click changes the lobby, then
redraws the post it was clicked on — or, for an id forged onto another message, the lobby's
own recorded post, never the message it was clicked on.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping

import discord

from bot.exts.common import is_admin
from bot.exts.errors import say
from bot.exts.views import lobby_view, shows
from bot.hub import Hub
from bot.model.game import Table
from bot.model.ids import ComponentId
from bot.presenters.status import JOINED

from ._rematch import rematch_join

__all__ = ["edit_lobby", "lobby_click", "lobby_post", "start_click"]


async def lobby_click(hub: Hub, interaction: discord.Interaction, cid: ComponentId) -> None:
    """Join / Leave (or decline a challenge) / Add AI / Cancel."""
    await _ack_lobby_click(interaction)
    await hub.games.table_in(interaction.guild_id, cid.game_id)
    lobby, uid, admin = hub.lobby, interaction.user.id, is_admin(interaction)
    challenges = hub.challenges
    if cid.verb == "join":
        found = await hub.games.table(cid.game_id)
        challenges.check_join(found, uid)
        source = await hub.rematch.source_of(found)
        if source is not None:
            await rematch_join(hub, interaction, cid.game_id, source)
            return
        table = await lobby.join(cid.game_id, uid)
        done = f"You joined table #{cid.game_id}. {JOINED}"
    elif cid.verb == "leave" and challenges.declines(await hub.games.table(cid.game_id), uid):
        table = await challenges.decline(cid.game_id, uid)
        done = f"You declined the challenge: table #{cid.game_id} is closed."
    elif cid.verb == "leave":
        table = await lobby.leave(cid.game_id, uid)
        done = f"You left table #{cid.game_id}."
    elif cid.verb == "addai":
        table = await challenges.settle(await lobby.add_ai(cid.game_id, uid, admin))
        done = "An AI took a seat."
    else:
        table = await lobby.cancel(cid.game_id, uid, admin)
        done = f"Table #{cid.game_id} is closed."
    await _refresh_lobby(hub, interaction, table)
    await say(interaction, done)


async def start_click(hub: Hub, interaction: discord.Interaction, cid: ComponentId) -> None:
    """Start: the game begins, its first posts go out, the AI seats are kicked."""
    await _ack_lobby_click(interaction)
    await hub.games.table_in(interaction.guild_id, cid.game_id)
    hub.challenges.check_start(await hub.games.table(cid.game_id))
    uid = interaction.user.id
    async with hub.limits.reserve(interaction.guild_id, uid, "start", cid.game_id):
        report = await hub.lobby.start(cid.game_id, uid, is_admin(interaction))
    table = await hub.games.table(cid.game_id)
    await _refresh_lobby(hub, interaction, table)
    text, _ = lobby_post(hub, table)
    report = await hub.community.start_game(interaction, report, text)
    await hub.poster.report(report)
    hub.driver.kick(cid.game_id)
    await say(interaction, await hub.community.where_now(cid.game_id))


async def _refresh_lobby(hub: Hub, interaction: discord.Interaction, table: Table) -> None:
    """Redraw the clicked lobby post; a lobby id clicked on another message (forged) leaves
    that message alone and redraws the lobby's own post."""
    if not _clicked_shows_it(interaction):
        await edit_lobby(hub, table)
        return
    text, view = lobby_post(hub, table)
    await interaction.edit_original_response(content=text, view=view)


def _clicked_shows_it(interaction: discord.Interaction) -> bool:
    data: Mapping[str, object] = interaction.data or {}
    return shows(interaction.message, str(data.get("custom_id")), data.get("component_type"))


async def _ack_lobby_click(interaction: discord.Interaction) -> None:
    """A lobby button is acknowledged as an update of its post (redrawn after the change); the
    same id on a message that doesn't show it (forged) gets a private "thinking…" instead."""
    if _clicked_shows_it(interaction):
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


def lobby_post(hub: Hub, table: Table) -> tuple[str, discord.ui.View]:
    """The lobby post's text and buttons (none once the table started or closed)."""
    challenge = hub.challenges.invited(table) is not None
    view = lobby_view(table.id, challenge) if table.status == "lobby" else discord.ui.View()
    return hub.challenges.lobby_text(table), view


async def edit_lobby(hub: Hub, table: Table) -> None:
    """Commands change a lobby without a click on it: edit the recorded lobby post."""
    posted = await hub.servers.lobby_post(table.id)
    channel = None if posted is None else await hub.poster.channel(posted[0])
    if posted is None or not isinstance(channel, discord.abc.Messageable):
        return
    text, view = lobby_post(hub, table)
    with contextlib.suppress(discord.HTTPException, AttributeError):
        await channel.get_partial_message(posted[1]).edit(  # type: ignore[attr-defined]
            content=text, view=view
        )
