"""Telling people it is their turn: a ping in the game's post, a DM, or nothing, as each
person chose (``/wonders notify``), and only when they are away (``bot.services.notify``).

- ``ping`` (default): mentioned in the post that starts their turn if away, else watched and
  pinged once (a short notice) when ``ping_after`` passes without them acting;
- ``dm``: the same moments, but a DM naming the game with a jump link to its status message;
  DMs closed → a ping instead, and the post says so once;
- ``off``: never pinged nor DMed (reminders included); the final result still mentions
  winners.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

import discord

from bot.model.game import Table
from bot.presenters.status import game_title, jump_url
from bot.services.community import CommunityService
from bot.services.notify import Attention

__all__ = ["Notifier"]

log = logging.getLogger(__name__)


class Notifier:
    def __init__(self, client: discord.Client, data: CommunityService) -> None:
        self.client, self.data = client, data
        self.attention = Attention()
        # Several processes: whether this one runs the background work of a guild's games now
        # (``ShardWork.owns``); the reminder sweep leaves the others' games alone.
        self.owns: Callable[[int | None], bool] = lambda _guild_id: True

    def seen(self, game_id: int | None, user_id: int) -> None:
        if game_id:
            self.attention.seen(game_id, user_id)

    async def turn_pings(
        self, table: Table, users: Iterable[int], ping_after: float | None = None
    ) -> tuple[list[int], str]:
        """Whom the post starting this turn pings (and a line to add to it): away people in
        ping mode; DMs go out here for dm mode. ``ping_after``: the server's, if known."""
        if ping_after is None:
            ping_after = await self.data.ping_after(table.record.guild_id)
        people = list(users)
        due = self.attention.to_tell(table.id, people, table.round_start, ping_after)
        await self._keep(table.id, people)
        return await self.deliver(table, due)

    async def _keep(self, game_id: int, users: Iterable[int]) -> None:
        """Store who was told / is watched (a restart then tells nobody twice)."""
        rows = [(u, *self.attention.state(game_id, u)) for u in users]
        if rows:
            await self.data.keep_told(game_id, rows)

    async def load(self, guild_ids: list[int]) -> None:
        """Start-up: who was told of / watched for which turn in these guilds' games."""
        for game_id, user, told, watch in await self.data.told_before(guild_ids):
            self.attention.restore(game_id, user, told, watch)

    async def forget(self, game_id: int) -> None:
        """The game ended: nothing to tell anyone about it any more."""
        self.attention.forget(game_id)
        await self.data.forget_told(game_id)

    async def deliver(self, table: Table, users: list[int]) -> tuple[list[int], str]:
        pings: list[int] = []
        notes: list[str] = []
        for user in users:
            mode = await self.data.notify_mode(user)
            if mode == "off":
                continue
            if mode == "dm" and await self._dm(table, user):
                continue
            if mode == "dm" and await self.data.note_dm_closed(user):
                notes.append(
                    f"<@{user}>: your DMs are closed, so I ping you here instead "
                    "(`/wonders notify` to change)."
                )
            pings.append(user)
        return pings, "\n".join(notes)

    async def _dm(self, table: Table, user_id: int) -> bool:
        where = await self._link(table)
        text = f"It's your turn in **{game_title(table)}**: {where}"
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(text[:2000])
        except discord.HTTPException as exc:
            log.info("DM to %s failed (%s): pinging instead", user_id, exc)
            return False
        return True

    async def _link(self, table: Table) -> str:
        found = await self.data.status_message(table.id)
        record = table.record
        if found is not None:
            return jump_url(record.guild_id, found.channel_id, found.message_id)
        return jump_url(record.guild_id, record.thread_id or record.channel_id)

    async def away_now(self) -> list[tuple[Table, int]]:
        """(table, user) of watched people who are now away and still have to act."""
        limits: dict[int, float] = {}
        for game_id in self.attention.watched_games():
            table = await self.data.table(game_id)
            if table is None:
                await self.forget(game_id)
                continue
            if not self.owns(table.record.guild_id):
                continue  # still watched; told by the process running its shard
            limits[game_id] = await self.data.ping_after(table.record.guild_id)
        found = []
        for game_id, user, turn in self.attention.due(lambda g: limits[g], limits):
            found_table = await self.data.table(game_id)
            if found_table is None:
                continue
            table = found_table
            seat = table.seat_of(user)
            if table.status == "running" and table.round_start == turn and seat in table.to_act():
                self.attention.told(game_id, user, turn)
                found.append((table, user))
            await self._keep(game_id, [user])
        return found
