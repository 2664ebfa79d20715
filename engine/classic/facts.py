"""The derived facts of one city (:class:`Stats`): a leaf module, so the trade solver
(:mod:`engine.classic.trade`) can name the type that :mod:`engine.classic.stats` builds."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Stats"]


@dataclass(slots=True, eq=False)
class Stats:
    """Facts of one city; compared by identity (instances are interned by city_stats).

    Internal derived data, never exposed: not frozen because frozen dataclasses build several
    times slower, and nothing assigns to a Stats after construction.
    """

    fixed: tuple[int, ...]  # own fixed production (board + cards)
    choices: tuple[tuple[int, ...], ...]  # own one-of productions (cards + wonder stages), sorted
    sell_fixed: tuple[int, ...]  # what neighbours may buy: board resource + brown/grey fixed
    sell_choices: tuple[tuple[int, ...], ...]  # brown choice cards, sorted
    price_left: tuple[int, ...]  # coins per unit bought from the left neighbour
    price_right: tuple[int, ...]
    shields: int
    science: tuple[int, int, int, int]  # compass, gear, tablet, wildcards
    colors: tuple[int, ...]  # built structures per colour
    names: int  # bit ``1 << name id`` per built structure (an int: no GC-tracked frozenset)
    free_build: bool  # Olympia A stage 2 built
    seventh: bool  # Babylon B stage 2 built
    copy_guild: bool  # Olympia B stage 3 built
    stage_vp: int
    buy_sig: int  # names (fixed, choices, price_left, price_right): the trade cache key
    sell_sig: int  # names (sell_fixed, sell_choices)
    cap: tuple[int, ...]  # most units of each resource the owner can produce (fixed + choices)
    sell_cap: tuple[int, ...]  # most units of each resource a neighbour can buy here
    choice_masks: tuple[int, ...]  # per own choice production: bit r set if it offers r
    sell_choice_masks: tuple[int, ...]  # the same for the sellable choice productions
    uid: int  # unique id, keys the cache of the next step's facts
    # ``fixed``, ``cap`` and ``sell_cap`` packed by :func:`pack` (one byte per resource): one
    # int subtraction tells whether a cost is covered (see ``moves._legal``).
    fixed_p: int
    cap_p: int
    sell_cap_p: int
    stage_free: bool = False  # Cities' Architect Cabinet: stages cost no resources
    # Cities (engine.classic.cities.trade): Secret Warehouse / Black Market modes (bits) and the
    # one-of productions they give now (also in ``choices``); Clandestine Dock rebate bits.
    own_modes: int = 0
    own_extra: tuple[tuple[int, ...], ...] = ()
    rebate: int = 0
