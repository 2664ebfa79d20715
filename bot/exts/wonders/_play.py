"""``/wonders`` lobby and play commands (thin: parse → service → respond)."""

from __future__ import annotations

import contextlib
from typing import Any

import discord
from discord import app_commands

from bot.exts.errors import say
from bot.services.levels import LEVEL_NAMES
from bot.services.lobby import LobbyOptions
from bot.services.tables import Table

from ._components import lobby_post, open_hand
from ._hub import Hub, is_admin, remember
from ._views import lobby_view

__all__ = ["group", "hub_of"]

group = app_commands.Group(
    name="wonders", description="Play 7 Wonders and 7 Wonders Duel", guild_only=True
)


def GAME(func: Any) -> Any:  # noqa: N802  (reads like the other decorators)
    """Describe the optional ``game`` option (a fresh decorator: describe() keeps state)."""
    return app_commands.describe(game="Game number (default: your newest game in this channel)")(
        func
    )


# Shown as Easy … Expert; the value is the stored level (the services accept either).
LEVELS = [app_commands.Choice(name=name, value=level) for level, name in LEVEL_NAMES.items()]


def hub_of(interaction: discord.Interaction) -> Hub:
    hub: Hub = interaction.client.hub  # type: ignore[attr-defined]
    remember(hub, interaction)
    return hub


async def _edit_lobby(hub: Hub, table: Table) -> None:
    """Commands change a lobby without a click on it: edit the recorded lobby post."""
    posted = await hub.store.latest_message(table.id, "lobby")
    channel = None if posted is None else await hub.poster.channel(posted.channel_id)
    if posted is None or not isinstance(channel, discord.abc.Messageable):
        return
    text, view = lobby_post(hub, table)
    with contextlib.suppress(discord.HTTPException, AttributeError):
        await channel.get_partial_message(posted.message_id).edit(  # type: ignore[attr-defined]
            content=text, view=view
        )


async def _lobby_table(interaction: discord.Interaction, game: int | None) -> Table:
    return await hub_of(interaction).games.find_game(
        interaction.guild_id, interaction.channel_id, interaction.user.id, game, ("lobby",)
    )


@group.command(name="create", description="Open a table in this channel")
@app_commands.describe(
    game="Which game",
    players="Seats (7 Wonders: 3-7)",
    sides="Wonder board sides",
    timer="Time per turn, e.g. 24h, 30m, 90s, off",
)
@app_commands.choices(
    game=[
        app_commands.Choice(name="7 Wonders", value="classic"),
        app_commands.Choice(name="7 Wonders Duel", value="duel"),
    ],
    sides=[app_commands.Choice(name=n, value=n) for n in ("random", "A", "B")],
)
async def create(
    interaction: discord.Interaction,
    game: str = "classic",
    players: app_commands.Range[int, 2, 7] = 3,
    sides: str = "random",
    timer: str | None = None,
) -> None:
    hub = hub_of(interaction)
    options = LobbyOptions(game, players if game == "classic" else 2, sides, timer)
    channel_id = interaction.channel_id or 0
    # Checked before the public "thinking…" reply: a refusal must stay private.
    plan = await hub.lobby.plan(interaction.guild_id, channel_id, options)
    await interaction.response.defer(thinking=True)
    table = await hub.lobby.open(interaction.guild_id, channel_id, interaction.user.id, plan)
    message = await interaction.edit_original_response(
        content=hub.lobby.lobby_text(table), view=lobby_view(table.id)
    )
    await hub.store.record_message(table.id, "lobby", message.channel.id, message.id)


@group.command(name="join", description="Take a seat at a table")
@GAME
async def join(interaction: discord.Interaction, game: int | None = None) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    found = await hub.games.find_game(
        interaction.guild_id,
        interaction.channel_id,
        interaction.user.id,
        game,
        ("lobby",),
        challenge_first=True,
    )
    hub.challenges.check_join(found, interaction.user.id)
    table = await hub.lobby.join(found.id, interaction.user.id)
    await _edit_lobby(hub, table)
    await say(interaction, f"You joined table #{table.id}.")


