"""Plays AI seats in the background at a watchable pace, one task per game.

``kick(game_id)`` after every human move, start or restart; the task lets AI seats move one
round at a time (``GameService.advance``), hands each report to ``post`` and sleeps ``delay``
between rounds, until a human must act or the game ends. Errors are logged, never raised.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.presenters.reports import Report
from bot.services.games import GameService
from bot.services.tables import Table

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
        self._tasks: dict[int, asyncio.Task[None]] = {}
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
                level = await self._default_level(table)
                reports = await self.games.advance(game_id, max_reports=1, default_level=level)
                for report in reports:
                    await self.post(report)
                if not reports:
                    if game_id in self._again:
                        continue
                    return
                if reports[-1].final:
                    return
                await asyncio.sleep(await self.delay(table))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI driver failed for game %s", game_id)
        finally:
            self._tasks.pop(game_id, None)

    async def _default_level(self, table: Table) -> str:
        settings = await self.games.store.get_guild_settings(table.record.guild_id or 0)
        return settings.default_ai_level
