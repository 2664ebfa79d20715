"""Where board images are drawn (and other pure CPU work is done, e.g. a game review):
worker processes by default, threads if configured so.

Drawing a PNG is 20–60 ms of Python (Pillow's drawing holds the GIL). In a thread it competes
with the event loop for the GIL: every socket write or queue put of the loop releases the GIL
and then waits up to the interpreter's switch interval to get it back, which was the largest
share of the loop's time under load (docs/performance.md). A worker process has its own GIL, so
the loop only pickles the view (a few kB) and reads back the PNG.

``WONDERS_RENDER_PROCESSES`` sets the number of worker processes (0: draw in threads, as a
fallback for hosts that can't start processes). A worker that dies is replaced, and the image
that was being drawn is drawn again in a thread, so a post never loses its image for it.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

import render
from engine.classic import ClassicView
from engine.common import Outcome
from engine.duel import DuelView
from engine.protocol import GameView

__all__ = ["Renderer", "drawable", "renderer", "use"]

log = logging.getLogger(__name__)

T = TypeVar("T")


class Renderer:
    """Draws ``render.draw`` images off the event loop's GIL."""

    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor | None:
        if self.processes <= 0:
            return None
        if self._pool is None:
            # spawn, not fork: the bot has threads (aiosqlite, the AI) that a fork would copy
            # mid-operation; and the bot must be the workers' parent for _exit_with_parent.
            self._pool = ProcessPoolExecutor(
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_exit_with_parent,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def png(
        self,
        what: str,
        kind: str,
        view: render.GameView,
        names: Sequence[str],
        outcome: Outcome | None = None,
        hints: Mapping[int, int] | None = None,
        ratings: Mapping[int, int] | None = None,
    ) -> bytes:
        notes = (dict(hints) if hints else None, dict(ratings) if ratings else None)
        args = (what, kind, view, list(names), outcome, *notes)
        return await self.call(render.draw, *args)

    async def call(self, func: Callable[..., T], *args: object) -> T:
        """``func(*args)`` in a worker (a thread without workers, or when one died): images,
        and other pure CPU work such as a game review (``bot.services.review``). ``func``
        and its arguments must pickle (a module-level function, plain data)."""
        pool = self._executor()
        if pool is not None:
            try:
                return await asyncio.get_running_loop().run_in_executor(pool, func, *args)
            except BrokenProcessPool:
                log.warning("a render worker died; starting a new one")
                self._drop(pool)
        return await asyncio.to_thread(func, *args)

    async def warm_up(self) -> None:
        """Start the workers now rather than on the first click (a worker imports Pillow,
        the fonts and the engines once, ~1 s)."""
        pool = self._executor()
        if pool is None:
            return
        try:
            await asyncio.get_running_loop().run_in_executor(pool, _ready)
        except (OSError, BrokenProcessPool) as exc:
            log.warning("render workers could not start (%s); drawing in threads instead", exc)
            self.processes = 0
            self._drop(pool)

    def _drop(self, pool: ProcessPoolExecutor) -> None:
        if self._pool is pool:
            self._pool = None
        pool.shutdown(wait=False)  # images already asked for are still drawn

    def close(self) -> None:
        if self._pool is not None:
            self._drop(self._pool)


def _ready() -> bool:
    import render.classic_hand
    import render.classic_table
    import render.duel  # noqa: F401  (the imports are the warm-up)

    return True


def _exit_with_parent(parent: int) -> None:
    """In each worker: exit once the bot is gone. A killed bot (SIGKILL, OOM) never tells its
    workers, and they would wait on their task queue forever."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


_current = Renderer()


def use(processes: int) -> Renderer:
    """Make the process-wide renderer draw in ``processes`` workers (0: threads)."""
    global _current
    if _current.processes != processes:
        _current.close()
        _current = Renderer(processes)
    return _current


def renderer() -> Renderer:
    return _current


def drawable(view: GameView) -> render.GameView:
    """A game's view as one the renderer draws (a view of a game it can't draw is a bug)."""
    if isinstance(view, ClassicView | DuelView):
        return view
    raise TypeError(f"no renderer for {view.game} views")
