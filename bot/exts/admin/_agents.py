"""``/wonders-admin agent add|list|remove``: outside players for Duel seats (docs/agents.md).

The API key is never an option: ``key_env`` names the environment variable that holds it.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts.errors import say
from bot.exts.wonders._play import hub_of

from ._commands import _check, admin_group

__all__ = ["agent_group"]

agent_group = app_commands.Group(
    name="agent", description="Agents that play Duel seats", parent=admin_group
)


@agent_group.command(name="add", description="Register (or replace) an agent for Duel seats")
@app_commands.describe(
    name="The agent's name, used in /wonders duel ai:<name>",
    url="OpenAI-compatible base url, e.g. http://127.0.0.1:8080/v1",
    model="Model name the server expects",
    key_env="NAME of the environment variable holding the API key (never the key)",
    command='A local program instead of a server, e.g. "python my_agent.py"',
)
@app_commands.check(_check)
async def add(
    interaction: discord.Interaction,
    name: str,
    url: str | None = None,
    model: str | None = None,
    key_env: str | None = None,
    command: str | None = None,
) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    text = await hub.agents.register(
        interaction.guild_id or 0, interaction.user.id, name, url, model, key_env, command
    )
    await say(interaction, text)


@agent_group.command(name="list", description="The agents registered in this server")
@app_commands.check(_check)
async def list_(interaction: discord.Interaction) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await say(interaction, await hub.agents.listing(interaction.guild_id or 0))


@agent_group.command(name="remove", description="Unregister an agent")
@app_commands.check(_check)
async def remove(interaction: discord.Interaction, name: str) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await say(interaction, await hub.agents.remove(interaction.guild_id or 0, name))
