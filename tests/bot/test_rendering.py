"""Images drawn in worker processes (bot.rendering): the same PNGs as in a thread, a dead worker
never costs a post its image, and workers never outlive the bot."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

import engine.classic as classic
import engine.duel as duel
import render
from bot.rendering import Renderer
from engine.classic.config import Config

pytestmark = pytest.mark.asyncio

NAMES = ["Ana", "Bo", "Cy"]


def spawned_children(pid: int) -> list[int]:
    """Children of ``pid`` started by multiprocessing's spawn (render workers)."""
    listed = Path(f"/proc/{pid}/task/{pid}/children")
    found = []
    for child in (int(c) for c in listed.read_text().split()) if listed.exists() else ():
        try:
            if b"multiprocessing.spawn" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(child)
        except OSError:
            continue
    return found


async def test_a_worker_draws_the_same_images_as_a_thread() -> None:
    table = classic.new_game(Config(players=3), 5)
    board = duel.new_game(duel.Config(), 5)
    renderer = Renderer(1)
    try:
        for what, kind, view in [
            ("board", "classic", classic.view(table, None)),
            ("hand", "classic", classic.view(table, 1)),
            ("hand", "duel", duel.view(board, 0)),
        ]:
            drawn = await renderer.png(what, kind, view, NAMES)
            assert drawn == render.draw(what, kind, view, NAMES), (what, kind)
            assert drawn.startswith(b"\x89PNG")
        assert spawned_children(os.getpid()), "the images were not drawn in a worker process"
    finally:
        renderer.close()


async def test_a_killed_worker_is_replaced_and_the_image_is_still_drawn() -> None:
    view = classic.view(classic.new_game(Config(players=3), 9), None)
    expected = render.draw("board", "classic", view, NAMES)
    renderer = Renderer(1)
    try:
        await renderer.warm_up()
        workers = spawned_children(os.getpid())
        assert workers
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.5)  # the pool notices its worker is gone
        assert await renderer.png("board", "classic", view, NAMES) == expected
        assert renderer.processes == 1, "one dead worker must not switch drawing to threads"
        assert await renderer.png("board", "classic", view, NAMES) == expected
        assert set(spawned_children(os.getpid())) - set(workers), "no new worker was started"
    finally:
        renderer.close()


async def test_threads_when_configured_with_no_processes() -> None:
    view = classic.view(classic.new_game(Config(players=3), 2), 0)
    before = set(spawned_children(os.getpid()))
    renderer = Renderer(0)
    await renderer.warm_up()
    assert await renderer.png("hand", "classic", view, NAMES) == render.draw(
        "hand", "classic", view, NAMES
    )
    assert set(spawned_children(os.getpid())) <= before


async def test_an_unknown_image_name_is_refused() -> None:
    view = classic.view(classic.new_game(Config(players=3), 2), None)
    with pytest.raises(ValueError, match="unknown image"):
        await Renderer(0).png("poster", "classic", view, NAMES)
