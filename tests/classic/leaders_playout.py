"""Random Leaders playouts with the invariants of issue 23, shared by the test suite (a
sample) and ``tests/bench/leaders_playouts.py`` (the full 3,000+ games).

Per game: it terminates (a draft, 3 recruitment turns, 3 x 6 Age turns); Age cards and
leaders are conserved; coins never go negative; views never show another seat's unrecruited
leader it has not seen in the draft; replaying config + seed + moves gives the same dump.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from engine import classic as C
from engine.classic.leaders.data import LEADERS
from engine.classic.leaders.roma import ROMA
from engine.classic.state import CHOOSE, State
from tests.classic.cards import all_cards

__all__ = ["play_checked"]


def _leaders(s: State) -> list[int]:
    lead = s.leaders
    out = list(lead.deck)
    for part in (lead.held, lead.draft, lead.recruited, lead.spent):
        for row in part:
            out.extend(row)
    return out


def _check_privacy(s: State, seat: int) -> None:
    """The seat's view names no leader another seat holds unrecruited, unless the seat saw it
    in the draft (it passed that hand on), and no leader spent face down by another seat."""
    lead = s.leaders
    seen = {x for hand in lead.seen[seat] for x in hand}
    hidden = set()
    for j in range(s.players):
        if j != seat:
            hidden.update(x for x in lead.held[j] + lead.draft[j] if x not in seen)
            hidden.update(x for x in lead.spent[j] if x not in seen)
    text = json.dumps(C.view(s, seat).model_dump(mode="json"))
    leaks = [LEADERS[x].name for x in hidden if f'"{LEADERS[x].name}' in text]
    assert not leaks, f"seat {seat} sees {leaks}"


def play_checked(
    players: int,
    seed: int,
    deep: bool,
    expansions: tuple[str, ...] = ("leaders",),
    wonders: str | None = None,
) -> tuple[int, dict[str, object]]:
    """One random game with every invariant; ``deep`` adds views and a replay (costlier).
    ``expansions=("leaders", "cities")`` also checks Cities' tokens (Debt never decreases,
    no token negative). ``wonders="choose"``: the wonder pick first (sides chosen on odd
    seeds). Returns the number of moves and the final dump."""
    rng = random.Random(seed * 7919 + players)
    sides = "AB"[seed % 2] if wonders is None else ("A", "choose")[seed % 2]
    config = C.Config(players=players, sides=sides, wonders=wonders, expansions=expansions)
    s = C.new_game(config, seed)
    cards = _cards(s)
    assert sorted(_leaders(s)) == list(range(len(LEADERS)))
    log: list[tuple[int, str]] = []
    steps = 0
    debt = (0,) * players
    while acting := sorted(C.to_act(s)):
        seat = rng.choice(acting)
        moves = C.legal_moves(s, seat)
        assert moves, "a seat in to_act always has a move"
        move = rng.choice(moves)
        if deep and steps % 7 == 0:
            for v in range(players):
                _check_privacy(s, v)
        s, _ = C.apply(s, seat, move)
        log.append((seat, str(move)))
        steps += 1
        assert steps < 500, "the game does not end"
        assert all(c.coins >= 0 for c in s.cities)
        if s.cx is not None:
            assert min(s.cx.diplomacy) >= 0 and all(
                d >= p for d, p in zip(s.cx.debt, debt, strict=True)
            )
            debt = s.cx.debt
        assert _cards(s) == cards
        assert sorted(_leaders(s)) == list(range(len(LEADERS)))
    assert C.outcome(s) is not None
    for seat, (r, h, sp) in enumerate(_rows(s)):  # Roma B stage 1 draws 4 more leaders
        assert len(r) + len(h) + len(sp) == 4 or s.cities[seat].board == ROMA
    dump = C.dump(s)
    if deep:
        r = C.new_game(config, seed)
        for seat, text in log:
            r, _ = C.apply(r, seat, C.parse_move(text))
        assert C.dump(r) == dump
        assert C.load(dump) == s
    return steps, dump


def _cards(s: State) -> Counter[int]:
    """Every Age card; in the wonder pick the hands hold board options, the decks all cards."""
    if s.phase == CHOOSE:
        return Counter(c for d in s.decks for c in d)
    return all_cards(s)


def _rows(s: State) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    lead = s.leaders
    return list(zip(lead.recruited, lead.held, lead.spent, strict=True))
