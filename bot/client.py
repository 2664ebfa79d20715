"""The ``AutoShardedBot`` subclass and its factory (usable in-process by tests).

Local servers: when ``settings.discord_api_base`` / ``discord_gateway_url`` are set, discord.py's
class attributes ``Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY`` point at them, and a
missing ``shard_count`` becomes 1 so that ``GET /gateway/bot`` is never needed.

Command sync: with ``WONDERS_DEV_GUILD`` to that guild (at every start: development); else
globally only with ``--sync-commands`` or ``WONDERS_SYNC_ON_START=1`` (tests, local servers).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from yarl import URL

from bot import rendering
from bot.exts.common import remember
from bot.exts.errors import handle_error
from bot.exts.options import guard_options
from bot.exts.views import picked_values, shows
from bot.hub import Hub, make_hub
from bot.model.ids import NOT_OURS, ComponentId, parse
from bot.services.timers import Notice, TimerService
from bot.settings import Settings
from bot.shard_work import ShardWork
from bot.store import Store, open_store

__all__ = ["EXTENSIONS", "ComponentHandler", "WondersBot", "make_bot", "point_at_api"]

log = logging.getLogger(__name__)

EXTENSIONS = ("bot.exts.wonders", "bot.exts.admin")
_UNANSWERED_AFTER = 2.2  # seconds: a click nobody handled still gets an answer
UNKNOWN_BUTTON = NOT_OURS


ComponentHandler = Callable[
    [discord.Interaction, ComponentId, list[str]], Coroutine[Any, Any, None]
]


def point_at_api(settings: Settings) -> None:
    """Aim discord.py's REST and gateway at the configured base URLs (process-wide)."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = URL(settings.discord_gateway_url)


