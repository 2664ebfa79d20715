"""Stress: AI searches in worker threads while the event loop applies moves to other games, on
cold caches, with thread switches forced often; every result must equal a single-threaded run
(engine/caches.py states the rule that makes this hold)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator

import pytest

from engine.caches import clear_caches
from tests.engine.threads_kit import Record, random_game, random_game_steps, search_game, step

# (kind, seed) of the searches run in threads, and of the games the event loop plays meanwhile.
SEARCHES = [("duel", 11), ("classic", 12), ("duel", 13), ("classic", 14), ("duel", 15)]
LOOP_GAMES = [("duel", s) for s in range(40, 52)] + [("classic", s) for s in range(60, 66)]


@pytest.fixture
def often_switching() -> Iterator[None]:
    """Threads switch every 10 µs instead of every 5 ms, so a race in a cache fill (a few
    bytecodes wide) is met thousands of times per run instead of almost never."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _alone() -> tuple[list[Record], list[Record]]:
    clear_caches()
    searches = [search_game(kind, seed, 1000) for kind, seed in SEARCHES]
    games = [random_game(kind, seed) for kind, seed in LOOP_GAMES]
    return searches, games


async def _loop_games() -> list[Record]:
    """The event loop's share: all the games advanced one step each in turn, yielding to the
    loop after every step (as the bot does between clicks)."""
    running = [(random_game_steps(kind, seed), []) for kind, seed in LOOP_GAMES]
    out: list[Record] = [rec for _, rec in running]
    states = [s for (_, s, _), _ in running]
    while any(s is not None for s in states):
        for i, ((mod, _, rng), rec) in enumerate(running):
            if states[i] is not None:
                states[i] = step(mod, states[i], rng, rec)
                await asyncio.sleep(0)
    return out


async def _together() -> tuple[list[Record], list[Record]]:
    clear_caches()
    threads = [asyncio.to_thread(search_game, kind, seed, 1000) for kind, seed in SEARCHES]
    *searches, games = await asyncio.gather(*threads, _loop_games())
    return list(searches), games


@pytest.fixture
def tiny_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bounds so small that the memos are cleared, and classic's build-move generation
    replaced, all the time while other threads read them."""
    from engine.classic import events as classic_events
    from engine.classic import moves, stats, trade
    from engine.duel import costs
    from engine.duel import events as duel_events

    for module, name, value in [
        (stats, "_CACHE_LIMIT", 40),
        (trade, "_CACHE_LIMIT", 40),
        (moves, "_LIMIT", 40),
        (classic_events, "_LIMIT", 40),
        (costs, "_MEMO_LIMIT", 20),
        (costs, "_ROW_LIMIT", 10),
        (duel_events, "_LIMIT", 40),
    ]:
        monkeypatch.setattr(module, name, value)


@pytest.mark.asyncio
async def test_the_same_holds_while_full_caches_are_cleared_all_the_time(
    often_switching: None, tiny_caches: None
) -> None:
    searches, games = _alone()
    got_searches, got_games = await _together()
    assert got_searches == searches
    assert got_games == games


@pytest.mark.asyncio
async def test_searches_in_threads_and_moves_on_the_loop_match_a_single_threaded_run(
    often_switching: None,
) -> None:
    searches, games = _alone()
    assert all(len(r) > 40 for r in searches) and all(r[-1] != "None" for r in games)
    for _ in range(2):
        got_searches, got_games = await _together()
        assert got_searches == searches
        assert got_games == games
