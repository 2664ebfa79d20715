"""``/wonders-admin agent add|list|remove``: outside players for Duel seats (docs/agents.md).

The API key is never an option: ``key_env`` names the environment variable that holds it.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts.common import Feature, slash
from bot.exts.errors import say

from ._check import admin_only

__all__ = ["AgentCommands", "agent_group"]


class AgentCommands(Feature):
    """The agents registered in a server (``hub.agents``)."""

    @slash("add", "Register (or replace) an agent for Duel seats")
    @app_commands.describe(
        name="The agent's name, used in /wonders duel ai:<name>",
        url="OpenAI-compatible base url the operator allows, e.g. https://api.example.com/v1",
        model="Model name the server expects",
        key_env="NAME of an environment variable the operator allows for keys (never the key)",
        command="Instead of a server: the name of a command the operator declared",
    )
    @app_commands.check(admin_only)
    async def add(
        self,
        interaction: discord.Interaction,
        name: str,
        url: str | None = None,
        model: str | None = None,
        key_env: str | None = None,
        command: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.hub.agents.register(
            interaction.guild_id or 0, interaction.user.id, name, url, model, key_env, command
        )
        await say(interaction, text)

    @slash("list", "The agents registered in this server")
    @app_commands.check(admin_only)
    async def list_(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await say(interaction, await self.hub.agents.listing(interaction.guild_id or 0))

    @slash("remove", "Unregister an agent")
    @app_commands.check(admin_only)
    async def remove(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await say(interaction, await self.hub.agents.remove(interaction.guild_id or 0, name))


def agent_group(feature: AgentCommands) -> app_commands.Group:
    """``agent``, a subgroup of ``/wonders-admin`` with ``feature``'s commands."""
    group = app_commands.Group(name="agent", description="Agents that play Duel seats")
    for command in feature.commands():
        group.add_command(command)
    return group
