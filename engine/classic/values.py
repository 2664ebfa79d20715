"""The small immutable values of a classic game: a seat's :class:`Move` and :class:`City`.

A plug-in (engine.classic.plugin) that adds move actions registers their texts here
(:data:`MOVE_TEXTS`), so ``str(move)`` never asks which expansion an action belongs to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from engine.classic.data import BOARDS, CARDS, EffectDef, slug

__all__ = [
    "City",
    "DISCARD_ACTIONS",
    "EFFECT_PARTS",
    "MOVE_DESCRIPTIONS",
    "MOVE_TEXTS",
    "Move",
    "PAID_ACTIONS",
    "ProductionChange",
    "SLUGS",
    "make_move",
]

SLUGS: tuple[str, ...] = tuple(slug(c.name) for c in CARDS)
PAID_ACTIONS = frozenset({"build", "wonder"})
# action -> its canonical text, for the actions the plug-ins add (filled by their registration).
MOVE_TEXTS: dict[str, Callable[[Move], str]] = {}
# action -> its sentence for players (``describe_move``), for the plug-ins' actions.
MOVE_DESCRIPTIONS: dict[str, Callable[[Move], str]] = {}
# Plug-in actions that discard the chosen card (engine.classic.resolve): action -> (coins the
# seat takes, its public event text from the seat and the move), filled when they register.
DISCARD_ACTIONS: dict[str, tuple[int, Callable[[int, Move], str]]] = {}
# Short texts of the parts of a card or stage effect a plug-in adds (e.g. coin losses).
EFFECT_PARTS: list[Callable[[EffectDef], list[str]]] = []


class Move(NamedTuple):
    """A seat's move. ``card`` is the name id (lowest card id with that name).

    A named tuple rather than a dataclass: hashing and equality run in C, and moves are hashed
    and compared on every apply.
    """

    action: str
    card: int
    left: int = 0
    right: int = 0

    def __str__(self) -> str:
        text = MOVE_TEXTS.get(self.action)
        if text is not None:
            return text(self)
        if self.action == "board":
            return f"board:{BOARDS[self.card].city}:{'AB'[self.left]}"
        if self.action in PAID_ACTIONS:
            return f"{self.action}:{SLUGS[self.card]}:{self.left}:{self.right}"
        return f"{self.action}:{SLUGS[self.card]}"


_MOVES: dict[tuple[str, int, int, int], Move] = {}


def make_move(action: str, card: int, left: int = 0, right: int = 0) -> Move:
    """Interned Move (moves are immutable values; reusing them avoids constructor cost)."""
    key = (action, card, left, right)
    got = _MOVES.get(key)
    if got is None:
        got = _MOVES[key] = Move(action, card, left, right)
    return got


class ProductionChange(NamedTuple):
    """A change a plug-in made to one city's production (``City.prod``; helpers and the
    protocol: :mod:`engine.classic.production`). The city's facts (``stats.city_stats``) derive
    from it, so payments, trade, affordability and views all see it."""

    resources: tuple[int, ...]  # added: a one-of production of these; blocked: these resources
    blocked: bool = False  # True: the board's own production of ``resources`` is off
    sold: bool = False  # neighbours may buy it (added) / may still buy it (blocked)


class _CityFields(NamedTuple):
    board: int
    side: int  # 0 = A, 1 = B
    stages: int
    coins: int
    built: tuple[int, ...]  # card ids in build order
    tucked: tuple[int, ...]  # card ids under the wonder
    tokens: tuple[int, ...]
    free_used_age: int = 0  # age in which Olympia A's free build was used
    # Production changes plug-ins made (engine.classic.production); () in nearly every city.
    prod: tuple[ProductionChange, ...] = ()


class City(_CityFields):
    """One seat's city: an immutable named tuple (builds three times faster than a frozen
    dataclass, and a game builds hundreds). ``memo`` caches ``stats.city_stats``: derived
    data, not part of the value (equality and hashing see the fields only)."""

    memo: Any = None
