"""Random Cities playouts (the full 3,000-game run: tests/bench/cities_playouts.py)."""

from __future__ import annotations

import pytest

from engine import classic as C
from tests.classic.cities.playout import play

SEEDS = 40  # per player count here; the bench script plays 600 per count


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_cities_playouts_keep_the_invariants(players: int) -> None:
    debts = 0
    for seed in range(SEEDS):
        s = play(players, seed, views=seed % 10 == 0)
        assert s.cx is not None
        debts += sum(s.cx.debt)
    assert debts > 0  # random players do take debt


def test_same_seed_same_game() -> None:
    a, b = play(5, 7), play(5, 7)
    assert C.dump(a) == C.dump(b)
