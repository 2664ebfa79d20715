"""Payments to the two neighbours as (left, right) pairs, and their non-dominated front (a
leaf module: the trade solver and the Cities' rebates both use it)."""

from __future__ import annotations

__all__ = ["Pair", "pareto"]

Pair = tuple[int, int]


def pareto(pairs: frozenset[Pair] | set[Pair] | list[Pair]) -> list[Pair]:
    """Non-dominated (left, right) payments, sorted by total then left."""
    out: list[Pair] = []
    best_right = None
    for p in sorted(set(pairs)):  # by left, then right: keep strictly falling rights
        if best_right is None or p[1] < best_right:
            out.append(p)
            best_right = p[1]
    out.sort(key=_by_total)
    return out


def _by_total(p: Pair) -> tuple[int, int]:
    return p[0] + p[1], p[0]
