"""``/wonders hand`` and ``/wonders resign``: a seat's own turn, outside the buttons."""

from __future__ import annotations

import discord

from bot.exts.common import GAME, Feature, slash
from bot.exts.errors import say
from bot.hub import Hub
from bot.services.tables import Table

from ._components import open_hand

__all__ = ["PlayCommands", "resign_seat"]


async def resign_seat(hub: Hub, interaction: discord.Interaction, table: Table) -> None:
    """The user gives up their seat of a running ``table`` (an AI takes it, or a Duel ends)."""
    text, reports = await hub.games.resign(table.id, interaction.user.id)
    if not reports:  # a Duel resignation posts its final report (text + score sheet) instead
        await hub.poster.notice(table.record.channel_id, table.id, text, [], kind="resign")
    for report in reports:
        await hub.poster.report(report)
    hub.driver.kick(table.id)
    await say(interaction, "Done: " + text)


class PlayCommands(Feature):
    """A seat's hand and resigning, as commands."""

    @slash("hand", "Show your hand and play your turn (only you see it)")
    @GAME
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await hub.games.find_game(
            interaction.guild_id, interaction.channel_id, interaction.user.id, game, ("running",)
        )
        await open_hand(hub, interaction, table.id, None)

    @slash("resign", "Give up (7 Wonders: an AI takes your seat; Duel: the game ends)")
    @GAME
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await hub.games.find_game(
            interaction.guild_id, interaction.channel_id, interaction.user.id, game, ("running",)
        )
        await resign_seat(hub, interaction, table)