@group.command(name="leave", description="Leave a table (in a running game: like resign)")
@GAME
async def leave(interaction: discord.Interaction, game: int | None = None) -> None:
    hub = hub_of(interaction)
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
        await _resign(hub, interaction, table)
        return
    if hub.challenges.declines(table, interaction.user.id):
        table = await hub.challenges.decline(table.id, interaction.user.id)
        await _edit_lobby(hub, table)
        await say(interaction, f"You declined the challenge: table #{table.id} is closed.")
        return
    table = await hub.lobby.leave(table.id, interaction.user.id)
    await _edit_lobby(hub, table)
    await say(interaction, f"You left table #{table.id}.")


@group.command(name="addai", description="Seat an AI player (creator or admin)")
@app_commands.describe(
    level="How strong the AI plays", agent="A registered agent instead (Duel tables)"
)
@app_commands.choices(level=LEVELS)
@GAME
async def addai(
    interaction: discord.Interaction,
    level: str | None = None,
    game: int | None = None,
    agent: str | None = None,
) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await _lobby_table(interaction, game)
    if agent is not None:
        level = await hub.agents.resolve(interaction.guild_id, agent)
    table = await hub.challenges.settle(
        await hub.lobby.add_ai(table.id, interaction.user.id, is_admin(interaction), level)
    )
    await _edit_lobby(hub, table)
    await say(interaction, f"An AI took a seat at table #{table.id}.")


@addai.autocomplete("agent")
async def _agent_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    names = await hub_of(interaction).agents.names(interaction.guild_id)
    return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()]


@group.command(name="kick", description="Free a seat of a table (creator or admin)")
@app_commands.describe(seat="Seat number as shown in the lobby (1 = first)")
@GAME
async def kick(
    interaction: discord.Interaction, seat: app_commands.Range[int, 1, 7], game: int | None = None
) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await _lobby_table(interaction, game)
    table = await hub.lobby.kick(table.id, interaction.user.id, is_admin(interaction), seat - 1)
    await _edit_lobby(hub, table)
    await say(interaction, f"Seat {seat} of table #{table.id} is free.")


@group.command(name="start", description="Start a table; empty seats get AI players")
@GAME
async def start(interaction: discord.Interaction, game: int | None = None) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await _lobby_table(interaction, game)
    hub.challenges.check_start(table)
    report = await hub.lobby.start(table.id, interaction.user.id, is_admin(interaction))
    await _edit_lobby(hub, await hub.games.table(table.id))
    await hub.poster.report(report)
    hub.driver.kick(table.id)
    await say(interaction, f"Game #{table.id} started.")


@group.command(name="cancel", description="Close a table that has not started (creator or admin)")
@GAME
async def cancel(interaction: discord.Interaction, game: int | None = None) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await _lobby_table(interaction, game)
    table = await hub.lobby.cancel(table.id, interaction.user.id, is_admin(interaction))
    await _edit_lobby(hub, table)
    await say(interaction, f"Table #{table.id} is closed.")


@group.command(name="hand", description="Show your hand and play your turn (only you see it)")
@GAME
async def hand(interaction: discord.Interaction, game: int | None = None) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await hub.games.find_game(
        interaction.guild_id, interaction.channel_id, interaction.user.id, game, ("running",)
    )
    await open_hand(hub, interaction, table.id, None)


@group.command(
    name="resign", description="Give up (7 Wonders: an AI takes your seat; Duel: the game ends)"
)
@GAME
async def resign(interaction: discord.Interaction, game: int | None = None) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await hub.games.find_game(
        interaction.guild_id, interaction.channel_id, interaction.user.id, game, ("running",)
    )
    await _resign(hub, interaction, table)


async def _resign(hub: Hub, interaction: discord.Interaction, table: Table) -> None:
    """Asks first (an ephemeral Confirm / Cancel): resigning can't be undone."""
    from ._resign import ask_to_resign

    hub.games.seat_for(table, interaction.user.id)  # not seated: refused now, not at Confirm
    await ask_to_resign(hub, interaction, table)
