"""Seeded random Babel playouts checking invariants (shared by the tests and the bench script).

Per game: it terminates (the over phase, every Age's turns played); cards are conserved (hands,
decks, cities, tucked cards, discard pile); the 24 tiles are conserved (hands, draft, built,
box) and the tower holds exactly the tiles built; coins never go negative; replaying the move
log from the seed gives the same state and the dump loads back identical; each view shows only
its seat's own tiles (no other seat's tiles or the box, and no later Age's project); the score
rows add up to the total.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import classic as C
from engine.classic.babel.data import PROJECTS
from engine.classic.babel.projects_plugin import projects_of
from engine.classic.babel.tower_plugin import tower_of
from engine.classic.state import OVER, Move, State
from tests.classic.cards import all_cards

__all__ = ["Stats", "play"]

Chooser = Callable[[State, int, list[Move], random.Random], Move]


class Stats:
    """What a batch of playouts saw (printed by tests/bench/babel_playouts.py)."""

    def __init__(self) -> None:
        self.games = self.tiles = self.joins = self.successes = 0
        self.penalty_tokens = 0


def _random(s: State, seat: int, moves: list[Move], rng: random.Random) -> Move:
    """Uniform, but a tile build or a join a third of the time (so they happen often)."""
    babel = [m for m in moves if m.action in ("tile", "join")]
    if babel and rng.random() < 0.33:
        return babel[rng.randrange(len(babel))]
    return moves[rng.randrange(len(moves))]


def _check_tiles(s: State) -> None:
    t = tower_of(s)
    if t is None:
        return
    every = [x for h in t.hands for x in h] + [x for h in t.draft for x in h]
    every += [x for b in t.built for x in b] + list(t.box)
    assert sorted(every) == list(range(1, 25)), "tiles not conserved"
    assert sorted(n for n, _, _ in t.placed) == sorted(x for b in t.built for x in b)


def _check_views(s: State) -> None:
    t, p = tower_of(s), projects_of(s)
    later = {PROJECTS[pid].name for pid in p.order[s.age :]} if p is not None else set()
    later -= {PROJECTS[p.order[s.age - 1]].name} if p is not None else set()
    for seat in (None, *range(s.players)):
        v = C.view(s, seat)
        if t is not None:
            assert v.tower is not None
            own = () if seat is None else t.hands[seat]
            draft = () if seat is None else t.draft[seat]
            assert v.tower.mine == list(own) and v.tower.draft_hand == list(draft)
            hidden = {x for i, h in enumerate(t.hands) if i != seat for x in h} | set(t.box)
            hidden |= {x for i, h in enumerate(t.draft) if i != seat for x in h}
            shown = set(v.tower.mine) | set(v.tower.draft_hand) | set(v.tower.visible)
            shown |= set(v.tower.covered) | {x for b in v.tower.built for x in b}
            assert not hidden & shown, f"seat {seat} sees hidden tiles {hidden & shown}"
            for e in v.last_events:  # a pick stays private until the reveal
                assert e.visible_to is None or seat in e.visible_to
        if later:
            text = v.model_dump_json()
            assert not any(name in text for name in later), "a later project leaks"


def play(
    players: int,
    seed: int,
    expansions: tuple[str, ...] = ("babel-tower", "babel-projects"),
    views: bool = False,
    stats: Stats | None = None,
    choose: Chooser = _random,
) -> State:
    """One random Babel game, every invariant checked along the way; the final state."""
    rng = random.Random(seed * 7919 + players)
    config = C.Config(players=players, sides="AB"[seed % 2], expansions=expansions)
    s = C.new_game(config, seed)
    total = sum(all_cards(s).values())
    log: list[tuple[int, Move]] = []
    steps = 0
    while acting := sorted(C.to_act(s)):
        for seat in acting:
            moves = C.legal_moves(s, seat)
            assert moves, f"seat {seat} has no move"
            move = choose(s, seat, moves, rng)
            s, events = C.apply(s, seat, move)
            log.append((seat, move))
            if stats is not None:
                stats.tiles += sum(e.kind == "tile" for e in events)
                stats.joins += sum(e.kind == "project_joined" for e in events)
                stats.successes += sum(
                    e.kind == "project_end" and e.data["success"] for e in events
                )
        steps += 1
        assert steps < 500, "the game does not end"
        assert all(c.coins >= 0 for c in s.cities), "negative coins"
        assert sum(all_cards(s).values()) == total, "cards not conserved"
        _check_tiles(s)
        if views:
            _check_views(s)
    assert s.phase == OVER and C.outcome(s) is not None
    _check_end(config, seed, s, log)
    if stats is not None:
        stats.games += 1
        p = projects_of(s)
        if p is not None:
            stats.penalty_tokens += sum(1 for v in p.penalty if v)
    return s


def _check_end(config: C.Config, seed: int, s: State, log: list[tuple[int, Move]]) -> None:
    again = C.new_game(config, seed)
    for seat, move in log:
        again, _ = C.apply(again, seat, move)
    assert again == s, "replaying the log gives another state"
    d = C.dump(s)
    assert C.dump(C.load(d)) == d and C.load(d) == s
    for sc in C.scores(s):
        parts = sc.model_dump(exclude={"total", "progress"})
        assert sum(parts.values()) == sc.total
