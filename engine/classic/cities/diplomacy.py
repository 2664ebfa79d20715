"""Conflicts with Diplomacy tokens (rules 4): a seat holding one sits the age's conflicts out
and spends one token; every other seat fights the nearest present seat on each side; two
present seats fight once; one or none: no conflict."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.classic.plugin import shield_bonus
from engine.classic.state import City, State
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


Fight = Callable[[State, Mapping[int, tuple[int, ...]]], State]


def military(
    s: State, vp_tokens: Mapping[int, int], fight: Fight | None = None
) -> tuple[State, list[Event]]:
    """The age's conflicts; ``fight`` resolves them for the given opponents when another
    expansion changes them (Leaders: leader shields, Tomyris, Nero)."""
    ext = s.cx
    assert ext is not None
    dip = ext.diplomacy
    present = [i for i in range(s.players) if not dip[i]]
    if fight is not None:
        s = fight(s, _opponents(present))
        cities = list(s.cities)
    else:
        cities = _fight(s, _opponents(present), vp_tokens)
    events = [
        Event(
            kind="diplomacy",
            text=f"Seat {i} uses a Diplomacy token and stays out of the conflicts.",
            data={"seat": i},
        )
        for i in range(s.players)
        if dip[i]
    ]
    cx = ext._replace(diplomacy=tuple(max(0, d - 1) for d in dip))  # one spent per age
    return s._replace(cities=tuple(cities), cx=cx), events


def _fight(
    s: State, opponents: Mapping[int, tuple[int, ...]], vp_tokens: Mapping[int, int]
) -> list[City]:
    shields = [city_stats(c).shields for c in s.cities]
    extra = shield_bonus(s)  # other plug-ins' shield tokens
    if extra is not None:
        shields = [a + b for a, b in zip(shields, extra, strict=True)]
    cities = list(s.cities)
    for i, foes in opponents.items():
        toks = list(cities[i].tokens)
        for j in foes:
            if shields[i] > shields[j]:
                toks.append(vp_tokens[s.age])
            elif shields[i] < shields[j]:
                toks.append(-1)
        cities[i] = cities[i]._replace(tokens=tuple(toks))
    return cities
