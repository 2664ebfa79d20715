"""Plays AI seats in the background at a watchable pace, one task per game.

``kick(game_id)`` after every human move, start or restart; the task lets AI seats move one
round at a time (``GameService.advance``), hands each report to ``post`` and sleeps ``delay``
between rounds, until a human must act or the game ends. Errors are logged, never raised.

Several processes (PostgreSQL): a game is driven only while ``owns(guild_id)`` says this
process runs its shard's background work - asked before every round. When shards stop being
ours, ``let_go`` stops their games at once: a task sleeping between rounds is cancelled, one
in the middle of a round finishes it (its post included), so no round is lost or posted twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.model.game import Table
from bot.presenters.reports import Report
from bot.services.games import GameService

__all__ = ["Driver"]

log = logging.getLogger(__name__)


class Driver:
    def __init__(
        self,
        games: GameService,
        post: Callable[[Report], Awaitable[None]],
        delay: Callable[[Table], Awaitable[float]],
    ) -> None:
        self.games = games
        self.post = post
        self.delay = delay
        self.owns: Callable[[int | None], bool] = lambda _guild_id: True
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._guilds: dict[int, int | None] = {}  # game -> its guild (known once loaded)
        self._stepping: set[int] = set()  # games in the middle of a round
        self._sleeping: set[int] = set()  # games waiting between rounds
        self._again: set[int] = set()
        self._closed = False

    def kick(self, game_id: int) -> None:
        if self._closed:  # the bot is shutting down: the store may already be closed
            return
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        self._tasks[game_id] = asyncio.create_task(self._run(game_id), name=f"wonders-ai-{game_id}")

    def after_move(self, table: Table) -> None:
        """A human's move made ``table``: wake the AI only if one of its seats must act now
        (else the driver would load the table for nothing). A run already going for this
        game is told to look again, so a move racing with it is never missed."""
        if table.ai_to_act():
            self.kick(table.id)

    def busy(self) -> bool:
        return any(not t.done() for t in self._tasks.values())

    async def idle(self) -> None:
        """Wait until no game has AI work running (tests)."""
        while self.busy():
            await asyncio.gather(
                *[t for t in self._tasks.values() if not t.done()], return_exceptions=True
            )

    async def let_go(self) -> None:
        """Some shards stopped being ours: their games stop driving before this returns."""
        gone = [
            (game_id, task)
            for game_id, task in self._tasks.items()
            if not task.done() and game_id in self._guilds and not self.owns(self._guilds[game_id])
        ]
        for game_id, task in gone:
            if game_id in self._sleeping:
                task.cancel()
        # The others are loading (they ask ``owns`` next) or finishing their round.
        await asyncio.gather(*(task for _, task in gone), return_exceptions=True)

    async def close(self) -> None:
        self._closed = True
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()

    async def _run(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                table = await self.games.table(game_id)
                self._guilds[game_id] = table.record.guild_id
                if not self.owns(table.record.guild_id):
                    return  # another process runs this shard's work now
                reports = await self._round(table)
                if not reports:
                    if game_id in self._again:
                        continue
                    return
                if reports[-1].final:
                    return
                self._sleeping.add(game_id)
                try:
                    await asyncio.sleep(await self.delay(table))
                finally:
                    self._sleeping.discard(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI driver failed for game %s", game_id)
        finally:
            self._tasks.pop(game_id, None)
            self._guilds.pop(game_id, None)

    async def _round(self, table: Table) -> list[Report]:
        """One round of AI moves and its posts (``let_go`` waits for it to end)."""
        self._stepping.add(table.id)
        try:
            level = await self._default_level(table)
            reports = await self.games.advance(table.id, max_reports=1, default_level=level)
            for report in reports:
                await self.post(report)
            return reports
        finally:
            self._stepping.discard(table.id)

    async def _default_level(self, table: Table) -> str:
        settings = await self.games.store.get_guild_settings(table.record.guild_id or 0)
        return settings.default_ai_level