class WondersTree(app_commands.CommandTree["WondersBot"]):
    """Learns the name of whoever runs a command, and refuses a member's commands beyond the
    rate limit (``WONDERS_COMMANDS_PER_MINUTE``), before the command runs."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        hub = self.client.hub if isinstance(self.client, WondersBot) else None
        if hub is None:
            return True
        remember(hub, interaction)
        if interaction.type is not discord.InteractionType.application_command:
            return True  # typing into an option (autocomplete) is no command
        refusal = hub.rate.refusal(interaction.guild_id, interaction.user.id)
        if refusal is None:
            return True
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message(refusal, ephemeral=True)
        return False


class WondersBot(commands.AutoShardedBot):
    """The bot: owns the store, the services (``hub``) and the background loops."""

    def __init__(self, settings: Settings, *, sync_commands: bool = False, **kwargs: Any) -> None:
        # Nobody is pinged unless a message names whom (player names are quoted in posts).
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=WondersTree,
            **kwargs,
        )
        self.settings = settings
        self.sync_commands = sync_commands
        self._store_cm: Any = None
        self.store: Store | None = None
        self.hub: Hub | None = None
        self._loops: list[asyncio.Task[None]] = []
        self._claimed: set[int] = set()  # component interactions a handler answers
        self.component_handler: ComponentHandler | None = None
        self._shards: ShardWork | None = None
        self._to_resume: set[int] = set()  # own shards that became ours, not resumed yet

    async def setup_hook(self) -> None:
        self._store_cm = open_store(
            self.settings.database, self.settings.sqlite_synchronous, self.settings.db_pool_size
        )
        self.store = await self._store_cm.__aenter__()
        self.hub = make_hub(self, self.settings, self.store)
        warm = rendering.use(self.settings.render_processes).warm_up()
        self._loops.append(asyncio.create_task(warm, name="wonders-render-warm-up"))
        self.tree.on_error = self._on_app_command_error  # type: ignore[method-assign]
        for name in EXTENSIONS:
            await self.load_extension(name)
        guard_options(self.tree)  # every option value checked before any command answers
        await self._maybe_sync()
        self._loops.append(asyncio.create_task(self._timer_loop(), name="wonders-timers"))

    async def _on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)

    async def _maybe_sync(self) -> None:
        guild_id = self.settings.dev_guild
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), guild_id)
        elif self.sync_commands or self.settings.sync_on_start:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def on_ready(self) -> None:
        log.info(
            "ready as %s in %d guilds (shards %s)", self.user, len(self.guilds), self.shard_ids
        )

    @property
    def services(self) -> Hub:
        """The services (built in ``setup_hook``, before anything can use them)."""
        if self.hub is None:
            raise RuntimeError("the bot's services are built in setup_hook")
        return self.hub

    def my_guild_ids(self) -> list[int]:
        """Guilds on this process's shards: background loops touch only their games."""
        return [g.id for g in self.guilds]

    def handles_dms(self) -> bool:
        """Discord sends DMs to shard 0: its process resumes the games played in DMs (a
        practice game whose learner's server allows no private thread)."""
        return self.shard_ids is None or 0 in self.shard_ids

    async def _resume_games(self, guild_ids: list[int], dms: bool) -> None:
        """Once a shard's work is ours after a (re)start: posts the bot saved a move for but
        did not send go out, status messages show the current turn, then AI seats whose turn
        it is continue (e.g. an all-AI match). ``dms``: also the games played in DMs."""
        from bot.exts.wonders._restart import catch_up  # the extension's start-up posts

        assert self.store is not None
        await catch_up(self.services, guild_ids, dms)
        for record in await self.store.list_active_games(guild_ids, dms=dms):
            if record.status == "running":
                self.services.driver.kick(record.id)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        data: Mapping[str, object] = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        cid = parse(custom_id)
        if cid is None:
            # No handler matches an id that is not ours (forged, or from another app): say
            # so now instead of after the fallback's wait.
            asyncio.create_task(self._refuse(interaction))
        elif self.component_handler is not None and not shows(
            interaction.message, custom_id, data.get("component_type")
        ):
            # discord.py routes a click only to a component the clicked message shows; an id
            # of ours that it doesn't show was forged (or is foreign): the handler refuses it
            # with the specific reason (not your seat, no such game…), at once.
            values = picked_values(data)
            asyncio.create_task(self.component_handler(interaction, cid, values))
        else:
            asyncio.create_task(self._answer_if_unhandled(interaction))

    def route_components(self, handler: ComponentHandler | None) -> None:
        """The one handler of every ``wt:``/``ws:`` component (set by the game extension)."""
        self.component_handler = handler

    def claim(self, interaction_id: int) -> None:
        """A component handler took this interaction: the fallback leaves it alone."""
        self._claimed.add(interaction_id)

    async def _answer_if_unhandled(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(_UNANSWERED_AFTER)
        if interaction.id in self._claimed:
            self._claimed.discard(interaction.id)
            return
        await self._refuse(interaction)

    @staticmethod
    async def _refuse(interaction: discord.Interaction) -> None:
        if interaction.response.is_done():
            return
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message(UNKNOWN_BUTTON, ephemeral=True)

    async def _timer_loop(self) -> None:
        assert self.store is not None
        shards = ShardWork(
            self.store,
            list(self.shard_ids or range(self.shard_count or 1)),
            self.shard_count or 1,
            self.settings.takeover_seconds,
            stop=self.services.driver.let_go,
        )
        self.services.driver.owns = self.services.community.notifier.owns = shards.owns
        self._shards = shards
        # Our leases from the start: a process that dies before it is ready is taken over too.
        try:
            self._to_resume.update(await shards.hold())
        except Exception:
            log.exception("taking this process's shard leases failed")
        await self.wait_until_ready()
        timers = TimerService(self.services.games, publish=self._publish_notice)
        while not self.is_closed():
            try:
                await self._tick(timers, shards)
                await self.services.community.sweep(self.services.poster.notice)
            except Exception:
                log.exception("timer loop iteration failed")
            await asyncio.sleep(self.settings.tick_seconds)

    async def _tick(self, timers: TimerService, shards: ShardWork) -> None:
        """Shards that became ours resume; then the deadlines of our guilds, and those of dead
        processes' shards we hold (PostgreSQL) - only of shards that are ours right now."""
        gains = await shards.step()
        self._to_resume.update(gains.own)
        if self._to_resume:  # kept until it worked: a failed catch-up is tried again
            dms = self.handles_dms() and (self.shard_ids is None or 0 in self._to_resume)
            await self._resume_games(shards.guilds_of(self.my_guild_ids(), self._to_resume), dms)
            self._to_resume.clear()
        for game_id in await shards.orphan_games(gains.taken):
            self.services.driver.kick(game_id)  # their AI turns and all-AI matches go on here
        now = datetime.now(UTC)
        await timers.tick(now, [g for g in self.my_guild_ids() if shards.owns(g)])
        if shards.taken:
            await timers.tick(now, None, shards=(shards.taken, shards.shard_count))

    async def _publish_notice(self, notice: Notice) -> None:
        await self.services.poster.notice(
            notice.channel_id,
            notice.game_id,
            notice.text,
            notice.mentions,
            notice.play_version,
            notice.kind,
        )
        for report in notice.reports:
            await self.services.poster.report(report)
        self.services.driver.kick(notice.game_id)

    async def close(self) -> None:
        try:
            for task in self._loops:
                task.cancel()
            if self.hub is not None:
                await self.hub.driver.close()
                await self.hub.community.status.flush()
            if self._shards is not None:
                with contextlib.suppress(Exception):  # the leases then lapse at their expiry
                    await self._shards.release()  # another process may take our shards at once
            await super().close()
            rendering.renderer().close()
        finally:
            # Whatever failed above, the database connection is closed (an open SQLite file
            # handle would outlive the bot; Python 3.13 warns about it).
            if self._store_cm is not None:
                cm, self._store_cm = self._store_cm, None
                await cm.__aexit__(None, None, None)
                self.store = None


def make_bot(
    settings: Settings,
    *,
    shard_ids: Sequence[int] | None = None,
    shard_count: int | None = None,
    sync_commands: bool = False,
) -> WondersBot:
    """Build (not start) the bot; the store opens in ``setup_hook``."""
    point_at_api(settings)
    if shard_count is None and settings.discord_api_base:
        shard_count = 1
    kwargs: dict[str, Any] = {}
    if shard_count is not None:
        kwargs["shard_count"] = shard_count
    if shard_ids is not None:
        kwargs["shard_ids"] = list(shard_ids)
    return WondersBot(settings, sync_commands=sync_commands, **kwargs)
