"""``/wonders-admin``: aimatch, abandon, settings, sync. Marked Manage Server for Discord's UI
(``default_permissions`` on the group) AND checked in code on every command."""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.exts.errors import say
from bot.exts.wonders._hub import is_admin, remember_user
from bot.exts.wonders._play import LEVELS, hub_of
from bot.services.errors import UserError
from bot.services.levels import level_name, levels_text, parse_level
from bot.services.lobby import KIND_NAMES, LobbyOptions, format_duration, parse_duration
from bot.store import GuildSettings, InvalidGameState

__all__ = ["admin_group", "settings_text"]


class NotAdmin(app_commands.CheckFailure):
    """Raised by the in-code permission check (answered by the central error handler)."""


def _check(interaction: discord.Interaction) -> bool:
    if not is_admin(interaction):
        raise NotAdmin("Only server admins (Manage Server) can use /wonders-admin.")
    return True


admin_group = app_commands.Group(
    name="wonders-admin",
    description="Server admin tools for Wonders Table",
    guild_only=True,
    default_permissions=discord.Permissions(manage_guild=True),
)


@admin_group.command(name="aimatch", description="Start an AI-filled match in this channel")
@app_commands.describe(
    players="Seats (7 Wonders: 3-7)",
    human="Optional human seat",
    human2="Optional second human seat",
    level="AI level",
    agent="A registered agent for the first AI seat (Duel)",
)
@app_commands.choices(
    game=[
        app_commands.Choice(name="7 Wonders", value="classic"),
        app_commands.Choice(name="7 Wonders Duel", value="duel"),
    ],
    level=LEVELS,
)
@app_commands.check(_check)
async def aimatch(
    interaction: discord.Interaction,
    game: str = "classic",
    players: app_commands.Range[int, 2, 7] = 7,
    human: discord.User | None = None,
    human2: discord.User | None = None,
    level: str = "heuristic",
    agent: str | None = None,
) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    agent_level = None
    if agent is not None:
        agent_level = await hub.agents.level_for(interaction.guild_id, agent)
        if agent_level is None:
            raise UserError(f"There is no agent called {agent!r} (see /wonders-admin agent list).")
    humans = [u.id for u in (human, human2) if u is not None]
    for user in (human, human2):  # so the first post already names them
        if user is not None:
            remember_user(hub, user, interaction.guild_id)
    options = LobbyOptions(game, players if game == "classic" else 2, "random", "off")
    report = await hub.lobby.aimatch(
        interaction.guild_id,
        interaction.channel_id or 0,
        interaction.user.id,
        options,
        humans,
        level,
        agent_level,
    )
    started = f"AI match #{report.game_id} ({KIND_NAMES[game]}, {level_name(level)} AI) started."
    report = await hub.community.start_game(interaction, report, started)
    await hub.poster.report(report)
    hub.driver.kick(report.game_id)
    if report.channel_id == (interaction.channel_id or 0):
        await say(interaction, f"AI match #{report.game_id} ({KIND_NAMES[game]}) started here.")


@admin_group.command(name="abandon", description="End a game without a result")
@app_commands.check(_check)
async def abandon(interaction: discord.Interaction, game: int) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await hub.games.table_in(interaction.guild_id, game)
    async with hub.games.lock(game):
        try:
            await hub.store.abandon_game(game, f"abandoned by admin {interaction.user.id}")
        except InvalidGameState:
            raise UserError(f"Game #{game} is already over.") from None
        hub.games.cache.forget(game)
    await hub.poster.notice(
        table.record.channel_id,
        game,
        f"Game #{game} was abandoned by an admin.",
        [],
        kind="abandon",
    )
    await say(interaction, f"Game #{game} is abandoned.")


def _level(text: str) -> str:
    level = parse_level(text)
    if level is None or level.startswith("agent:"):
        raise UserError(f"Unknown AI level {text!r}: choose {levels_text()}.")
    return level


def settings_text(g: GuildSettings) -> str:
    channels = ", ".join(f"<#{c}>" for c in g.allowed_channel_ids) or "all"
    reminders = format_duration(g.reminder_interval_s) if g.reminder_interval_s else "off"
    delay = f"{g.ai_match_delay_s:g} second{'' if g.ai_match_delay_s == 1 else 's'}"
    return (
        f"**Server settings**\nturn timer: {format_duration(g.turn_timer_s)}"
        f"\nreminder interval: {reminders}"
        f" (at most {g.max_reminders})"
        f"\ntimeout policy: {g.timeout_policy}"
        f"\ndefault AI level: {level_name(g.default_ai_level)}"
        f"\nallowed channels: {channels}"
        f"\nlive scores: {'shown' if g.show_live_scores else 'hidden'}"
        f"\nAI match delay: {delay}"
        f"\ngame threads: {'on' if g.game_threads else 'off'}"
        f"\nping for a turn: "
        f"{f'after {format_duration(g.ping_after_s)} away' if g.ping_after_s else 'always'}"
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


@admin_group.command(name="settings", description="Show or change this server's settings")
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
@app_commands.check(_check)
async def settings(
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
    hub = hub_of(interaction)
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
    guild = interaction.guild_id or 0
    try:
        current = await (
            hub.store.update_guild_settings(guild, **changes)
            if changes
            else hub.store.get_guild_settings(guild)
        )
    except ValueError as exc:
        raise UserError(str(exc)) from None
    await say(interaction, ("Saved. " if changes else "") + settings_text(current))


@admin_group.command(name="sync", description="Sync the slash commands")
@app_commands.describe(
    scope="global (default), a copy for this server (shown at once), or remove this server's copy"
)
@app_commands.choices(
    scope=[
        app_commands.Choice(name="global", value="global"),
        app_commands.Choice(name="this server", value="guild"),
        app_commands.Choice(name="remove this server's copy", value="clear"),
    ]
)
@app_commands.check(_check)
async def sync(interaction: discord.Interaction, scope: str = "global") -> None:
    hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    tree = interaction.client.tree  # type: ignore[attr-defined]
    guild = interaction.guild
    if scope == "global" or guild is None:
        synced = await tree.sync()
        await say(
            interaction,
            f"Synced {len(synced)} global commands (they can take a while to appear everywhere).",
        )
    elif scope == "clear":
        tree.clear_commands(guild=guild)
        await tree.sync(guild=guild)
        await say(interaction, "Removed this server's copy of the commands; the global ones stay.")
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
