"""``/wonders-admin ratings recompute`` and ``/wonders-admin season start`` (docs/ratings.md)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts.common import Feature, SlashItem, slash
from bot.exts.errors import say

from ._check import admin_only

__all__ = ["RatingCommands", "SeasonCommands", "rating_groups"]


class RatingCommands(Feature):
    """The server's ratings, derived from its finished games."""

    @slash("recompute", "Rate every finished game of this server again, oldest first")
    @app_commands.check(admin_only)
    async def recompute(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        rated = await self.hub.ratings.recompute(interaction.guild_id or 0)
        await say(
            interaction,
            f"Ratings recomputed from {rated} finished game{'s' if rated != 1 else ''} "
            "of this server.",
        )


class SeasonCommands(Feature):
    """Rating seasons: a new one starts every rating afresh; the old ones stay viewable."""

    @slash("start", "Start a new rating season (ratings and leaderboard start fresh)")
    @app_commands.describe(name="The season's name, e.g. Spring 2027")
    @app_commands.check(admin_only)
    async def start(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        season = await self.hub.ratings.start_season(interaction.guild_id or 0, name)
        await say(
            interaction,
            f"Season **{season.name}** (#{season.number}) has started: ratings and the "
            "leaderboard start fresh. The previous season stays viewable with "
            "`/wonders leaderboard season:<its name>`.",
        )


def _group(name: str, description: str, feature: Feature) -> app_commands.Group:
    group = app_commands.Group(name=name, description=description)
    for command in feature.commands():
        group.add_command(command)
    return group


def rating_groups(ratings: RatingCommands, seasons: SeasonCommands) -> list[SlashItem]:
    """The ``ratings`` and ``season`` subgroups of ``/wonders-admin``."""
    return [
        _group("ratings", "Players' ratings", ratings),
        _group("season", "Rating seasons", seasons),
    ]
