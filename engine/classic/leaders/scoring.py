"""The Leaders score row and the leaders' science (rules 5.7, 5.17-5.20, 6.1)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from engine.classic.leaders.data import LEADERS
from engine.classic.leaders.state import Leaders, active
from engine.classic.state import City
from engine.classic.stats import Stats

__all__ = ["leader_rows", "science_split"]

# (c, g, t, wild, Aristotle bonus per set) -> (science row, Aristotle's part of the leaders row)
SciencePick = Callable[[int, int, int, int, int], tuple[int, int]]


def _science(c: int, g: int, t: int, wild: int, bonus: int) -> tuple[int, int]:
    """(science row, Aristotle's part) for the wildcard choice maximising their sum."""
    best = (0, 0)
    for extra in product(range(3), repeat=wild):
        cc, gg, tt = c + extra.count(0), g + extra.count(1), t + extra.count(2)
        sets = min(cc, gg, tt)
        got = (cc * cc + gg * gg + tt * tt + 7 * sets, bonus * sets)
        if got[0] + got[1] > best[0] + best[1]:
            best = got
    return best


def _count(kind: str | int, city: City, st: Stats) -> int:
    if kind == "victory_tokens":
        return sum(1 for t in city.tokens if t > 0)
    if kind == "stages":
        return city.stages
    assert isinstance(kind, int)
    return st.colors[kind]


def science_split(c: int, g: int, t: int, wild: int, bonus: int) -> tuple[int, int]:
    """(science row, Aristotle's part) for the wildcard choice maximising their sum."""
    return _science(c, g, t, wild, bonus)


def leader_rows(
    lead: Leaders,
    seat: int,
    city: City,
    st: Stats,
    sci: tuple[int, int, int, int],
    pick: SciencePick = _science,
) -> tuple[int, int]:
    """(science row, leaders row) of a seat. Leaders are not structures: only their own
    effects count them (rules 5.1); their science symbols join the green cards' (5.7).
    ``pick`` chooses the science (with Cities, the copies of neighbours' symbols too)."""
    c, g, t, wild = sci
    vp = bonus = 0
    for lid in active(lead, seat):
        d = LEADERS[lid]
        vp += d.vp
        if d.science == 0:
            c += 1
        elif d.science == 1:
            g += 1
        elif d.science == 2:
            t += 1
        bonus += d.science_bonus
        if d.vp_per is not None:
            kind, each = d.vp_per
            vp += each * _count(_COLOR.get(kind, kind), city, st)
        if d.vp_per_set is not None:
            colors, each = d.vp_per_set
            vp += each * min(st.colors[k] for k in colors)
        if d.vp_per_coins:
            vp += city.coins // d.vp_per_coins
    science, extra = pick(c, g, t, wild, bonus)
    return science, vp + extra


def _colors() -> dict[str, int]:
    from engine.classic.data import COLORS

    return {name: i for i, name in enumerate(COLORS)}


_COLOR: dict[str, int] = _colors()
