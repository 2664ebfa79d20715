"""Random playouts of Gods & Heroes at 3-7 players (the 2,000-game run is
tests/bench/gods_playouts.py): invariants on every game, views and a replay on every 10th."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.classic.gods_playout import play

SEEDS = 60


@pytest.mark.parametrize("players", range(3, 8))
def test_gods_random_playouts(players: int) -> None:
    counts: Counter[str] = Counter()
    for seed in range(SEEDS):
        play(players, seed, seed % 10 == 0, counts)
    # Random play reaches the powers and heroes (not a balance figure: a reachability check).
    assert counts["hero:red"] + counts["hero:green"] + counts["hero:blue"] > 0
    assert sum(v for k, v in counts.items() if not k.startswith("hero")) > 0
