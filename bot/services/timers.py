"""Reminders and timeouts from the deadlines table (so a restart resumes them).

``tick(now, guild_ids)`` handles every due deadline of those guilds (this process's shards):
- a reminder mentions only the seats that still must act, at most ``max_reminders`` times,
  then the game is marked stalled ("This game is stalled…");
- at the deadline the server's timeout policy acts: ``ai`` (the AI plays the seat's turn),
  ``skip`` (the seat discards a card when it can, else the AI plays), ``abandon``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.model.game import Table
from bot.presenters.reports import Report
from bot.services.games import GameService
from bot.store import Deadline, InvalidGameState

__all__ = ["Notice", "TimerService"]


@dataclass(frozen=True)
class Notice:
    """A public message about a game; ``play_version`` adds a "Play your turn" button."""

    game_id: int
    channel_id: int
    text: str
    mentions: list[int] = field(default_factory=list)
    play_version: int | None = None
    reports: list[Report] = field(default_factory=list)
    kind: str = "reminder"


class TimerService:
    """``publish``: posts a notice (and its reports) the moment it is made - a timeout that
    plays several seats saves each move before the next seat's AI thinks, and a crash in
    between must not lose the notices of the seats already played. ``tick`` returns them too."""

    def __init__(
        self, games: GameService, publish: Callable[[Notice], Awaitable[None]] | None = None
    ) -> None:
        self.games = games
        self.store = games.store
        self.publish = publish

    async def _made(self, notice: Notice) -> Notice:
        if self.publish is not None:
            await self.publish(notice)
        return notice

    async def tick(
        self,
        now: datetime,
        guild_ids: list[int] | None = None,
        shards: tuple[Sequence[int], int] | None = None,
    ) -> list[Notice]:
        """``shards``: also (or only, with ``guild_ids`` None) the games of the guilds on
        these (shard ids, shard count) - a dead process's shards this process took over."""
        due = await self.store.due_deadlines(now, guild_ids, include_stalled=True, shards=shards)
        by_game: dict[int, list[Deadline]] = {}
        for d in due:
            by_game.setdefault(d.game_id, []).append(d)
        notices: list[Notice] = []
        for game_id, deadlines in by_game.items():
            notices += await self._game(game_id, deadlines, now)
        return notices

    async def _game(self, game_id: int, deadlines: list[Deadline], now: datetime) -> list[Notice]:
        table = await self.games.table(game_id)
        acting = set(table.humans_to_act())
        live = [d for d in deadlines if d.seat in acting and table.status == "running"]
        for d in deadlines:
            if d not in live:
                await self.store.clear_deadline(game_id, d.seat)
        timed_out = [d for d in live if d.due_at <= now]
        if timed_out:
            return await self._timeout(table, [d.seat for d in timed_out])
        reminded = [
            d
            for d in live
            if d.next_reminder_at is not None and d.next_reminder_at <= now and not d.stalled
        ]
        return await self._remind(table, reminded, now) if reminded else []

    async def _remind(self, table: Table, due: list[Deadline], now: datetime) -> list[Notice]:
        settings = await self.store.get_guild_settings(table.record.guild_id or 0)
        stalled = False
        for d in due:
            last = d.reminders_sent + 1 >= settings.max_reminders
            nxt = None if last else now + timedelta(seconds=settings.reminder_interval_s)
            await self.store.record_reminder(table.id, d.seat, nxt)
            if last:
                await self.store.mark_stalled(table.id, d.seat)
                stalled = True
        users = [u for u in (table.seat_user(d.seat) for d in due) if u is not None]
        deadline = min(d.due_at for d in due)
        text = f"⏰ Game #{table.id}: it is your turn — deadline <t:{int(deadline.timestamp())}:R>."
        if stalled:
            text += (
                f"\nThis game is stalled. At the deadline the server's timeout policy "
                f"applies; an admin can end it with `/wonders-admin abandon game:{table.id}`."
            )
        return [
            await self._made(Notice(table.id, table.record.channel_id, text, users, table.version))
        ]

    async def _timeout(self, table: Table, seats: list[int]) -> list[Notice]:
        settings = await self.store.get_guild_settings(table.record.guild_id or 0)
        names = self.games.seat_names(table)
        if settings.timeout_policy == "abandon":
            try:
                await self.store.abandon_game(table.id, "timeout")
            except InvalidGameState:
                return []
            self.games.cache.forget(table.id)
            who = ", ".join(names[s] for s in seats)
            return [
                await self._made(
                    Notice(
                        table.id,
                        table.record.channel_id,
                        f"Time ran out for {who}: game #{table.id} is abandoned.",
                        kind="timeout",
                    )
                )
            ]
        notices = []
        for seat in seats:
            text, reports = await self.games.play_for(
                table.id,
                seat,
                settings.default_ai_level,
                prefer_discard=settings.timeout_policy == "skip",
            )
            if not text:
                await self.store.clear_deadline(table.id, seat)
                continue
            if text:
                notices.append(
                    await self._made(
                        Notice(
                            table.id,
                            table.record.channel_id,
                            f"Time ran out for {names[seat]}: {text}.",
                            reports=reports,
                            kind="timeout",
                        )
                    )
                )
        return notices
