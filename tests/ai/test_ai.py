"""AI contract: legal moves everywhere, reproducibility, view-only access, arena strength."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine import classic
from engine.ai import LEVELS, make_agent
from engine.ai.arena import run_arena


def _walk(
    players: int, seed: int, level: str, phases: Counter[str] | None = None, **options: Any
) -> int:
    """Plays a whole game with ``level`` at every seat; asserts every choice is legal.

    ``phases`` counts the decisions by kind (pick, Babylon's seventh card, Halikarnassos'
    discard build, Olympia's free build)."""
    state = classic.new_game(classic.Config(players=players, sides="random"), seed)
    agent = make_agent("classic", level, **options)
    rng = random.Random(seed)
    checked = 0
    while classic.to_act(state):
        for seat in sorted(classic.to_act(state)):
            legal = classic.legal_moves(state, seat)
            view = classic.view(state, seat)
            move = agent.choose(view, legal, rng)
            assert move in legal
            if phases is not None:
                phases[view.phase] += 1
                phases["free_build"] += any(c.free_build for c in view.hand_cards)
            state, _ = classic.apply(state, seat, move)
            checked += 1
    return checked


@pytest.mark.parametrize("gain", [0, 1])
def test_search_plays_legal_moves_within_playout_budget(gain: int) -> None:
    assert _walk(3, 4, "search", playouts=1, gain=gain) > 50


@pytest.mark.parametrize("level", ["random", "greedy", "heuristic"])
def test_every_level_plays_legal_moves_in_many_positions(level: str) -> None:
    phases: Counter[str] = Counter()
    total = sum(_walk(3 + s % 5, s, level, phases) for s in range(12))
    assert total > 1000
    if level == "heuristic":  # it builds stages: special decisions were met too
        assert phases["seventh"] and phases["discard_build"] and phases["free_build"]


def test_every_level_is_legal_in_special_decisions() -> None:
    """Babylon B's 7th card, Halikarnassos' discard build and Olympia A's free build, met in
    heuristic games, answered by every level."""
    special: list[tuple[Any, int]] = []
    for seed in range(12):
        state = classic.new_game(classic.Config(players=3 + seed % 5, sides="random"), seed)
        agent, rng = make_agent("classic", "heuristic"), random.Random(seed)
        while classic.to_act(state):
            for seat in sorted(classic.to_act(state)):
                view = classic.view(state, seat)
                if view.phase != "pick" or any(c.free_build for c in view.hand_cards):
                    special.append((state, seat))
                state, _ = classic.apply(
                    state, seat, agent.choose(view, classic.legal_moves(state, seat), rng)
                )
    kinds = {classic.view(st, seat).phase for st, seat in special}
    assert {"seventh", "discard_build", "pick"} <= kinds
    for level in LEVELS:
        agent = make_agent("classic", level, **({"playouts": 1} if level == "search" else {}))
        for i, (st, seat) in enumerate(special):
            legal = classic.legal_moves(st, seat)
            assert agent.choose(classic.view(st, seat), legal, random.Random(i)) in legal


def test_same_seed_same_move() -> None:
    state = classic.new_game(classic.Config(players=5), 3)
    legal = classic.legal_moves(state, 2)
    v = classic.view(state, 2)
    for level in LEVELS:
        opts: dict[str, Any] = {"playouts": 4} if level == "search" else {}
        a = make_agent("classic", level, **opts).choose(v, legal, random.Random(9))
        b = make_agent("classic", level, **opts).choose(v, legal, random.Random(9))
        assert a == b


def test_agent_receives_a_view_without_hidden_state() -> None:
    state = classic.new_game(classic.Config(players=4), 1)
    v = classic.view(state, 0)
    dumped = v.model_dump_json()
    other_hand = classic.view(state, 1).hand
    # The seat's view names its own hand only: not the neighbour's cards, not the deck or RNG.
    assert not isinstance(v, type(state))
    assert "rng" not in dumped.lower()
    assert v.hand != other_hand
    seen: list[object] = []

    class Spy:
        def choose(self, view: object, legal: list[object], rng: random.Random) -> object:
            seen.append(view)
            return make_agent("classic", "heuristic").choose(view, legal, rng)

    Spy().choose(v, classic.legal_moves(state, 0), random.Random(0))
    assert all(isinstance(x, classic.ClassicView) for x in seen)


def test_small_arena_heuristic_beats_random() -> None:
    res = run_arena("classic", ["heuristic", "random", "random", "random"], 60, 0)
    heur = res["agents"][0]
    assert heur["win_rate"] >= 0.8
    assert heur["mean_score"] > max(a["mean_score"] for a in res["agents"][1:]) + 12
