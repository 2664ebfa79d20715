"""``/wonders`` lobby commands: create, join, leave, addai, kick, start, cancel (thin: parse →
service → respond)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts.choices import table_options
from bot.exts.common import GAME, LEVELS, Feature, is_admin, slash
from bot.exts.errors import say
from bot.exts.views import lobby_view
from bot.model.errors import UserError
from bot.model.game import Table
from bot.presenters.info import watch_text
from bot.presenters.status import JOINED
from bot.services.lobby import LobbyOptions

from ._lobby_clicks import edit_lobby
from ._play import resign_seat
from ._rematch import rematch_join

__all__ = ["LobbyCommands"]


class LobbyCommands(Feature):
    """Open a table, take and free its seats, start or close it."""

    async def _lobby_table(self, interaction: discord.Interaction, game: int | None) -> Table:
        return await self.hub.games.find_game(
            interaction.guild_id, interaction.channel_id, interaction.user.id, game, ("lobby",)
        )

    @slash("create", "Open a table in this channel")
    @table_options(timer="Time per turn, e.g. 24h, 30m, 90s, off")
    async def create(
        self,
        interaction: discord.Interaction,
        game: str = "classic",
        players: app_commands.Range[int, 2, 7] = 3,
        sides: str = "random",
        timer: str | None = None,
        wonders: str = "deal",
        expansions: str = "none",
        variant: str = "none",
    ) -> None:
        hub = self.hub
        options = LobbyOptions(
            game, players, sides, timer, wonders=wonders, expansions=expansions, variant=variant
        )
        channel_id, uid = interaction.channel_id or 0, interaction.user.id
        # Checked before the public "thinking…" reply: a refusal must stay private.
        async with hub.limits.reserve(interaction.guild_id, uid, "lobby"):
            plan = await hub.lobby.plan(interaction.guild_id, channel_id, options)
            await interaction.response.defer(thinking=True)
            table = await hub.lobby.open(interaction.guild_id, channel_id, uid, plan)
        message = await interaction.edit_original_response(
            content=hub.lobby.lobby_text(table), view=lobby_view(table.id)
        )
        await hub.servers.record_lobby_post(table.id, message.channel.id, message.id)

    @slash("join", "Take a seat at a table")
    @GAME
    async def join(self, interaction: discord.Interaction, game: int | None = None) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            found = await hub.games.find_game(
                interaction.guild_id,
                interaction.channel_id,
                interaction.user.id,
                game,
                ("lobby",),
                challenge_first=True,
            )
        except UserError:
            await self._running_instead(interaction, game)
            raise
        if found.status == "running":
            raise UserError(watch_text(found, hub.games.seat_names(found)))
        hub.challenges.check_join(found, interaction.user.id)
        source = await hub.rematch.source_of(found)
        if source is not None:
            await rematch_join(hub, interaction, found.id, source)
            return
        table = await hub.lobby.join(found.id, interaction.user.id)
        await edit_lobby(hub, table)
        await say(interaction, f"You joined table #{table.id}. {JOINED}")

    async def _running_instead(self, interaction: discord.Interaction, game: int | None) -> None:
        """No lobby here: a running game of this channel (or thread) is named instead, with
        whom it waits for and how to watch it (``UserError``); returns when there is none."""
        hub = self.hub
        try:
            running = await hub.games.find_game(
                interaction.guild_id,
                interaction.channel_id,
                interaction.user.id,
                game,
                ("running",),
            )
        except UserError:
            return
        if running.status == "running":
            raise UserError(watch_text(running, hub.games.seat_names(running)))

    @slash("leave", "Leave a table (in a running game: like resign)")
    @GAME
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await hub.games.find_game(
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            game,
            ("lobby", "running"),
            challenge_first=True,
        )
        if table.status == "running":
            await resign_seat(hub, interaction, table)
            return
        if hub.challenges.declines(table, interaction.user.id):
            table = await hub.challenges.decline(table.id, interaction.user.id)
            await edit_lobby(hub, table)
            await say(interaction, f"You declined the challenge: table #{table.id} is closed.")
            return
        table = await hub.lobby.leave(table.id, interaction.user.id)
        await edit_lobby(hub, table)
        await say(interaction, f"You left table #{table.id}.")

    @slash("addai", "Seat an AI player (creator or admin)", agent="_agent_choices")
    @app_commands.describe(
        level="How strong the AI plays", agent="A registered agent instead (Duel tables)"
    )
    @app_commands.choices(level=LEVELS)
    @GAME
    async def addai(
        self,
        interaction: discord.Interaction,
        level: str | None = None,
        game: int | None = None,
        agent: str | None = None,
    ) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self._lobby_table(interaction, game)
        if agent is not None:
            level = await hub.agents.resolve(interaction.guild_id, agent)
        table = await hub.challenges.settle(
            await hub.lobby.add_ai(table.id, interaction.user.id, is_admin(interaction), level)
        )
        await edit_lobby(hub, table)
        await say(interaction, f"An AI took a seat at table #{table.id}.")

    async def _agent_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = await self.hub.agents.names(interaction.guild_id)
        return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()]

    @slash("kick", "Free a seat of a table (creator or admin)")
    @app_commands.describe(seat="Seat number as shown in the lobby (1 = first)")
    @GAME
    async def kick(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 7],
        game: int | None = None,
    ) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self._lobby_table(interaction, game)
        table = await hub.lobby.kick(table.id, interaction.user.id, is_admin(interaction), seat - 1)
        await edit_lobby(hub, table)
        await say(interaction, f"Seat {seat} of table #{table.id} is free.")

    @slash("start", "Start a table; empty seats get AI players")
    @GAME
    async def start(self, interaction: discord.Interaction, game: int | None = None) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self._lobby_table(interaction, game)
        hub.challenges.check_start(table)
        async with hub.limits.reserve(interaction.guild_id, interaction.user.id, "start", table.id):
            report = await hub.lobby.start(table.id, interaction.user.id, is_admin(interaction))
        await edit_lobby(hub, await hub.games.table(table.id))
        await hub.poster.report(report)
        hub.driver.kick(table.id)
        await say(interaction, f"Game #{table.id} started.")

    @slash("cancel", "Close a table that has not started (creator or admin)")
    @GAME
    async def cancel(self, interaction: discord.Interaction, game: int | None = None) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self._lobby_table(interaction, game)
        table = await hub.lobby.cancel(table.id, interaction.user.id, is_admin(interaction))
        await edit_lobby(hub, table)
        await say(interaction, f"Table #{table.id} is closed.")
