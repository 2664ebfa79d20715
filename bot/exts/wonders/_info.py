"""``/wonders`` read-only commands: board, status, log, score, rules, card, games, stats,
leaderboard. All answers are ephemeral (quiet by default)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts.errors import say
from bot.services import info, lookup

from ._play import GAME, group, hub_of
from ._post import image_file

__all__ = ["card_choices"]

ACTIVE = ("running", "lobby")
ENDED = ("running", "finished")


@group.command(name="board", description="The current board image of a game")
@GAME
@app_commands.describe(detail="Show every city in full, each card by name (7 Wonders)")
async def board(
    interaction: discord.Interaction, game: int | None = None, detail: bool = False
) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await hub.games.find_game(
        interaction.guild_id, interaction.channel_id, interaction.user.id, game, ENDED
    )
    file = await image_file(
        table.kind,
        "detail" if detail else "board",
        table.mod.view(table.require_state(), None),
        hub.games.seat_names(table),
        filename=f"game{table.id}.png",
    )
    text = info.status_text(hub.games, table, [])
    await interaction.edit_original_response(content=text, attachments=[file] if file else [])


@group.command(name="status", description="Who must act, and the deadlines")
@GAME
async def status(interaction: discord.Interaction, game: int | None = None) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await hub.games.find_game(
        interaction.guild_id, interaction.channel_id, interaction.user.id, game, ACTIVE
    )
    if table.status == "lobby":
        await say(interaction, hub.lobby.lobby_text(table))
        return
    deadlines = await hub.store.list_deadlines(table.id)
    await say(interaction, info.status_text(hub.games, table, deadlines))


@group.command(name="log", description="What happened in the last rounds")
@GAME
async def log(interaction: discord.Interaction, game: int | None = None) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await hub.games.find_game(
        interaction.guild_id, interaction.channel_id, interaction.user.id, game, ENDED
    )
    lines = await info.log_lines(hub.games, table)
    await say(interaction, "\n\n".join(lines)[-1900:] or "Nothing has happened yet.")


@group.command(name="score", description="Scores (final, or live if the server allows it)")
@GAME
async def score(interaction: discord.Interaction, game: int | None = None) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await hub.games.find_game(
        interaction.guild_id, interaction.channel_id, interaction.user.id, game, ENDED
    )
    settings = await hub.store.get_guild_settings(interaction.guild_id or 0)
    text = info.score_text(hub.games, table, settings.show_live_scores)
    outcome = table.outcome()
    file = None
    if outcome is not None:
        file = await image_file(
            table.kind,
            "scores",
            table.mod.view(table.state, None),
            hub.games.seat_names(table),
            outcome,
            f"game{table.id}-scores.png",
        )
    await say(interaction, text, file=file)


@group.command(name="help", description="How to start, play a turn, and learn the game")
async def help_(interaction: discord.Interaction) -> None:
    hub_of(interaction)
    await say(interaction, info.HELP)


@group.command(name="rules", description="How to play")
@app_commands.choices(
    topic=[
        app_commands.Choice(name="7 Wonders", value="classic"),
        app_commands.Choice(name="7 Wonders Duel", value="duel"),
        app_commands.Choice(name="Playing with this bot", value="bot"),
    ]
)
async def rules(interaction: discord.Interaction, topic: str = "bot") -> None:
    hub_of(interaction)
    await say(interaction, info.RULES.get(topic, info.RULES["bot"]))


def card_choices(text: str) -> list[str]:
    """Card, wonder and progress token names containing ``text``, at most 25."""
    return lookup.choices(text)


@group.command(name="card", description="What a card, a wonder or a progress token does")
@app_commands.describe(name="Card, wonder or progress token name (7 Wonders or Duel)")
async def card(interaction: discord.Interaction, name: str) -> None:
    hub_of(interaction)
    await say(interaction, lookup.lookup_text(name))


@card.autocomplete("name")
async def _card_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=n[:100], value=n[:100]) for n in card_choices(current)]


# At most this many games are read for the list (one message shows about 10 to 25 of them).
_GAMES_LISTED = 40


@group.command(name="games", description="Open and running games in this server")
@app_commands.describe(mine="Only the games you play in")
async def games(interaction: discord.Interaction, mine: bool = False) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    found = await hub.store.list_games(
        guild_id=interaction.guild_id,
        user_id=interaction.user.id if mine else None,
        status=ACTIVE,
        limit=_GAMES_LISTED + 1,
    )
    if mine:
        from ._people import my_games

        await say(interaction, await my_games(hub, interaction, list(found[:_GAMES_LISTED])))
        return
    await say(
        interaction, info.games_text(found[:_GAMES_LISTED], more_exist=len(found) > _GAMES_LISTED)
    )


@group.command(name="stats", description="Games, wins and points of a player")
async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    who = user or interaction.user
    s = await hub.store.user_stats(who.id, guild_id=interaction.guild_id)
    if not s.games:
        await say(interaction, f"{who.mention} has no finished games here yet.")
        return
    await say(interaction, info.stats_text(who.mention, s))


@group.command(name="leaderboard", description="This server's best players")
@app_commands.choices(
    game=[
        app_commands.Choice(name="7 Wonders", value="classic"),
        app_commands.Choice(name="7 Wonders Duel", value="duel"),
    ]
)
async def leaderboard(interaction: discord.Interaction, game: str | None = None) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    rows = await hub.store.leaderboard(interaction.guild_id or 0, kind=game)
    if not rows:
        await say(interaction, "No finished games here yet.")
        return
    await say(interaction, info.leaderboard_text(rows))
