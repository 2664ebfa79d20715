"""Random playouts over 500 seeds for each player count, checking the issue-3 invariants.

Every game checks termination (3 Ages x 6 turns), card conservation, coins never negative,
no duplicate names in a city, the privacy of pick events and a final outcome. The costlier
checks run on a regular sample of the same games so the suite stays fast: views of every seat
and of a spectator plus "apply never mutates its input" on every 100th seed (every 9th
step), and replay of config + seed + moves to an identical dump on every 25th seed.
"""

from __future__ import annotations

import random

import pytest

from engine import classic as C
from engine.classic.data import CARDS, NAME_ID
from engine.classic.state import PICK, State
from tests.classic.cards import all_cards

SEEDS = 500
PRIVATE_KINDS = {"pick", "discarded", "tucked"}
ACTION_KINDS = {"build", "wonder", "discard"}  # public, one per resolved action


def _check_views(s: State, n: int) -> None:
    spectator = C.view(s, None)
    assert spectator.hand == [] and spectator.my_pick is None and spectator.legal_moves == []
    assert all(e.visible_to is None for e in spectator.last_events)
    for seat in range(n):
        v = C.view(s, seat)
        assert v.hand == [CARDS[c].name for c in s.hands[seat]]
        pick = s.picks[seat]
        assert v.my_pick == (str(pick) if pick else None)
        assert all(e.visible_to is None or e.visible_to == {seat} for e in v.last_events)


def _play(players: int, seed: int, deep: bool) -> tuple[list[tuple[int, str]], State]:
    rng = random.Random(seed * 7919 + players)
    config = C.Config(players=players, sides="AB"[seed % 2] if seed % 3 else "random")
    s = C.new_game(config, seed)
    dealt = all_cards(s)
    assert sum(dealt.values()) == 21 * players
    log: list[tuple[int, str]] = []
    turns = set()
    step = 0
    while True:
        acting = C.to_act(s)
        if not acting:
            break
        turns.add((s.age, s.turn))
        seat = rng.choice(sorted(acting))
        moves = C.legal_moves(s, seat)
        assert moves, "a seat in to_act always has a move"
        move = rng.choice(moves)
        check = deep and step % 9 == 0
        before = C.dump(s) if check else None
        s2, events = C.apply(s, seat, move)
        if check:
            assert C.dump(s) == before, "apply mutated its input"
            _check_views(s2, players)
        for e in events:
            if e.kind in PRIVATE_KINDS:
                assert e.visible_to == frozenset({seat}) or e.kind != "pick"
                assert e.visible_to is not None
        if len(acting) == 1 or s.phase != PICK:  # the move completed a reveal: all reported
            reported = [e.data["seat"] for e in events if e.kind in ACTION_KINDS]
            assert reported == (list(range(players)) if s.phase == PICK else [seat])
        s = s2
        log.append((seat, str(move)))
        step += 1
        if events[-1].kind != "picked":  # something resolved (coins only move then)
            assert all(c.coins >= 0 for c in s.cities)
    assert turns == {(a, t) for a in (1, 2, 3) for t in range(1, 7)}
    assert all_cards(s) == dealt
    assert all(not h for h in s.hands) and not s.decks
    for c in s.cities:
        names = [NAME_ID[i] for i in c.built]
        assert len(names) == len(set(names))
    out = C.outcome(s)
    assert out is not None and out.winners
    return log, s


@pytest.mark.parametrize("players", range(3, 8))
def test_random_playouts(players: int) -> None:
    for seed in range(SEEDS):
        deep = seed % 100 == 0
        log, final = _play(players, seed, deep)
        if seed % 25 == 0:
            config = C.Config(players=players, sides="AB"[seed % 2] if seed % 3 else "random")
            s = C.new_game(config, seed)
            for seat, text in log:
                s, _ = C.apply(s, seat, C.parse_move(text))
            assert C.dump(s) == C.dump(final)
            assert C.load(C.dump(final)) == final
