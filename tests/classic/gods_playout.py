"""Seeded random playouts of Gods & Heroes games with the invariants of the variant's issue
(terminates, card conservation, coins never negative, replay and dump/load reproduce the state,
views never leak a hand or a secret power). Used by tests/classic/test_gods_playouts.py (a few
hundred games) and tests/bench/gods_playouts.py (2,000 and more, printing figures)."""

from __future__ import annotations

import random
from collections import Counter

from engine import classic as C
from engine.classic.data import CARDS
from engine.classic.state import State
from engine.classic.variants import gods as G
from tests.classic.cards import all_cards

__all__ = ["config_for", "play"]


def config_for(players: int, seed: int) -> C.Config:
    return C.Config(
        players=players, variant="gods-heroes", sides="AB"[seed % 2] if seed % 3 else "random"
    )


def check_views(s: State) -> None:
    """A seat sees its own hand and power only; a spectator sees no hand, no power."""
    gods = s.gods
    assert gods is not None
    spectator = C.view(s, None)
    assert spectator.hand == [] and spectator.gods is not None
    assert spectator.gods.my_power is None and spectator.gods.foresight is None
    for seat in range(s.players):
        v = C.view(s, seat)
        assert v.hand == [CARDS[c].name for c in s.hands[seat]]
        assert v.gods is not None
        mine = gods.declared[seat]
        assert v.gods.my_power == (str(mine) if mine else None)
        if v.gods.foresight is not None:
            assert gods.athena == seat and s.picks[seat] is not None
        assert all(e.visible_to is None or e.visible_to == {seat} for e in v.last_events)


def play(players: int, seed: int, deep: bool, counts: Counter[str]) -> State:
    """One random game; ``deep`` adds views every few steps and a replay from the move texts."""
    rng = random.Random(seed * 7_919 + players)
    config = config_for(players, seed)
    s = C.new_game(config, seed)
    dealt = all_cards(s)
    log: list[tuple[int, str]] = []
    turns = set()
    step = 0
    while acting := C.to_act(s):
        turns.add((s.age, s.turn))
        seat = rng.choice(sorted(acting))
        moves = C.legal_moves(s, seat)
        assert moves, "a seat in to_act always has a move"
        move = rng.choice(moves)
        if move.action == "power":
            counts[G.GODS[move.card]] += 1
        s, events = C.apply(s, seat, move)
        assert all(c.coins >= 0 for c in s.cities)
        for e in events:
            if e.kind in ("pick", "power_declared"):
                assert e.visible_to == frozenset({seat})
            if e.kind == "hero":
                counts[f"hero:{e.data['color']}"] += 1
        if deep and step % 7 == 0:
            check_views(s)
        log.append((seat, str(move)))
        step += 1
    assert turns == {(a, t) for a in (1, 2, 3) for t in range(1, 7)}
    assert all_cards(s) == dealt and sum(dealt.values()) == 21 * players
    assert all(not h for h in s.hands) and not s.decks
    out = C.outcome(s)
    assert out is not None and out.winners
    assert C.load(C.dump(s)) == s
    if deep:
        r = C.new_game(config, seed)
        for seat, text in log:
            r, _ = C.apply(r, seat, C.parse_move(text))
        assert C.dump(r) == C.dump(s)
    return s
