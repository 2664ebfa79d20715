"""Cities scoring (rules 5, 11): the Cities row (black cards' VP), the Debt row, and masks
copying a neighbour's green card symbol at the end of the game."""

from __future__ import annotations

from collections.abc import Callable

from engine.classic.data import CARDS, COLORS
from engine.classic.state import State
from engine.classic.stats import Stats

__all__ = ["cities_row", "debt_row", "masked_science"]

_BLACK, _GREEN = COLORS.index("black"), COLORS.index("green")
PerValue = Callable[[tuple[tuple[int, ...], tuple[int, ...], int], State, int, list[Stats]], int]


def cities_row(state: State, seat: int, stats: list[Stats], per_value: PerValue) -> int:
    """Printed and counted VP of the seat's black cards."""
    total = 0
    for cid in state.cities[seat].built:
        card = CARDS[cid]
        if card.color == _BLACK:
            total += card.effect.vp
            if card.effect.vp_per is not None:
                total += per_value(card.effect.vp_per, state, seat, stats)
    return total


def debt_row(state: State, seat: int) -> int:
    return -state.cx.debt[seat] if state.cx is not None else 0


def _masks(state: State, seat: int) -> int:
    return sum(CARDS[cid].effect.mask for cid in state.cities[seat].built)


def masked_science(
    state: State,
    seat: int,
    science: tuple[int, int, int, int],
    points: Callable[[int, int, int, int], int],
) -> int:
    """Best science score when each mask copies the symbol of a different green card of the
    left or right neighbour (rules 5.1-5.5; the engine picks the copies)."""
    c, g, t, wild = science
    masks = _masks(state, seat)
    if not masks:
        return points(c, g, t, wild)
    n = state.players
    avail = [0, 0, 0]
    for nb in ((seat - 1) % n, (seat + 1) % n):
        for cid in state.cities[nb].built:
            card = CARDS[cid]
            if card.color == _GREEN and 0 <= card.effect.science < 3:
                avail[card.effect.science] += 1
    best = points(c, g, t, wild)
    for x in range(min(masks, avail[0]) + 1):
        for y in range(min(masks - x, avail[1]) + 1):
            z = min(masks - x - y, avail[2])
            best = max(best, points(c + x, g + y, t + z, wild))
    return best
