"""Babel playouts with every invariant (tests/classic/babel/playout.py) over seeded games of
each module alone, both together, and with Leaders and Cities."""

from __future__ import annotations

import pytest

from tests.classic.babel.playout import Stats, play

TOWER, PROJECTS = "babel-tower", "babel-projects"


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_both_modules_keep_every_invariant(players: int) -> None:
    stats = Stats()
    for seed in range(3):
        play(players, seed, views=seed == 0, stats=stats)
    assert stats.tiles > 0 and stats.joins > 0  # the games did build tiles and join projects


@pytest.mark.parametrize(
    "expansions",
    [
        (TOWER,),
        (PROJECTS,),
        (TOWER, "leaders"),
        (PROJECTS, "cities"),
        (TOWER, PROJECTS, "leaders", "cities"),
    ],
)
def test_each_module_and_the_combinations_keep_every_invariant(
    expansions: tuple[str, ...],
) -> None:
    for seed in range(3):
        play(4, seed, expansions=expansions, views=seed == 1)
