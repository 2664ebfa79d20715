"""Thin slash commands: parse, call a service, respond."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

__all__ = ["WondersCog"]


class WondersCog(commands.GroupCog, group_name="wonders",
                 group_description="Play 7 Wonders and 7 Wonders Duel"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="rules", description="How to play")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            "7 Wonders: pick a card each turn, pass the rest. Duel: take cards from the pyramid.",
            ephemeral=True)
