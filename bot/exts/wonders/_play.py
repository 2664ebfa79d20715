"""``/wonders hand`` and ``/wonders resign``: a seat's own turn, outside the buttons."""

from __future__ import annotations

import discord

from bot.exts.common import GAME, Feature, slash
from bot.hub import Hub
from bot.model.game import Table

from ._hand import open_hand
from ._resign import ask_to_resign

__all__ = ["PlayCommands", "resign_seat"]


async def resign_seat(hub: Hub, interaction: discord.Interaction, table: Table) -> None:
    """Asks first (an ephemeral Confirm / Cancel): resigning can't be undone. The seat is
    checked now, so someone not seated is refused at once, not at Confirm."""
    hub.games.seat_for(table, interaction.user.id)
    await ask_to_resign(interaction, table)


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
