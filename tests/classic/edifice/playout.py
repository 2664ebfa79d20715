"""Seeded random Edifice playouts checking invariants (shared by the test and the bench script).

Per game: cards conserved (hands, decks, cities, tucked, discard: a penalty's discarded card
goes to the pile); coins never negative; a seat holds at most one pawn per Age's project (no
Ur here) and joins only in the turn it built a wonder stage; pawns left never negative and a
project is completed exactly when its pawns are gone; every Age's project is settled (completed
or failed) once the Age is over; Edifice debt tokens only ever added, each -2/-3/-5 by Age;
views show the projects, the viewer's own hand only; the final dump loads back identical; the
score rows add up and the "edifices" row includes the debt.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine import classic as C
from engine.classic.edifice.plugin import edifice_of
from engine.classic.edifice.rules import JOIN, JOIN_PHASE
from engine.classic.edifice.state import DONE, OPEN, Edifice
from engine.classic.state import State
from tests.classic.cards import all_cards


def _check(before: Edifice, e: Edifice, s: State, joined: set[int]) -> None:
    for age in range(3):
        assert all(0 <= k <= 1 for k in e.pawns[age]) or e.pawns[age] == before.pawns[age]
        assert e.left[age] >= 0
        assert (e.status[age] == DONE) == (e.left[age] == 0)
        if s.age > age + 1:
            assert e.status[age] != OPEN, "a past Age's project is still open"
    gained = [
        seat
        for seat in range(s.players)
        if sum(e.pawns[a][seat] for a in range(3)) > sum(before.pawns[a][seat] for a in range(3))
    ]
    assert set(gained) <= joined, "a pawn was taken without a join"
    for old, new in zip(before.debt, e.debt, strict=True):
        assert new[: len(old)] == old and all(d in (-2, -3, -5) for d in new)


def _check_views(s: State) -> None:
    spectator = C.view(s, None)
    assert spectator.hand == [] and spectator.edifice is not None
    assert len(spectator.edifice.projects) == 3
    for seat in range(s.players):
        v = C.view(s, seat)
        assert v.hand == [C.data.CARDS[c].name for c in s.hands[seat]]
        assert all(ev.visible_to is None or ev.visible_to == {seat} for ev in v.last_events)
        assert "edifice" in v.expansions


def play(
    players: int,
    seed: int,
    views: bool = False,
    expansions: Sequence[str] = ("edifice",),
    join_bias: float = 0.7,
    recruit_steps: list[int] | None = None,
) -> State:
    """One random Edifice game, every invariant checked along the way; the final state.
    ``join_bias``: how often a seat offered a join takes it (random play rarely completes);
    ``recruit_steps`` gets the Age of each join step a recruitment turn opened (Leaders)."""
    rng = random.Random(seed * 7919 + players)
    config = C.Config(players=players, sides="AB"[seed % 2], expansions=tuple(expansions))
    s = C.new_game(config, seed)
    total = sum(all_cards(s).values())
    while acting := sorted(C.to_act(s)):
        before = edifice_of(s)
        assert before is not None
        joined: set[int] = set()
        for seat in acting:
            moves = C.legal_moves(s, seat)
            assert moves, f"seat {seat} has no move"
            mv = moves[rng.randrange(len(moves))]
            if s.phase == JOIN_PHASE:
                if s.turn == 0 and seat == acting[0]:  # only a stage built with a leader
                    assert "leaders" in expansions and s.leaders is not None
                    assert s.hands == ((),) * players, "the Age is dealt after the answers"
                    if recruit_steps is not None:
                        recruit_steps.append(s.age)
                joins = [m for m in moves if m.action == JOIN]
                if joins and rng.random() < join_bias:
                    mv = joins[0]
                joined |= {seat} if mv.action == JOIN else set()
            s, _ = C.apply(s, seat, mv)
        e = edifice_of(s)
        assert e is not None
        assert all(c.coins >= 0 for c in s.cities)
        assert sum(all_cards(s).values()) == total
        _check(before, e, s, joined)
        if views:
            _check_views(s)
    e = edifice_of(s)
    assert e is not None and OPEN not in e.status
    d = C.dump(s)
    assert C.dump(C.load(d)) == d
    for seat, sc in enumerate(C.scores(s)):
        parts = sc.model_dump(exclude={"total", "progress"})
        assert sum(parts.values()) == sc.total
        assert sc.edifices <= 0 or any(e.status[a] == DONE and e.pawns[a][seat] for a in range(3))
    return s
