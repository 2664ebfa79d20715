"""Seeded random Edifice games keep every invariant (tests/classic/edifice/playout.py)."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.classic.edifice.state import DONE, FAILED
from tests.classic.edifice.kit import edifice
from tests.classic.edifice.playout import play


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_games_keep_the_invariants(players: int) -> None:
    statuses = set()
    for seed in range(6):
        s = play(players, seed, views=seed == 0)
        assert s.phase == C.state.OVER
        statuses |= set(edifice(s).status)
    assert statuses <= {DONE, FAILED}


def test_projects_both_complete_and_fail_over_many_games() -> None:
    seen = set()
    for seed in range(30):
        seen |= set(edifice(play(4, seed, join_bias=0.95)).status)
    assert seen == {DONE, FAILED}


@pytest.mark.parametrize(
    "expansions", [("leaders", "edifice"), ("cities", "edifice"), ("cities", "leaders", "edifice")]
)
def test_with_leaders_and_cities(expansions: tuple[str, ...]) -> None:
    for seed in range(3):
        play(4, seed, views=seed == 0, expansions=expansions)


def test_leaders_games_open_joins_from_recruitment_turns() -> None:
    """Random Leaders + Edifice games reach the join step a stage built with a leader opens
    (rules 2.5), every invariant holding through it."""
    steps: list[int] = []
    for seed in range(40):
        play(4, seed, expansions=("leaders", "edifice"), recruit_steps=steps)
        if steps:
            break
    assert steps and all(age in (1, 2, 3) for age in steps)
