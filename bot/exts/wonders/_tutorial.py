"""``/wonders tutorial [game]``: private pages with Back / Next / Close, then a practice game
against Easy AI with coaching tips (pages and buttons: ``_tutorial_pages``)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.services.tutorial import GAMES

from ._play import group, hub_of
from ._tutorial_pages import page_message

__all__ = ["tutorial"]


@group.command(name="tutorial", description="Learn the game: a private guided tour, then practice")
@app_commands.describe(game="Which game to learn (default 7 Wonders)")
@app_commands.choices(game=[app_commands.Choice(name=n, value=k) for k, n in GAMES.items()])
async def tutorial(interaction: discord.Interaction, game: str = "classic") -> None:
    hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.edit_original_response(**await page_message(game, 0))  # type: ignore[arg-type]
