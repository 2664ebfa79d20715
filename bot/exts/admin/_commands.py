"""``/wonders-admin``: aimatch, abandon, settings, sync, agent…, ratings recompute, season
start. Marked Manage Server for Discord's UI (``default_permissions`` on the group) AND checked
in code on every command."""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.exts.choices import table_options
from bot.exts.common import LEVELS, Feature, SlashItem, remember_user, slash
from bot.exts.errors import say
from bot.games.registry import title_of
from bot.hub import Hub
from bot.model.errors import UserError
from bot.presenters.info import settings_text
from bot.presenters.levels import level_name, levels_text, parse_level
from bot.services.limits import What
from bot.services.lobby import LobbyOptions, parse_duration

from ._agents import AgentCommands, agent_group
from ._check import admin_only
from ._ratings import RatingCommands, SeasonCommands, rating_groups

__all__ = ["AdminCommands", "admin_group"]


def admin_group() -> app_commands.Group:
    """A fresh ``/wonders-admin`` group (hidden from members without Manage Server)."""
    return app_commands.Group(
        name="wonders-admin",
        description="Server admin tools for Wonders Table",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )


def _duration(text: str, option: str) -> int:
    """Seconds of a duration option ("off" = 0); a blank one is refused, not read as off."""
    seconds = parse_duration(text)
    if seconds is None:
        raise UserError(f"Write {option} as a duration such as 90s, 30m, 24h, 2d, or off.")
    return seconds


def _away(text: str) -> int:
    """ping_after: a duration; 'off' or 0s means 'always ping when the turn comes'."""
    if text.strip().lower() in ("0", "0s"):
        return 0
    return _duration(text, "ping_after")


def _level(text: str) -> str:
    level = parse_level(text)
    if level is None or level.startswith("agent:"):
        raise UserError(f"Unknown AI level {text!r}: choose {levels_text()}.")
    return level


def _channel_ids(guild: discord.Guild | None, text: str) -> tuple[int, ...]:
    """The channels of this server named in ``text`` (mentions or ids); 'all' = none."""
    if text.strip().lower() == "all":
        return ()
    ids = [int(c) for c in re.findall(r"\d{5,20}", text)]
    if not ids:
        raise UserError("Mention the channels (#name) or write 'all'.")
    unknown = [i for i in ids if guild is None or guild.get_channel_or_thread(i) is None]
    if unknown:
        raise UserError(
            f"<#{unknown[0]}> ({unknown[0]}) is not a channel of this server: "
            "mention its channels with #name, or write 'all'."
        )
    return tuple(ids)


