"""Duel search early stopping: the statistics of ``search_stop`` and that the search really stops
early on clear decisions (fewer rollouts than the budget), still legal and within its budget."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from engine import duel
from engine.ai import duel_search, make_agent
from engine.ai.duel_eval import heuristic_rank
from engine.ai.search_stop import Arm, settle


def _arm(values: list[float], offset: float = 0.0) -> Arm:
    arm = Arm(offset)
    for x in values:
        arm.add(x)
    return arm


def test_arm_worth_and_standard_error() -> None:
    arm = _arm([2.0, 4.0, 6.0, 8.0], offset=1.0)
    assert arm.worth() == pytest.approx(1.0 + 20.0 / 6.0)  # shrunk by 2 pseudo-rollouts
    assert arm.sd() == pytest.approx((20.0 / 3.0) ** 0.5)
    assert arm.se() == pytest.approx(arm.sd() * 2.0 / 6.0)
    assert _arm([3.0, 3.0, 3.0]).sd() == 1.0  # equal results do not prove a zero spread
    assert arm.bound(0, 1, 2.0) == arm.worth()
    # Ten more rollouts at the current mean: the shrinkage fades (mean 5 over 14 + 2 pseudo).
    assert arm.bound(10, 0, 2.0) == pytest.approx(1.0 + 70.0 / 16.0)
    assert arm.bound(10, -1, 2.0) < arm.bound(10, 0, 2.0) < arm.bound(10, 1, 2.0)


def test_settle_separates_drops_and_waits() -> None:
    spread = [-5.0, 5.0, -3.0, 3.0, 0.0, 0.0]  # sd 3.69: se 0.9 after 6 rollouts
    far = {"a": _arm([10 + x for x in spread]), "b": _arm(spread)}
    assert settle(far, ["a", "b"], 1.5, 0.0, 100.0) == (["a"], True)
    near = {
        "a": _arm([1 + x for x in spread]),
        "b": _arm(spread),
        "c": _arm([-30 + x for x in spread]),
    }
    alive, settled = settle(near, ["a", "b", "c"], 1.5, 0.0, 500.0)
    assert not settled and "c" not in alive and set(alive) == {"a", "b"}
    # No budget left: the current leader is the decision.
    alive, settled = settle(near, ["a", "b", "c"], 1.5, 0.0, 0.0)
    assert settled and alive[0] == max(near, key=lambda t: near[t].worth())
    # Within ``tie`` VP of each other: as good as equal, decided.
    assert settle(near, ["a", "b"], 1.5, 100.0, 500.0)[1]


def _play_positions(count: int) -> list[tuple[Any, int]]:
    """Play-phase positions of a seeded heuristic self-play game (at least 3 candidates)."""
    agent = make_agent("duel", "heuristic")
    state, rng, out = duel.new_game(duel.Config(), 21), random.Random(21), []
    while duel.to_act(state) and len(out) < count:
        (seat,) = duel.to_act(state)
        view, legal = duel.view(state, seat), duel.legal_moves(state, seat)
        if view.phase == "play" and len(legal) >= 6:
            out.append((state, seat))
        state, _ = duel.apply(state, seat, agent.choose(view, legal, rng))
    return out


@pytest.fixture
def rollouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the search's rollouts (the real rollout still runs)."""
    calls = [0]
    real = duel_search._rollout

    def counted(*args: Any) -> float:
        calls[0] += 1
        return real(*args)

    monkeypatch.setattr(duel_search, "_rollout", counted)
    return calls


def test_early_stop_uses_fewer_rollouts_than_the_budget(rollouts: list[int]) -> None:
    budget = 80
    early = make_agent("duel", "search", playouts=budget)
    used, stopped = [], 0
    for i, (state, seat) in enumerate(_play_positions(5)):
        legal = duel.legal_moves(state, seat)
        rollouts[0] = 0
        assert early.choose(duel.view(state, seat), legal, random.Random(i)) in legal
        used.append(rollouts[0])
        stopped += 0 < rollouts[0] < budget
    assert all(n <= budget for n in used)
    assert stopped >= 2 and sum(used) < 0.6 * budget * len(used), used
    # Same seed, same stop, same move.
    state, seat = _play_positions(1)[0]
    legal = duel.legal_moves(state, seat)
    moves = {str(early.choose(duel.view(state, seat), legal, random.Random(5))) for _ in range(2)}
    assert len(moves) == 1


def test_clear_heuristic_decision_skips_the_search(rollouts: list[int]) -> None:
    agent = make_agent("duel", "search", playouts=40, clear=0.5)
    full = make_agent("duel", "search", playouts=8, early=0)
    skipped = 0
    for i, (state, seat) in enumerate(_play_positions(4)):
        view, legal = duel.view(state, seat), duel.legal_moves(state, seat)
        ranked = sorted((v for v, _ in heuristic_rank(view)), reverse=True)
        rollouts[0] = 0
        move = agent.choose(view, legal, random.Random(i))
        if ranked[0] - ranked[1] >= 0.5:
            skipped += 1
            assert rollouts[0] == 0
            assert str(move) == max(heuristic_rank(view))[1]
        rollouts[0] = 0
        full.choose(view, legal, random.Random(i))
        assert rollouts[0] == 8  # early=0 spends the whole playout budget
    assert skipped >= 1


def test_time_budget_stops_early_and_stays_within_budget() -> None:
    agent = make_agent("duel", "search", ms=400)
    times = []
    for i, (state, seat) in enumerate(_play_positions(6)):
        legal = duel.legal_moves(state, seat)
        t0 = time.perf_counter()
        assert agent.choose(duel.view(state, seat), legal, random.Random(i)) in legal
        times.append(time.perf_counter() - t0)
    assert max(times) <= 0.4 * 1.2, times
    assert min(times) < 0.3, times  # at least one clear decision ends well before the deadline
