"""Card conservation in playout tests: every card id of a 7 Wonders state, wherever it is."""

from __future__ import annotations

from collections import Counter

from engine.classic.state import State

__all__ = ["all_cards"]


def all_cards(s: State) -> Counter[int]:
    """Card ids in hands, decks, cities (built and tucked) and the discard pile."""
    out: Counter[int] = Counter()
    for h in s.hands:
        out.update(h)
    for d in s.decks:
        out.update(d)
    for c in s.cities:
        out.update(c.built)
        out.update(c.tucked)
    out.update(s.discard)
    return out