class AdminCommands(Feature):
    """/wonders-admin: server admin tools, permission checked in code on each command."""

    def __init__(self, hub: Hub, tree: app_commands.CommandTree[discord.Client]) -> None:
        super().__init__(hub)
        self.tree = tree  # /wonders-admin sync registers the commands

    def commands(self) -> list[SlashItem]:
        """The admin commands and the ``agent`` subgroup."""
        return [
            *super().commands(),
            agent_group(AgentCommands(self.hub)),
            *rating_groups(RatingCommands(self.hub), SeasonCommands(self.hub)),
        ]

    @slash("aimatch", "Start an AI-filled match in this channel")
    @table_options(
        {"level": LEVELS},
        human="Optional human seat",
        human2="Optional second human seat",
        level="AI level",
        agent="A registered agent for the first AI seat (Duel)",
    )
    @app_commands.check(admin_only)
    async def aimatch(
        self,
        interaction: discord.Interaction,
        game: str = "classic",
        players: app_commands.Range[int, 2, 7] = 7,
        human: discord.User | None = None,
        human2: discord.User | None = None,
        level: str = "heuristic",
        agent: str | None = None,
        sides: str = "random",
        wonders: str = "deal",
        expansions: str = "none",
        variant: str = "none",
    ) -> None:
        hub = self.hub
        options = LobbyOptions(
            game, players, sides, "off", wonders=wonders, expansions=expansions, variant=variant
        )
        users = [u for u in (human, human2) if u is not None]
        what: What = "start" if users else "aimatch"
        async with hub.limits.reserve(interaction.guild_id, interaction.user.id, what):
            await self._aimatch(interaction, options, users, level, agent)

    async def _aimatch(
        self,
        interaction: discord.Interaction,
        options: LobbyOptions,
        users: list[discord.User],
        level: str,
        agent: str | None,
    ) -> None:
        """The match itself, once counted (``aimatch``)."""
        hub, game = self.hub, options.kind
        humans = [u.id for u in users]
        # Checked before the "thinking…" reply, like /wonders create: a refusal stays private.
        await hub.lobby.plan(interaction.guild_id, interaction.channel_id or 0, options)
        await interaction.response.defer(ephemeral=True, thinking=True)
        agent_level = (
            None if agent is None else await hub.agents.agent_level(interaction.guild_id, agent)
        )
        for user in users:  # so the first post already names them
            remember_user(hub, user, interaction.guild_id)
        report = await hub.lobby.aimatch(
            interaction.guild_id,
            interaction.channel_id or 0,
            interaction.user.id,
            options,
            humans,
            level,
            agent_level,
        )
        started = f"AI match #{report.game_id} ({title_of(game)}, {level_name(level)} AI) started."
        report = await hub.community.start_game(interaction, report, started)
        await hub.poster.report(report)
        hub.driver.kick(report.game_id)
        if report.channel_id == (interaction.channel_id or 0):  # not moved to a thread
            await say(interaction, f"AI match #{report.game_id} ({title_of(game)}) started here.")

    @slash("abandon", "End a game without a result")
    @app_commands.check(admin_only)
    async def abandon(self, interaction: discord.Interaction, game: int) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await hub.games.abandon(
            interaction.guild_id, game, f"abandoned by admin {interaction.user.id}"
        )
        await hub.poster.notice(
            table.record.channel_id,
            game,
            f"Game #{game} was abandoned by an admin.",
            [],
            kind="abandon",
        )
        await say(interaction, f"Game #{game} is abandoned.")

    @slash("settings", "Show or change this server's settings")
    @app_commands.describe(
        turn_timer="Default time per turn, e.g. 24h",
        reminders="e.g. 6h or off",
        max_reminders="Reminders before a game is marked stalled",
        timeout_policy="What happens at a deadline",
        ai_level="Default AI level",
        live_scores="Show live scores",
        channels="Channels where games may be opened (mentions) or 'all'",
        ai_match_delay="Seconds between rounds of an AI match",
        game_threads="Play each game in a thread of its own (on) or in the channel (off)",
        ping_after="Ping a player for their turn only after this long away, e.g. 10m or 0s",
    )
    @app_commands.choices(
        timeout_policy=[app_commands.Choice(name=n, value=n) for n in ("ai", "skip", "abandon")],
        ai_level=LEVELS,
    )
    @app_commands.check(admin_only)
    async def settings(
        self,
        interaction: discord.Interaction,
        turn_timer: str | None = None,
        reminders: str | None = None,
        max_reminders: app_commands.Range[int, 0, 10] | None = None,
        timeout_policy: str | None = None,
        ai_level: str | None = None,
        live_scores: bool | None = None,
        channels: str | None = None,
        ai_match_delay: app_commands.Range[float, 0, 600] | None = None,
        game_threads: bool | None = None,
        ping_after: str | None = None,
    ) -> None:
        hub = self.hub
        await interaction.response.defer(ephemeral=True, thinking=True)
        changes: dict[str, object] = {}
        if turn_timer is not None:
            changes["turn_timer_s"] = _duration(turn_timer, "turn_timer")
        if reminders is not None:
            changes["reminder_interval_s"] = _duration(reminders, "reminders")
        for name, value in (
            ("max_reminders", max_reminders),
            ("timeout_policy", timeout_policy),
            ("default_ai_level", None if ai_level is None else _level(ai_level)),
            ("show_live_scores", live_scores),
            ("ai_match_delay_s", ai_match_delay),
            ("game_threads", game_threads),
        ):
            if value is not None:
                changes[name] = value
        if ping_after is not None:
            changes["ping_after_s"] = _away(ping_after)
        if channels is not None:
            changes["allowed_channel_ids"] = _channel_ids(interaction.guild, channels)
        current = await hub.servers.change_settings(interaction.guild_id, **changes)
        await say(interaction, ("Saved. " if changes else "") + settings_text(current))

    @slash("sync", "Sync the slash commands")
    @app_commands.describe(
        scope="global (default), a copy for this server (shown at once), "
        "or remove this server's copy"
    )
    @app_commands.choices(
        scope=[
            app_commands.Choice(name="global", value="global"),
            app_commands.Choice(name="this server", value="guild"),
            app_commands.Choice(name="remove this server's copy", value="clear"),
        ]
    )
    @app_commands.check(admin_only)
    async def sync(self, interaction: discord.Interaction, scope: str = "global") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tree = self.tree
        guild = interaction.guild
        if scope == "global" or guild is None:
            synced = await tree.sync()
            await say(
                interaction,
                f"Synced {len(synced)} global commands "
                "(they can take a while to appear everywhere).",
            )
        elif scope == "clear":
            tree.clear_commands(guild=guild)
            await tree.sync(guild=guild)
            await say(
                interaction, "Removed this server's copy of the commands; the global ones stay."
            )
        else:
            # A server copy beside the global commands would show members every command twice.
            if await tree.fetch_commands():
                raise UserError(
                    "The commands are already registered globally, so a copy for this "
                    "server would show each one twice; use scope:global to update them."
                )
            tree.copy_global_to(guild=guild)
            synced = await tree.sync(guild=guild)
            await say(interaction, f"Synced {len(synced)} commands to this server.")
