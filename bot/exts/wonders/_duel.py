"""``/wonders duel [opponent] [ai] [timer]``: a Duel in one step.

No ``opponent`` (or an ``ai`` level): the AI takes the other seat and the game starts at once.
A member as ``opponent``: a Duel lobby whose free seat is kept for them, with a mention.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts.common import Feature, is_admin, slash
from bot.exts.errors import say
from bot.exts.post import pinging
from bot.model.game import Table
from bot.presenters.levels import level_name
from bot.services.challenges import Opponent
from bot.services.limits import What

from ._lobby_clicks import lobby_post

__all__ = ["DuelCommands"]


class DuelCommands(Feature):
    """A Duel in one command: against the AI at once, or a challenge."""

    @slash("duel", "Play 7 Wonders Duel: challenge a member, or the AI", ai="_ai_choices")
    @app_commands.describe(
        opponent="The member you challenge (leave empty to play the AI)",
        ai="Play the AI at this level, or a registered agent, instead of a member",
        timer="Time per turn, e.g. 24h, 30m, 90s, off",
    )
    async def duel(
        self,
        interaction: discord.Interaction,
        opponent: discord.User | None = None,
        ai: str | None = None,
        timer: str | None = None,
    ) -> None:
        hub = self.hub
        named = Opponent() if opponent is None else Opponent(opponent.id, opponent.bot)
        if ai is not None:  # a level or an agent's name; refused privately when unknown
            ai = await hub.agents.resolve(interaction.guild_id, ai)
        # Counted (and refused privately) before any public reply.
        what: What = "game" if named.user_id is None else "lobby"
        async with hub.limits.reserve(interaction.guild_id, interaction.user.id, what):
            await self._open(interaction, named, opponent, ai, timer)

    async def _open(
        self,
        interaction: discord.Interaction,
        named: Opponent,
        opponent: discord.User | None,
        ai: str | None,
        timer: str | None,
    ) -> None:
        hub = self.hub
        uid, channel_id = interaction.user.id, interaction.channel_id or 0
        # Checked before any public reply: a refusal must stay private.
        plan = await hub.challenges.plan(interaction.guild_id, channel_id, uid, named, ai, timer)
        if named.user_id is None:
            await interaction.response.defer(thinking=True)

            async def announce(table: Table) -> None:
                level = level_name(next((lv for lv in map(table.ai_level, range(2)) if lv), None))
                await interaction.edit_original_response(
                    content=f"**Game #{table.id}** — {' vs '.join(hub.games.seat_names(table))}: "
                    f"7 Wonders Duel against the AI ({level}). Setting up the board…"
                )

            report = await hub.challenges.versus_ai(
                interaction.guild_id, channel_id, uid, is_admin(interaction), plan, ai, announce
            )
            table = await hub.games.table(report.game_id)
            level = level_name(next((lv for lv in map(table.ai_level, range(2)) if lv), None))
            text = (
                f"**Game #{table.id}** — {' vs '.join(hub.games.seat_names(table))}: "
                f"7 Wonders Duel against the AI ({level})."
            )
            report = await hub.community.start_game(interaction, report, text)
            await hub.poster.report(report)
            hub.driver.kick(report.game_id)
            return
        table = await hub.challenges.challenge(
            interaction.guild_id, channel_id, uid, plan, named.user_id
        )
        text, view = lobby_post(hub, table)
        # Answered directly (no "thinking…" first): a mention only pings in a new message.
        await interaction.response.send_message(
            text, view=view, allowed_mentions=pinging([named.user_id])
        )
        message = await interaction.original_response()
        await hub.servers.record_lobby_post(table.id, message.channel.id, message.id)
        await say(
            interaction,
            f"You challenged {opponent.mention if opponent else 'them'}: "
            "the game starts once they join and you click **Start**.",
        )

    async def _ai_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self.hub.agents.choices(interaction.guild_id, current)
        return [app_commands.Choice(name=c, value=c) for c in found]
