"""Classic search: early stopping spends fewer rollouts than the budget, stays reproducible."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import classic
from engine.ai import classic_search, make_agent


def _positions(count: int) -> list[tuple[Any, int]]:
    """(state, seat) of the first ``count`` Age I picks of a heuristic 4-player game."""
    state = classic.new_game(classic.Config(players=4), 12)
    agent = make_agent("classic", "heuristic")
    rng = random.Random(12)
    out: list[tuple[Any, int]] = []
    while len(out) < count:
        for seat in sorted(classic.to_act(state)):
            out.append((state, seat))
            legal = classic.legal_moves(state, seat)
            state, _ = classic.apply(
                state, seat, agent.choose(classic.view(state, seat), legal, rng)
            )
    return out[:count]


@pytest.fixture
def rollouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the rollouts the search runs."""
    calls = [0]
    real = classic_search._gain_rollout

    def counted(*args: Any) -> float:
        calls[0] += 1
        return real(*args)

    monkeypatch.setattr(classic_search, "_gain_rollout", counted)
    return calls


def test_early_stop_spends_fewer_rollouts_and_is_reproducible(rollouts: list[int]) -> None:
    budget = 18
    early = make_agent("classic", "search", playouts=budget, min_n=2)
    full = make_agent("classic", "search", playouts=budget, early=0)
    used: list[int] = []
    for state, seat in _positions(4):
        view, legal = classic.view(state, seat), classic.legal_moves(state, seat)
        rollouts[0] = 0
        move = full.choose(view, legal, random.Random(5))
        assert move in legal and rollouts[0] == budget  # early=0 spends the whole budget
        rollouts[0] = 0
        first = early.choose(view, legal, random.Random(5))
        used.append(rollouts[0])
        assert first in legal and rollouts[0] <= budget
        assert early.choose(view, legal, random.Random(5)) == first  # same seed, same move
    assert min(used) < budget, used  # at least one decision settled before the budget


def test_candidates_are_compared_on_the_same_sampled_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    dealt: list[dict[int, list[str]]] = []
    real = classic_search.sample_hands

    def recorded(*args: Any) -> dict[int, list[str]]:
        dealt.append(real(*args))
        return dealt[-1]

    monkeypatch.setattr(classic_search, "sample_hands", recorded)
    state, seat = _positions(1)[0]  # the first pick: every other hand is unseen
    view, legal = classic.view(state, seat), classic.legal_moves(state, seat)
    for crn in (1, 0):
        dealt.clear()
        make_agent("classic", "search", playouts=6, early=0, crn=crn).choose(
            view, legal, random.Random(2)
        )
        rounds = [dealt[0:3], dealt[3:6]]  # round-robin over the 3 candidates
        same = [all(d == r[0] for d in r) for r in rounds]
        assert same == ([True, True] if crn else [False, False])
        assert dealt[0] != dealt[3]  # each round a new deal
