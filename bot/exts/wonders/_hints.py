"""``/wonders hints on|off|coach [game]``: the table's Hint button (creator or admin)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts.common import GAME, Feature, is_admin, slash
from bot.exts.errors import say

__all__ = ["HintsCommands"]


class HintsCommands(Feature):
    """Whether a table offers the Hint button (``hub.hints``)."""

    @slash("hints", "Switch the Hint button of a table (creator or admin)")
    @app_commands.describe(
        switch="on: players may ask what the Hard AI would play; coach: and a tip in every "
        "prompt; off: no hints"
    )
    @app_commands.choices(
        switch=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="coach (a tip in every prompt)", value="coach"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    @GAME
    async def hints(
        self, interaction: discord.Interaction, switch: str, game: int | None = None
    ) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await hub.games.find_game(
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            game,
            ("lobby", "running"),
        )
        text = await hub.hints.switch(table, interaction.user.id, is_admin(interaction), switch)
        await say(interaction, text)
