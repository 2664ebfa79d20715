"""The live status message: one per game (in its thread), edited as the game moves, never
re-posted. Edits are coalesced: every change ``touch``es the game, and one edit follows
``COALESCE_S`` later with the state at that moment (a burst of picks, an AI round and the
reveal become one edit), which keeps far inside Discord's edit rate limits. Edits never ping.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.exts.views import buttons_view
from bot.model.game import Table
from bot.model.ids import button_id
from bot.model.prompt import ButtonSpec
from bot.presenters.status import jump_url, status_text
from bot.services.community import CommunityService
from bot.services.faults import fault_point

__all__ = ["COALESCE_S", "StatusBoard"]

log = logging.getLogger(__name__)

COALESCE_S = 1.0
# A board post's catch-up edit waits at most this long since the game's last edit: Discord
# allows about 5 edits per 5 s in a channel, and AI rounds can post faster than that.
MIN_GAP_S = 1.0
ARCHIVED = 50083  # Discord: "Thread is archived"


class StatusBoard:
    def __init__(self, client: discord.Client, data: CommunityService) -> None:
        self.client, self.data = client, data
        self._pending: dict[int, asyncio.Task[None]] = {}
        self._last: dict[int, float] = {}  # game -> loop time of its last edit
        self.edits = 0  # status edits sent (figures for the measurement script)
        self._closed = False

    async def _content(self, table: Table) -> tuple[str, discord.ui.View]:
        due = await self.data.deadline(table.id)
        result = None
        if table.status != "running" and (found := await self.data.result_message(table.id)):
            result = jump_url(table.record.guild_id, found.channel_id, found.message_id)
        text = status_text(table, self.data.games.seat_names(table), due, result)
        if table.status != "running" or not table.humans_to_act():
            return text, discord.ui.View()
        # No version: this button never goes stale, it always opens the current hand.
        play = button_id("play", table.id)
        return text, buttons_view([ButtonSpec("Play your turn", play, "primary")])

    async def post(self, table: Table, channel: discord.abc.Messageable) -> discord.Message | None:
        """The game's status message, posted once (at the start, before the first board)."""
        text, view = await self._content(table)
        try:
            message = await channel.send(text, view=view)
        except discord.HTTPException:
            log.exception("posting the status of game %s failed", table.id)
            return None
        await self.data.remember_status(table.id, message.channel.id, message.id)
        return message

    def touch(self, game_id: int) -> None:
        """The game changed: one edit follows shortly (several touches share it)."""
        task = self._pending.get(game_id)
        if not self._closed and (task is None or task.done()):
            self._pending[game_id] = asyncio.create_task(
                self._edit_later(game_id), name=f"wonders-status-{game_id}"
            )

    def now(self, game_id: int) -> None:
        """A board post went out: the status catches up at once (a pending coalesced edit is
        replaced), so nobody reads the last turn's ✅ beside the new turn's board and clicks
        into "You already picked". A task: the poster never waits for the edit."""
        task = self._pending.pop(game_id, None)
        if task is not None and not task.done():
            task.cancel()
        if not self._closed:
            now = asyncio.get_running_loop().time()
            if len(self._last) > 1000:  # only recent edits matter: forget the others
                self._last = {g: t for g, t in self._last.items() if now - t < MIN_GAP_S}
            since = now - self._last.get(game_id, -MIN_GAP_S)
            self._pending[game_id] = asyncio.create_task(
                self._edit_later(game_id, max(0.0, MIN_GAP_S - since)),
                name=f"wonders-status-{game_id}",
            )

    async def flush(self) -> None:
        """Shutting down: the pending edits are made now (the store closes next)."""
        self._closed = True
        pending, self._pending = self._pending, {}
        for game_id, task in pending.items():
            if task.done():
                continue
            task.cancel()
            try:
                await asyncio.wait_for(self.edit_now(game_id), 5)
            except Exception:
                log.exception("editing the status of game %s at shutdown failed", game_id)

    async def _edit_later(self, game_id: int, delay: float | None = None) -> None:
        await asyncio.sleep(COALESCE_S if delay is None else delay)
        await fault_point("status-edit")  # tests: a crash before the status caught up
        self._pending.pop(game_id, None)
        try:
            await self.edit_now(game_id)
        except Exception:
            log.exception("editing the status of game %s failed", game_id)

    async def edit_now(self, game_id: int) -> None:
        found = await self.data.status_message(game_id)
        table = None if found is None else await self.data.table(game_id)
        if found is None or table is None:
            return
        text, view = await self._content(table)
        channel = self.client.get_partial_messageable(found.channel_id)
        message = channel.get_partial_message(found.message_id)
        for attempt in range(2):
            try:
                await message.edit(content=text, view=view)
            except discord.NotFound:
                await self.data.forget_message(found.message_id)  # deleted by a moderator
                return
            except discord.HTTPException as exc:
                # Discord archived the quiet thread (edits are refused there): reopen it.
                if exc.code == ARCHIVED and attempt == 0 and await self._reopen(found.channel_id):
                    continue
                log.warning("status of game %s not edited: %s", game_id, exc)
                return
            self.edits += 1
            self._last[game_id] = asyncio.get_running_loop().time()
            return

    async def _reopen(self, thread_id: int) -> bool:
        try:
            thread = await self.client.fetch_channel(thread_id)
            if isinstance(thread, discord.Thread):
                await thread.edit(archived=False)
                return True
        except discord.HTTPException as exc:
            log.warning("thread %s not unarchived: %s", thread_id, exc)
        return False

    async def message_id(self, game_id: int) -> tuple[int, int] | None:
        """(channel, message) of the game's status message, if it has one."""
        found = await self.data.status_message(game_id)
        return None if found is None else (found.channel_id, found.message_id)
