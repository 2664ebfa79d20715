"""Seeded random Cities playouts checking invariants (shared by the test and the bench script).

Per game: 3 ages x 7 turns; 24 x players cards conserved (hands, decks, cities, tucked cards,
discard pile); coins, Debt and Diplomacy tokens never negative and Debt never decreasing; no
duplicate names in a city; a coin loss is always settled before hands pass; each view shows
its seat's own hand only (no other hand leaks, spectators see none); the final dump loads back
identical; the score rows add up to the total and the Debt row is minus the tokens.
"""

from __future__ import annotations

import random

from engine import classic as C
from engine.classic.data import CARDS, NAME_ID
from engine.classic.state import DEBT, PICK, State
from tests.classic.cards import all_cards


def _check_views(s: State) -> None:
    spectator = C.view(s, None)
    assert spectator.hand == [] and spectator.legal_moves == []
    for seat in range(s.players):
        v = C.view(s, seat)
        assert v.hand == [CARDS[c].name for c in s.hands[seat]]
        assert all(e.visible_to is None or e.visible_to == {seat} for e in v.last_events)
        assert v.expansions == ["cities"]


def play(players: int, seed: int, views: bool = False) -> State:
    """One random Cities game, every invariant checked along the way; the final state."""
    rng = random.Random(seed * 7919 + players)
    config = C.Config(players=players, sides="AB"[seed % 2], expansions=("cities",))
    s = C.new_game(config, seed)
    total = sum(all_cards(s).values())
    assert total == 24 * players and all(len(h) == 8 for h in s.hands)
    debt = (0,) * players
    turns: set[tuple[int, int]] = set()
    while acting := sorted(C.to_act(s)):
        turns.add((s.age, s.turn))
        for seat in acting:
            moves = C.legal_moves(s, seat)
            assert moves, f"seat {seat} has no move"
            s, _ = C.apply(s, seat, moves[rng.randrange(len(moves))])
        assert s.cx is not None
        assert all(c.coins >= 0 for c in s.cities)
        assert (
            all(d >= p for d, p in zip(s.cx.debt, debt, strict=True)) and min(s.cx.diplomacy) >= 0
        )
        debt = s.cx.debt
        if s.phase == PICK:
            assert not s.cx.losses and not any(s.cx.owed)
        if s.phase == DEBT:
            assert any(s.cx.owed)
        assert sum(all_cards(s).values()) == total
        for c in s.cities:
            names = [NAME_ID[x] for x in c.built]
            assert len(names) == len(set(names))
        if views:
            _check_views(s)
    assert turns == {(a, t) for a in (1, 2, 3) for t in range(1, 8)}
    d = C.dump(s)
    assert C.dump(C.load(d)) == d
    assert s.cx is not None
    for seat, sc in enumerate(C.scores(s)):
        parts = sc.model_dump(exclude={"total", "progress"})
        assert sum(parts.values()) == sc.total and sc.debt == -s.cx.debt[seat]
    return s
