"""Cities effects on production and trade, applied to a city's derived facts (``Stats``):
Secret Warehouse / Black Market (one unit a turn, for the owner only, of a type the city does /
does not produce with its board and brown/grey cards, rules 6.2) and the Clandestine Docks
(the first resource bought from that side each turn costs 1 coin less, never below 0, 6.1)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.classic.pairs import Pair, pareto

__all__ = ["REBATE_LEFT", "REBATE_RIGHT", "own_choices", "rebated", "rebated_all"]

REBATE_LEFT, REBATE_RIGHT = 1, 2
_PRODUCED, _NOT_PRODUCED = 1, 2  # produce_own modes as bits (data.EffectDef.produce_own)


def own_choices(sell_cap: tuple[int, ...], modes: int) -> tuple[tuple[int, ...], ...]:
    """The one-of productions the modes give a city whose board and brown/grey cards can make
    ``sell_cap`` (a choice card counts for both its types, rules 6.2)."""
    out: list[tuple[int, ...]] = []
    if modes & _PRODUCED:
        out.append(tuple(r for r in range(7) if sell_cap[r]))
    if modes & _NOT_PRODUCED:
        out.append(tuple(r for r in range(7) if not sell_cap[r]))
    return tuple(ch for ch in out if ch)  # a city making all 7 types gets nothing from Black Market


def rebated(pairs: Iterable[Pair], rebate: int) -> list[Pair]:
    """Non-dominated payments once the Docks take 1 coin off each side that gets paid (every
    unit costs at least 1, so a paid side bought at least one unit)."""
    dl, dr = rebate & REBATE_LEFT, rebate & REBATE_RIGHT
    return pareto(
        {(lft - 1 if dl and lft else lft, rgt - 1 if dr and rgt else rgt) for lft, rgt in pairs}
    )


def rebated_all(pairs: frozenset[Pair], rebate: int) -> frozenset[Pair]:
    """Every payment of a purchase plan once the Docks' rebate is taken."""
    dl, dr = rebate & REBATE_LEFT, rebate & REBATE_RIGHT
    return frozenset(
        (lft - 1 if dl and lft else lft, rgt - 1 if dr and rgt else rgt) for lft, rgt in pairs
    )
