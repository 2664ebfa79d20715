"""The plug-in protocol's production hook: a plug-in changes what one seat's city produces.

A plug-in adds a one-of production to a city (Edifice's River Port: one of wood, stone, ore or
clay each turn) or blocks resources its board produces (Babel's Double Walls: the wonder's own
resource cannot be used) by replacing the seat's :class:`~engine.classic.values.City` with
:func:`add_production` or :func:`block_production`. The change is part of the city's value
(``City.prod``: stored in dumps and positions, compared by replays) and the city's facts derive
from it (``stats.city_stats``), so every payment, trade, affordability check, view and the AI's
view of production see it with no other hook. A city without changes (``prod == ()``, every
city of a game whose plug-ins never call these) keys and derives its facts exactly as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.classic.data import RESOURCES
from engine.classic.values import City, ProductionChange
from engine.common import EngineError

__all__ = [
    "add_production",
    "block_production",
    "blocked",
    "change_texts",
    "changes_from_position",
    "changes_to_position",
    "dump_changes",
    "load_changes",
]


def add_production(city: City, resources: Iterable[int], sold: bool = False) -> City:
    """``city`` producing one of ``resources`` more each turn (``sold``: its neighbours may
    buy it too, as from a brown card; otherwise only its owner uses it)."""
    return _with(city, ProductionChange(tuple(sorted(set(resources))), False, sold))


def block_production(city: City, resources: Iterable[int], sold: bool = False) -> City:
    """``city`` whose board no longer produces ``resources`` for its owner (``sold``: its
    neighbours may still buy them)."""
    return _with(city, ProductionChange(tuple(sorted(set(resources))), True, sold))


def _with(city: City, change: ProductionChange) -> City:
    return city._replace(prod=(*city.prod, change))


def blocked(city: City) -> tuple[int, ...]:
    """The resources ``city``'s board no longer produces for it."""
    return tuple(r for ch in city.prod if ch.blocked for r in ch.resources)


def change_texts(city: City) -> list[str]:
    """The changes in words, e.g. "+ one of wood/stone each turn", "stone blocked"."""
    out = []
    for ch in city.prod:
        names = "/".join(RESOURCES[r] for r in ch.resources)
        if ch.blocked:
            out.append(f"{names} of the board blocked" + (" (still sold)" if ch.sold else ""))
        else:
            out.append(f"+ one of {names} each turn" + (" (sold too)" if ch.sold else ""))
    return out


# --- storage: dumps (lists of ints) and positions / views (resource names) -------------------


def dump_changes(prod: Sequence[ProductionChange]) -> list[list[Any]]:
    return [[list(ch.resources), ch.blocked, ch.sold] for ch in prod]


def load_changes(raw: Iterable[Sequence[Any]]) -> tuple[ProductionChange, ...]:
    return tuple(ProductionChange(tuple(r), bool(b), bool(s)) for r, b, s in raw)


def changes_to_position(prod: Sequence[ProductionChange]) -> list[dict[str, Any]]:
    """The changes as a position (and a city view) writes them: resource names."""
    return [
        {"resources": [RESOURCES[r] for r in ch.resources], "blocked": ch.blocked, "sold": ch.sold}
        for ch in prod
    ]


def changes_from_position(raw: Iterable[Mapping[str, Any]]) -> tuple[ProductionChange, ...]:
    """A position's changes (raises EngineError naming a resource it does not know)."""
    out = []
    for ch in raw:
        unknown = [r for r in ch.get("resources", ()) if r not in RESOURCES]
        if unknown or not ch.get("resources"):
            raise EngineError(f"production_changes: unknown resources {unknown or ch}")
        res = tuple(sorted(RESOURCES.index(r) for r in ch["resources"]))
        out.append(ProductionChange(res, bool(ch.get("blocked")), bool(ch.get("sold"))))
    return tuple(out)
