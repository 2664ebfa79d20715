"""Id tables (engine/caches.py, kind ``ids``): many threads allocating ids at once never give
one id to two keys, and every id names the entry it was allocated for."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from engine.caches import clear_caches
from engine.classic import trade
from engine.duel import costs


@pytest.fixture
def often_switching() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _hammer(work: Callable[[int], None], threads: int = 8) -> None:
    start = threading.Barrier(threads)

    def run(i: int) -> None:
        start.wait()  # all at once, on cold tables
        work(i)

    pool = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()


def test_cost_keys_allocated_by_racing_threads_name_their_own_cost(often_switching: None) -> None:
    # Costs no card has (100+ units), each new: every call allocates an id.
    def work(i: int) -> None:
        for n in range(3000):
            trade.cost_key((100 + i, n, 0, 0, 0, 0, 1))

    _hammer(work)
    for i in range(8):
        for n in range(0, 3000, 7):
            cost = (100 + i, n, 0, 0, 0, 0, 1)
            key = trade.cost_key(cost)
            assert trade._cost_parts[key] == tuple((r, q) for r, q in enumerate(cost) if q)
    assert len(trade._cost_parts) == len(trade._cost_keys)


def test_duel_profile_and_opponent_ids_are_consistent_after_racing_misses(
    often_switching: None,
) -> None:
    clear_caches()
    masks = range(1 << 14)

    def work(i: int) -> None:
        for own in masks[i::3] if i % 2 else reversed(masks[i::3]):
            costs._profile(own)
            costs._opp(own)

    _hammer(work, threads=6)
    assert len(costs._PROFILES) == len(costs._PROFILE_IDS) == len(set(costs._PROFILES))
    assert len(costs._OPPS) == len(costs._OPP_IDS) == len(costs._UNIT_PRICES)
    for key, pid in costs._PROFILE_IDS.items():
        assert costs._PROFILES[pid] == key
    for prod, oid in costs._OPP_IDS.items():
        assert costs._OPPS[oid] == prod
        assert costs._UNIT_PRICES[oid] == tuple(costs._BASE + n for n in prod)
    raced = {own: costs._PROFILES[pid] for own, pid in costs._PROFILE_OF.items()}
    raced_opp = {bg: costs._OPPS[oid] for bg, oid in costs._OPP_OF.items()}
    assert len(raced) == len(raced_opp) == len(masks)
    clear_caches()  # the same on one thread: each mask names the same profile and production
    assert raced == {own: costs._PROFILES[costs._profile(own)] for own in masks}
    assert raced_opp == {bg: costs._OPPS[costs._opp(bg)] for bg in masks}
    clear_caches()
