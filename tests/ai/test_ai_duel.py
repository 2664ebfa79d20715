"""Duel AI: legal moves in every kind of decision, reproducibility, view-only sampling, safety
against immediate supremacy losses, and strength in a small seat-swapped arena."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine import duel
from engine.ai import LEVELS, make_agent
from engine.ai.arena import run_arena
from engine.ai.duel_sample import sample_state


def _walk(seed: int, level: str, other: str = "random", **options: Any) -> Counter[str]:
    """One game: ``level`` at seat seed % 2, ``other`` at the other seat; every choice legal.

    Returns how many decisions of each phase the tested agent made."""
    state = duel.new_game(duel.Config(first_player=None), seed)
    me = seed % 2
    agents = {me: make_agent("duel", level, **options), 1 - me: make_agent("duel", other)}
    rng = random.Random(seed)
    phases: Counter[str] = Counter()
    while duel.to_act(state):
        (seat,) = duel.to_act(state)
        legal = duel.legal_moves(state, seat)
        view = duel.view(state, seat)
        move = agents[seat].choose(view, legal, rng)
        assert move in legal
        if seat == me:
            phases[view.phase] += 1
        state, _ = duel.apply(state, seat, move)
    assert duel.outcome(state) is not None
    return phases


@pytest.mark.parametrize("level", ["random", "greedy", "heuristic"])
def test_every_level_plays_whole_games_legally(level: str) -> None:
    phases: Counter[str] = Counter()
    for seed in range(8):
        phases += _walk(seed, level, other="random" if seed % 3 else "heuristic")
    assert sum(phases.values()) > 250
    assert {"draft", "play"} <= set(phases)


def _positions(per_phase: int) -> list[Any]:
    """Positions of random games, up to ``per_phase`` of each decision kind (all kinds)."""
    found: dict[str, list[Any]] = {}
    for seed in range(400):
        state = duel.new_game(duel.Config(first_player=None), seed)
        rng = random.Random(seed)
        while duel.to_act(state):
            (seat,) = duel.to_act(state)
            legal = duel.legal_moves(state, seat)
            phase = _KIND.get(legal[0].action) or duel.view(state, seat).phase
            bucket = found.setdefault(phase, [])
            if len(bucket) < per_phase and (phase != "play" or rng.random() < 0.1):
                bucket.append((state, seat))
            state, _ = duel.apply(state, seat, rng.choice(legal))
        if all(len(found.get(p, ())) >= per_phase for p in _PHASES):
            break
    assert set(_PHASES) <= set(found), f"phases never reached: {set(_PHASES) - set(found)}"
    return [x for p in _PHASES for x in found[p]]


_KIND = {
    "pick": "draft",
    "build": "play",
    "discard": "play",
    "wonder": "play",
    "destroy": "destroy",
    "revive": "mausoleum",
    "start": "start",
}
_PHASES = ("draft", "play", "token", "library", "destroy", "mausoleum", "start")


def test_every_level_is_legal_in_every_kind_of_decision() -> None:
    positions = _positions(25)
    assert len(positions) > 170
    for level in ("random", "greedy", "heuristic"):
        agent = make_agent("duel", level)
        for i, (state, seat) in enumerate(positions):
            legal = duel.legal_moves(state, seat)
            assert agent.choose(duel.view(state, seat), legal, random.Random(i)) in legal
    search = make_agent("duel", "search", playouts=2, depth=1)
    for i, (state, seat) in enumerate(positions[::10]):
        legal = duel.legal_moves(state, seat)
        assert search.choose(duel.view(state, seat), legal, random.Random(i)) in legal


def test_search_plays_legal_moves() -> None:
    phases = _walk(5, "search", other="heuristic", playouts=2, depth=2)
    assert phases["play"] > 10


def test_same_seed_same_move() -> None:
    state = duel.new_game(duel.Config(), 4)
    rng = random.Random(0)
    while (
        duel.view(state, state.player).phase != "play"
        or len(duel.legal_moves(state, state.player)) < 8
    ):
        (seat,) = duel.to_act(state)
        state, _ = duel.apply(state, seat, rng.choice(duel.legal_moves(state, seat)))
    (seat,) = duel.to_act(state)
    v, legal = duel.view(state, seat), duel.legal_moves(state, seat)
    for level in LEVELS:
        opts: dict[str, Any] = {"playouts": 6, "depth": 3} if level == "search" else {}
        a = make_agent("duel", level, **opts).choose(v, legal, random.Random(9))
        b = make_agent("duel", level, **opts).choose(v, legal, random.Random(9))
        assert a == b


def test_samples_agree_with_the_view_and_hide_nothing_real() -> None:
    """A determinized position looks exactly like the view (bar taken slots' card backs) and
    its face-down cards vary with the sampling seed (they are drawn, not read)."""
    state = duel.new_game(duel.Config(), 11)
    rng = random.Random(3)
    checked = 0
    while duel.to_act(state):
        (seat,) = duel.to_act(state)
        view = duel.view(state, seat)
        if view.phase == "play":
            sampled = [sample_state(view, random.Random(k)) for k in range(4)]
            for s in sampled:
                v2 = duel.view(s, seat)
                assert v2.cities == view.cities and v2.pawn == view.pawn
                assert v2.progress_board == view.progress_board and v2.discard == view.discard
                assert [(a.card, a.accessible, a.price) for a in v2.pyramid] == [
                    (a.card, a.accessible, a.price) for a in view.pyramid
                ]
            hidden = [s.pyramid for s in sampled]
            if any(not sl.face_up and not sl.taken for sl in view.pyramid):
                assert len(set(hidden)) > 1
            checked += 1
        state, _ = duel.apply(state, seat, rng.choice(duel.legal_moves(state, seat)))
    assert checked > 30


def test_agent_receives_a_view_not_the_state() -> None:
    state = duel.new_game(duel.Config(), 2)
    seen: list[object] = []

    class Spy:
        def choose(self, view: object, legal: list[Any], rng: random.Random) -> Any:
            seen.append(view)
            return make_agent("duel", "heuristic").choose(view, legal, rng)

    Spy().choose(duel.view(state, 0), duel.legal_moves(state, 0), random.Random(0))
    assert all(isinstance(x, duel.DuelView) for x in seen)
    dumped = seen[0].model_dump_json()  # type: ignore[attr-defined]
    assert "decks" not in dumped and '"rng"' not in dumped


def _opponent_can_win_with_known_cards(state: Any, me: int, known: set[int]) -> bool:
    """Whether the opponent, to act, has a move that wins at once by supremacy using a card
    that was face up before our move (or a wonder), a progress token pick included."""
    opp = 1 - me
    if duel.to_act(state) != frozenset((opp,)):
        return False
    for mv in duel.legal_moves(state, opp):
        if mv.action == "discard" or (mv.action == "build" and mv.slot not in known):
            continue
        after, _ = duel.apply(state, opp, mv)
        if duel.to_act(after) == frozenset((opp,)) and duel.view(after, opp).phase == "token":
            for tk in duel.legal_moves(after, opp):
                out = duel.outcome(duel.apply(after, opp, tk)[0])
                if out is not None and out.victory != "civilian" and out.winners == [opp]:
                    return True
        out = duel.outcome(after)
        if out is not None and out.victory != "civilian" and out.winners == [opp]:
            return True
    return False


def test_heuristic_takes_wins_and_never_exposes_a_known_supremacy_win() -> None:
    exposures = safe_existed = danger = 0
    for seed in range(40):
        state = duel.new_game(duel.Config(), seed)
        me = seed % 2
        rng = random.Random(seed)
        heur, rand = make_agent("duel", "heuristic"), make_agent("duel", "random")
        while duel.to_act(state):
            (seat,) = duel.to_act(state)
            view, legal = duel.view(state, seat), duel.legal_moves(state, seat)
            if seat != me:
                state, _ = duel.apply(state, seat, rand.choose(view, legal, rng))
                continue
            move = heur.choose(view, legal, rng)
            opp_city = view.cities[1 - me]
            toward_me = -view.pawn if me == 0 else view.pawn
            if view.phase == "play" and (len(opp_city.science) >= 4 or toward_me >= 4):
                danger += 1
                known = {s.index for s in view.pyramid if s.face_up and not s.taken}
                bad = {
                    str(m)
                    for m in legal
                    if _opponent_can_win_with_known_cards(duel.apply(state, me, m)[0], me, known)
                }
                wins = [
                    m
                    for m in legal
                    if (o := duel.outcome(duel.apply(state, me, m)[0]))
                    and o.winners == [me]
                    and o.victory != "civilian"
                ]
                if wins:
                    assert duel.outcome(duel.apply(state, me, move)[0]) is not None
                if bad and len(bad) < len(legal):
                    safe_existed += 1
                    exposures += str(move) in bad
            state, _ = duel.apply(state, seat, move)
    assert danger > 20
    assert exposures == 0, f"exposed a known supremacy win {exposures}/{safe_existed} times"


def test_small_arena_heuristic_beats_random_and_greedy() -> None:
    res = run_arena("duel", ["heuristic", "random"], 20, 0)
    assert res["agents"][0]["win_rate"] >= 0.9
    assert "victory_split" in res["agents"][0]
    res = run_arena("duel", ["heuristic", "greedy"], 20, 0)
    assert res["agents"][0]["win_rate"] >= 0.7
