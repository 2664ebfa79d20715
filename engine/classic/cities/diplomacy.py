"""Conflicts with Diplomacy tokens (rules 4): a seat holding one sits the age's conflicts out
and spends one token; every other seat fights the nearest present seat on each side; two
present seats fight once; one or none: no conflict."""

from __future__ import annotations

from collections.abc import Mapping

from engine.classic.state import State
from engine.classic.stats import city_stats
from engine.common import Event

__all__ = ["military"]


def _opponents(present: list[int]) -> dict[int, tuple[int, ...]]:
    m = len(present)
    if m < 2:
        return {}
    if m == 2:  # they fight once, not twice (rules 4.4)
        a, b = present
        return {a: (b,), b: (a,)}
    return {p: (present[k - 1], present[(k + 1) % m]) for k, p in enumerate(present)}


def military(s: State, vp_tokens: Mapping[int, int]) -> tuple[State, list[Event]]:
    assert s.cx is not None
    dip = s.cx.diplomacy
    present = [i for i in range(s.players) if not dip[i]]
    shields = [city_stats(c).shields for c in s.cities]
    cities = list(s.cities)
    for i, foes in _opponents(present).items():
        toks = list(cities[i].tokens)
        for j in foes:
            if shields[i] > shields[j]:
                toks.append(vp_tokens[s.age])
            elif shields[i] < shields[j]:
                toks.append(-1)
        cities[i] = cities[i]._replace(tokens=tuple(toks))
    events = [
        Event(
            kind="diplomacy",
            text=f"Seat {i} uses a Diplomacy token and stays out of the conflicts.",
            data={"seat": i},
        )
        for i in range(s.players)
        if dip[i]
    ]
    cx = s.cx._replace(diplomacy=tuple(max(0, d - 1) for d in dip))  # one spent per age
    return s._replace(cities=tuple(cities), cx=cx), events
