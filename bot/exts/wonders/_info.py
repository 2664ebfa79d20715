"""``/wonders`` read-only commands: board, status, log, score, rules, card, games, stats,
leaderboard. All answers are ephemeral (quiet by default)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts.choices import game_choices, rules_choices
from bot.exts.common import GAME, Feature, slash
from bot.exts.errors import say
from bot.exts.post import image_file
from bot.model.errors import UserError
from bot.presenters import info, lookup
from bot.presenters.ratings import board_text, rating_line, stats_ratings
from bot.rendering import drawable
from bot.services.ratings import FAMILIES, family_of

from ._people import my_games

__all__ = ["InfoCommands", "card_choices"]

ACTIVE = ("running", "lobby")
ENDED = ("running", "finished")


def card_choices(text: str) -> list[str]:
    """Card, wonder and progress token names containing ``text``, at most 25."""
    return lookup.choices(text)


# At most this many games are read for the list (one message shows about 10 to 25 of them).
_GAMES_LISTED = 40


class InfoCommands(Feature):
    """Read-only answers about games, cards, rules and players (ephemeral)."""

    @slash("board", "The current board image of a game")
    @GAME
    @app_commands.describe(detail="Show every city in full, each card by name (7 Wonders)")
    async def board(
        self, interaction: discord.Interaction, game: int | None = None, detail: bool = False
    ) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await hub.games.find_game(
            interaction.guild_id, interaction.channel_id, interaction.user.id, game, ENDED
        )
        file = await image_file(
            table.kind,
            "detail" if detail else "board",
            drawable(table.view(None)),
            hub.games.seat_names(table),
            filename=f"game{table.id}.png",
        )
        text = info.status_text(hub.games, table, [])
        await interaction.edit_original_response(content=text, attachments=[file] if file else [])

    @slash("status", "Who must act, and the deadlines")
    @GAME
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await hub.games.find_game(
            interaction.guild_id, interaction.channel_id, interaction.user.id, game, ACTIVE
        )
        if table.status == "lobby":
            await say(interaction, hub.lobby.lobby_text(table))
            return
        deadlines = await hub.servers.deadlines(table.id)
        await say(interaction, info.status_text(hub.games, table, deadlines))

    @slash("log", "What happened in the last rounds")
    @GAME
    async def log(self, interaction: discord.Interaction, game: int | None = None) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await hub.games.find_game(
            interaction.guild_id, interaction.channel_id, interaction.user.id, game, ENDED
        )
        lines = await info.log_lines(hub.games, table)
        await say(interaction, "\n\n".join(lines)[-1900:] or "Nothing has happened yet.")

    @slash("score", "Scores (final, or live if the server allows it)")
    @GAME
    async def score(self, interaction: discord.Interaction, game: int | None = None) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await hub.games.find_game(
            interaction.guild_id, interaction.channel_id, interaction.user.id, game, ENDED
        )
        settings = await hub.servers.settings(interaction.guild_id)
        text = info.score_text(hub.games, table, settings.show_live_scores)
        names = hub.games.seat_names(table)
        counts, used = await hub.hints.used(table, names)
        text += f"\n💡 {used}" if used else ""
        changes = await hub.ratings.changes(table.id)  # a finished game's, as on its result
        rated = rating_line(changes, names)
        text += f"\n📈 {rated}" if rated else ""
        outcome = table.outcome()
        file = None
        if outcome is not None:
            file = await image_file(
                table.kind,
                "scores",
                drawable(table.view(None)),
                names,
                outcome,
                f"game{table.id}-scores.png",
                counts,
                {c.seat: c.change for c in changes},
            )
        await say(interaction, text, file=file)

    @slash("help", "How to start, play a turn, and learn the game")
    async def help_(self, interaction: discord.Interaction) -> None:
        await say(interaction, info.HELP)

    @slash("rules", "How to play")
    @app_commands.choices(
        topic=[
            *game_choices(),
            *rules_choices(),
            app_commands.Choice(name="Playing with this bot", value="bot"),
        ]
    )
    async def rules(self, interaction: discord.Interaction, topic: str = "bot") -> None:
        await say(interaction, info.RULES.get(topic, info.RULES["bot"]))

    @slash("card", "What a card, a wonder or a progress token does", name="_card_names")
    @app_commands.describe(name="Card, wonder or progress token name (7 Wonders or Duel)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        await say(interaction, lookup.lookup_text(name, await self._channel_game(interaction)))

    async def _channel_game(self, interaction: discord.Interaction) -> str | None:
        """The game played in this channel or thread (its newest table's), whose cards a
        name of both games shows first; None where no table was ever opened."""
        try:
            table = await self.hub.games.find_game(
                interaction.guild_id,
                interaction.channel_id,
                interaction.user.id,
                None,
                ("running", "lobby", "finished"),
            )
        except UserError:
            return None
        return table.kind

    async def _card_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in card_choices(current)]

    @slash("games", "Open and running games in this server")
    @app_commands.describe(mine="Only the games you play in")
    async def games(self, interaction: discord.Interaction, mine: bool = False) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await hub.servers.games(
            interaction.guild_id,
            interaction.user.id if mine else None,
            ACTIVE,
            _GAMES_LISTED + 1,
        )
        if mine:
            ids = [record.id for record in found[:_GAMES_LISTED]]
            await say(interaction, await my_games(hub, interaction, ids))
            return
        listed = found[:_GAMES_LISTED]
        waiting = {g.id: await self._waiting(g.id) for g in listed if g.status == "running"}
        await say(
            interaction,
            info.games_text(listed, more_exist=len(found) > _GAMES_LISTED, waiting=waiting),
        )

    async def _waiting(self, game_id: int) -> list[str]:
        """Whom a running game waits for (names as its posts give them)."""
        table = await self.hub.games.table(game_id)
        names = self.hub.games.seat_names(table)
        return [names[s] for s in sorted(table.to_act())]

    @slash("stats", "Games, wins, points and rating of a player")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = user or interaction.user
        s = await hub.servers.stats(who.id, interaction.guild_id)
        if not s.games:
            await say(interaction, f"{who.mention} has no finished games here yet.")
            return
        season = await hub.ratings.current_season(interaction.guild_id or 0)
        skills = await hub.ratings.mine(interaction.guild_id or 0, who.id)
        await say(
            interaction,
            f"{info.stats_text(who.mention, s)}\n{stats_ratings(skills, season)}",
        )

    @slash("leaderboard", "This server's best players by rating", season="_season_choices")
    @app_commands.describe(
        game="Which game's ratings (default: every game played here)",
        season="A past season's name (default: the current season)",
        order="rating (default) or wins (all seasons)",
    )
    @app_commands.choices(
        game=game_choices(),
        order=[app_commands.Choice(name=n, value=n) for n in ("rating", "wins")],
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        season: str | None = None,
        order: str = "rating",
    ) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        if order == "wins":
            rows = await hub.servers.leaderboard(interaction.guild_id, game)
            text = info.leaderboard_text(rows) if rows else "No finished games here yet."
            await say(interaction, text)
            return
        texts = []
        for family in [family_of(game)] if game else list(FAMILIES):
            board = await hub.ratings.board(interaction.guild_id or 0, family, season)
            if game or board.rows:  # without game:, only the games played here
                texts.append(board_text(board, family))
        await say(interaction, "\n\n".join(texts) or "No rated games here yet.")

    async def _season_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = await self.hub.ratings.season_names(interaction.guild_id or 0)
        found = [n for n in names if current.lower() in n.lower()]
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in found[:25]]
