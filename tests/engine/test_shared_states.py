"""Prompts and images are built in worker threads from the very state objects the event loop
goes on applying moves to (the bot's ``asyncio.to_thread(build_prompt, table, …)``): readers in
threads see exactly what a single thread sees for each state, and the loop's game is unchanged.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from engine.caches import clear_caches
from tests.engine.threads_kit import random_game_steps, step

Snapshot = tuple[Any, ...]


@pytest.fixture
def often_switching() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _snapshot(mod: Any, s: Any) -> Snapshot:
    """What a prompt and an image read from a state."""
    acting = sorted(mod.to_act(s))
    legal = tuple(tuple(str(m) for m in mod.legal_moves(s, seat)) for seat in acting)
    views = tuple(mod.view(s, seat).model_dump_json() for seat in [*acting, None])
    return tuple(acting), legal, views


def _states(kind: str, seed: int) -> tuple[Any, list[Any], list[str]]:
    mod, s, rng = random_game_steps(kind, seed)
    states, out = [s], []
    while (s := step(mod, s, rng, out)) is not None:
        states.append(s)
    return mod, states, out


@pytest.mark.asyncio
@pytest.mark.parametrize(("kind", "seed"), [("classic", 70), ("duel", 71)])
async def test_readers_in_threads_see_what_one_thread_sees(
    kind: str, seed: int, often_switching: None
) -> None:
    mod, states, log = _states(kind, seed)
    expected = [_snapshot(mod, s) for s in states]
    clear_caches()
    published: list[tuple[int, Any]] = []
    done = threading.Event()

    def reader() -> list[tuple[int, Snapshot]]:
        seen = []
        while not done.is_set():
            if published:
                i, s = published[-1]
                seen.append((i, _snapshot(mod, s)))
        return seen

    readers = [asyncio.ensure_future(asyncio.to_thread(reader)) for _ in range(3)]
    _, s, rng = random_game_steps(kind, seed)  # the same game again, new state objects
    published.append((0, s))
    replayed: list[str] = []
    while (s := step(mod, s, rng, replayed)) is not None:
        published.append((len(published), s))
        await asyncio.sleep(0.0005)  # (readers get the GIL in between)
    done.set()
    seen = [x for r in await asyncio.gather(*readers) for x in r]
    assert replayed == log
    assert len({i for i, _ in seen}) > len(states) // 4  # most states were read meanwhile
    for i, snap in seen:
        assert snap == expected[i], f"state {i}"
