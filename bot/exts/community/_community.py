"""A table a Discord community keeps (issue 18): each game in a thread of its own with one
live status message, every post naming its game, Duel posts that carry the AI's reply, and
people told of their turn only when they are away (``_notify``).

``Poster`` calls ``prepare`` before and ``posted`` after each board post, and ``route`` for
notices; the lobby's Start and ``/wonders duel`` call ``start_game``.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.model.game import Table
from bot.presenters.reports import Report
from bot.presenters.status import game_title, jump_url, where_text
from bot.services.community import CommunityService

from ._notify import Notifier
from ._status import StatusBoard
from ._threads import open_thread, thread_on

__all__ = ["Community"]

log = logging.getLogger(__name__)


class Community:
    def __init__(self, client: discord.Client, data: CommunityService) -> None:
        self.client, self.data = client, data
        self.status = StatusBoard(client, data)
        self.notifier = Notifier(client, data)
        self._held: dict[int, Report] = {}  # Duel: a human's move waiting for the AI's reply

    async def start_game(
        self, interaction: discord.Interaction, report: Report, lobby_text: str
    ) -> Report:
        """A game just started from ``interaction`` (its original message is the lobby
        post): open its thread (or stay in the channel), post the status message there, say
        on the lobby post where the game is, with a link (every seated person sees that
        post), and return ``report`` aimed at that place."""
        table = await self.data.games.table(report.game_id)
        thread = await open_thread(self.data, interaction, table)
        if thread is not None:
            self.data.games.cache.forget(table.id)  # its record now names the thread
            table = await self.data.games.table(table.id)
            report = dataclasses.replace(report, channel_id=thread.id)
        where = thread or interaction.channel
        status = None
        if isinstance(where, discord.abc.Messageable):
            status = await self.status.post(table, where)
        place = thread.id if thread is not None else interaction.channel_id
        if place is not None:
            try:
                await interaction.edit_original_response(
                    content=f"{lobby_text}\n{self.where(table, place, status)}"[:2000],
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.HTTPException:
                log.warning("lobby post of game %s not edited", table.id)
        return report

    @staticmethod
    def where(table: Table, place: int, status: discord.Message | None) -> str:
        """ "🧵 Game #3 is played in <#…>. @ana, @bo: click Play your turn … — <link>"."""
        url = None if status is None else jump_url(table.record.guild_id, place, status.id)
        return where_text(table, place, url)

    async def where_now(self, game_id: int) -> str:
        """The same sentence for a game already started (its thread and status message)."""
        table = await self.data.games.table(game_id)
        posted = await self.data.status_message(game_id)
        place = table.record.thread_id or table.record.channel_id
        if posted is None:
            return where_text(table, place, None)
        url = jump_url(table.record.guild_id, posted.channel_id, posted.message_id)
        return where_text(table, posted.channel_id, url)

    async def start_posted(self, report: Report, lobby: discord.Message) -> Report:
        """A game started without a click on its lobby post (a rematch, filled by a click
        elsewhere): its thread from the bot's own ``lobby`` post, the status message, and
        ``report`` aimed there."""
        table = await self.data.games.table(report.game_id)
        thread = await thread_on(self.data, lobby, table)
        if thread is not None:
            self.data.games.cache.forget(table.id)
            table = await self.data.games.table(table.id)
            report = dataclasses.replace(report, channel_id=thread.id)
        where = thread or lobby.channel
        if isinstance(where, discord.abc.Messageable):
            await self.status.post(table, where)
        return report

    # -- board posts ---------------------------------------------------------------------
    async def prepare(self, report: Report) -> Report | None:
        """The post to send for ``report`` (None: held until the AI replied)."""
        table = await self.data.table(report.game_id, report.version)
        if table is None:
            return report
        held = self._held.pop(report.game_id, None)
        text = report.text
        if held is not None:
            # Its last line said whose turn it was (the AI's); the AI has moved since.
            before = held.text.splitlines()[:-1]
            text = "\n".join([*before, text])
        if _waits_for_ai(report, table):
            self._held[report.game_id] = dataclasses.replace(report, text=text)
            return None
        title = f"**{game_title(table)}**"
        if report.final:
            # The result goes to the channel, where the game was announced.
            home = table.record.channel_id or report.channel_id
            return dataclasses.replace(report, channel_id=home, text=f"{title}\n{text}")
        known = report.settings.ping_after_s if report.settings is not None else None
        pings, note = await self.notifier.turn_pings(table, report.mentions, known)
        text = "\n".join(p for p in (title, text, note) if p)
        return dataclasses.replace(report, text=text, pings=tuple(pings))

    async def posted(self, report: Report) -> None:
        self.status.now(report.game_id)
        if report.final:
            await self.notifier.forget(report.game_id)

    async def route(
        self, game_id: int, channel_id: int, text: str, mentions: list[int], kind: str
    ) -> tuple[int, str, list[int]]:
        """Where a notice of ``game_id`` goes (its thread), its text and whom it pings: a
        reminder reaches each person as they chose (ping, DM, or not at all)."""
        table = await self.data.table(game_id)
        if table is None:
            return channel_id, text, mentions
        self.status.touch(game_id)
        where = table.record.thread_id or channel_id
        if kind == "ping" or not mentions:  # "ping": the sweep already chose how
            return where, text, mentions
        pings, note = await self.notifier.deliver(table, mentions)
        return where, "\n".join(t for t in (text, note) if t), pings

    def moved(self, game_id: int, user_id: int) -> None:
        """Someone acted in ``game_id`` (a pick shows as ✅ on the status message)."""
        self.notifier.seen(game_id, user_id)
        self.status.touch(game_id)

    # -- people away ---------------------------------------------------------------------
    async def sweep(self, poster_notice: Callable[..., Awaitable[None]]) -> None:
        """Ping (or DM) people whose turn began while they were active and who have been
        away for ``ping_after`` since: once per turn (called by the timer loop)."""
        by_game: dict[int, tuple[Table, list[int]]] = {}
        for table, user in await self.notifier.away_now():
            by_game.setdefault(table.id, (table, []))[1].append(user)
        for table, users in by_game.values():
            pings, note = await self.notifier.deliver(table, users)
            if not pings:
                continue
            text = f"**{game_title(table)}** — it's your turn.\n{note}".strip()
            await poster_notice(
                table.record.thread_id or table.record.channel_id,
                table.id,
                text,
                pings,
                table.round_start,
                "ping",
            )


def _waits_for_ai(report: Report, table: Table) -> bool:
    """A Duel post made while the AI is to reply: the AI's move joins it (one post per human
    decision). All-AI matches post every move."""
    return (
        table.game.ai_reply_joins_post
        and not report.final
        and not report.mentions
        and table.status == "running"
        and not table.all_ai()
        and bool(table.ai_to_act())
    )
