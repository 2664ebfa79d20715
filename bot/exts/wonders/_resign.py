"""Resigning (and ``/wonders leave`` in a running game) asks first: an ephemeral Confirm /
Cancel (``wt:resign:<g>`` / ``wt:stay:<g>``), because it can't be undone."""

from __future__ import annotations

import discord

from bot.exts.errors import say
from bot.exts.views import buttons_view
from bot.hub import Hub
from bot.model.game import Table
from bot.model.ids import ComponentId, button_id
from bot.model.prompt import ButtonSpec

__all__ = ["ask_to_resign", "cancel_resign", "confirm_resign", "resign_now"]


async def ask_to_resign(interaction: discord.Interaction, table: Table) -> None:
    what = (
        "the game ends and your opponent wins"
        if table.game.resign_ends_game
        else "an AI plays your seat to the end"
    )
    view = buttons_view(
        [
            ButtonSpec("Confirm", button_id("resign", table.id), "danger"),
            ButtonSpec("Cancel", button_id("stay", table.id), "secondary"),
        ]
    )
    await say(interaction, f"Resign game #{table.id}? {what.capitalize()}.", view=view)


async def confirm_resign(hub: Hub, interaction: discord.Interaction, cid: ComponentId) -> None:
    await interaction.response.edit_message(content="Resigning…", view=None)
    table = await hub.games.table_in(interaction.guild_id, cid.game_id)
    # Not checked here that the game runs: read outside the game's lock, the table may be the
    # cached lobby of a game whose start is being stored ("has not started yet" for a running
    # game). ``resign`` checks it under the lock, after any start.
    text = await resign_now(hub, table, interaction.user.id)
    await interaction.edit_original_response(content="Done: " + text)


async def cancel_resign(interaction: discord.Interaction, cid: ComponentId) -> None:
    await interaction.response.edit_message(
        content=f"You keep your seat in game #{cid.game_id}.", view=None
    )


async def resign_now(hub: Hub, table: Table, user_id: int) -> str:
    text, reports = await hub.games.resign(table.id, user_id)
    if not reports:  # a Duel resignation posts its final report (text + score sheet) instead
        await hub.poster.notice(table.record.channel_id, table.id, text, [], kind="resign")
    for report in reports:
        await hub.poster.report(report)
    hub.driver.kick(table.id)
    return text
