"""``/wonders history replay|review|export``: going back over a game — its replay
(``_replay``), the Hard AI's review of your decisions in a finished game
(``bot.services.review``) and the game as a JSON file (``bot.services.export``). All answer
privately. A subgroup because Discord allows a group 25 commands and ``/wonders`` had 23."""

from __future__ import annotations

import io

import discord
from discord import app_commands

from bot.exts.common import Feature, SlashItem, remember, slash
from bot.exts.errors import say
from bot.presenters.review import review_messages

from ._replay import ReplayCommands

__all__ = ["HistoryCommands"]


class HistoryCommands(Feature):
    """A game's replay, review and export, as the ``history`` subgroup."""

    def commands(self) -> list[SlashItem]:
        group = app_commands.Group(name="history", description="Go back over a game")
        for command in (*ReplayCommands(self.hub).commands(), *super().commands()):
            group.add_command(command)
        return [group]

    @slash("review", "The Hard AI reviews your decisions in a finished game (privately)")
    @app_commands.describe(game="Number of a finished game you played")
    async def review(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1]
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        remember(self.hub, interaction)

        async def progress(text: str) -> None:
            await interaction.edit_original_response(content=text)

        review = await self.hub.reviews.review(
            interaction.guild_id, interaction.user.id, game, progress
        )
        first, *rest = review_messages(review)
        await interaction.edit_original_response(content=first)
        for text in rest:
            await say(interaction, text)

    @slash("export", "Download a finished game as a JSON file (moves, scores, positions)")
    @app_commands.describe(game="Number of a finished game")
    async def export(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1]
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        file = await self.hub.exports.export(interaction.guild_id, interaction.user.id, game)
        extra = " and every position in the agent JSON format" if file.positions else ""
        await interaction.edit_original_response(
            content=f"Game #{game} as JSON: the move log, the final scores{extra}. The format "
            "is described in the bot's docs/export.md.",
            attachments=[discord.File(io.BytesIO(file.data), filename=file.filename)],
        )
