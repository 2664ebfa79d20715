"""Derived per-city facts (production, shields, science, counts), interned and memoised.

A city's facts only change when it builds a card or a stage, so they are derived from the
facts of the city one step earlier (usually still cached) plus that one effect. The trade
solver lives in :mod:`engine.classic.trade` (re-exported here).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from engine.classic.data import BOARDS, CARDS, COLORS, NAME_ID, EffectDef
from engine.classic.state import City
from engine.classic.trade import Pair, affordable, clear_trade_cache, pareto, solve_trade

__all__ = [
    "Pair", "Stats", "affordable", "after_card", "after_stage", "city_stats", "pareto",
    "solve_trade", "with_memo",
]

_BROWN, _GREY = COLORS.index("brown"), COLORS.index("grey")
_CACHE_LIMIT = 100_000
_NO_COLOR = -1


@dataclass(frozen=True, slots=True, eq=False)
class Stats:
    """Facts of one city; compared by identity (instances are interned by city_stats)."""

    fixed: tuple[int, ...]  # own fixed production (board + cards)
    choices: tuple[tuple[int, ...], ...]  # own one-of productions (cards + wonder stages), sorted
    sell_fixed: tuple[int, ...]  # what neighbours may buy: board resource + brown/grey fixed
    sell_choices: tuple[tuple[int, ...], ...]  # brown choice cards, sorted
    price_left: tuple[int, ...]  # coins per unit bought from the left neighbour
    price_right: tuple[int, ...]
    shields: int
    science: tuple[int, int, int, int]  # compass, gear, tablet, wildcards
    colors: tuple[int, ...]  # built structures per colour
    names: frozenset[int]  # name ids of built structures
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


# Signature ids are never reused (a counter), so a stale id can only miss the trade cache.
_ids = itertools.count()
_buy_sigs: dict[tuple[object, ...], int] = {}
_sell_sigs: dict[tuple[object, ...], int] = {}
_stats_cache: dict[tuple[int, int, int, tuple[int, ...]], Stats] = {}
_base_cache: dict[tuple[int, int], Stats] = {}
# (parent uid, card id or -1 - stage index) -> facts after building that card / stage.
_child_cache: dict[tuple[int, int], Stats] = {}


def _sig(table: dict[tuple[object, ...], int], key: tuple[object, ...]) -> int:
    got = table.get(key)
    if got is None:
        got = table[key] = next(_ids)
    return got


def city_stats(city: City) -> Stats:
    memo: Stats | None = city.memo
    if memo is not None:
        return memo
    key = (city.board, city.side, city.stages, city.built)
    got = _stats_cache.get(key)
    if got is None:
        if len(_stats_cache) > _CACHE_LIMIT:
            _clear()
        got = _stats_cache[key] = _derive(*key)
    object.__setattr__(city, "memo", got)  # frozen dataclass: memo is derived, not state
    return got


def after_card(parent: Stats, cid: int, side: int) -> Stats:
    """Facts of a city with facts ``parent`` once it builds card ``cid`` (cached)."""
    key = (parent.uid, cid)
    got = _child_cache.get(key)
    if got is None:
        if len(_child_cache) > _CACHE_LIMIT:
            _clear()
        got = _child_cache[key] = _add_card(parent, cid, side)
    return got


def after_stage(parent: Stats, board: int, side: int, stage: int) -> Stats:
    """Facts of a city with facts ``parent`` once it builds stage index ``stage`` (cached)."""
    key = (parent.uid, -1 - stage)
    got = _child_cache.get(key)
    if got is None:
        if len(_child_cache) > _CACHE_LIMIT:
            _clear()
        got = _child_cache[key] = _add(parent, BOARDS[board].sides[side][stage].effect,
                                       _NO_COLOR, -1, side)
    return got


def with_memo(city: City, st: Stats) -> City:
    """``city`` carrying its already known facts (saves a cache lookup later)."""
    object.__setattr__(city, "memo", st)
    return city


def _clear() -> None:
    _child_cache.clear()
    _stats_cache.clear()
    _buy_sigs.clear()
    _sell_sigs.clear()
    clear_trade_cache()


def _derive(board: int, side: int, stages: int, built: tuple[int, ...]) -> Stats:
    """From the cached city one card (or one stage) earlier when possible, else from scratch."""
    if built:
        parent = _stats_cache.get((board, side, stages, built[:-1]))
        if parent is not None:
            return _add_card(parent, built[-1], side)
    if stages:
        parent = _stats_cache.get((board, side, stages - 1, built))
        if parent is not None:
            return _add(parent, BOARDS[board].sides[side][stages - 1].effect, _NO_COLOR, -1, side)
    st = _base(board, side)
    for cid in built:
        st = _add_card(st, cid, side)
    for stage in BOARDS[board].sides[side][:stages]:
        st = _add(st, stage.effect, _NO_COLOR, -1, side)
    return st


def _base(board: int, side: int) -> Stats:
    got = _base_cache.get((board, side))
    if got is None:
        fixed = [0] * 7
        fixed[BOARDS[board].resource] = 1
        prod = tuple(fixed)
        got = _base_cache[(board, side)] = Stats(
            fixed=prod, choices=(), sell_fixed=prod, sell_choices=(), price_left=(2,) * 7,
            price_right=(2,) * 7, shields=0, science=(0, 0, 0, 0), colors=(0,) * 7,
            names=frozenset(), free_build=False, seventh=False, copy_guild=False, stage_vp=0,
            buy_sig=_sig(_buy_sigs, (prod, (), (2,) * 7, (2,) * 7)),
            sell_sig=_sig(_sell_sigs, (prod, ())), cap=prod, sell_cap=prod, choice_masks=(),
            sell_choice_masks=(), uid=next(_ids))
    return got


def _add_card(p: Stats, cid: int, side: int) -> Stats:
    card = CARDS[cid]
    return _add(p, card.effect, card.color, NAME_ID[cid], side)


def _plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _add(p: Stats, eff: EffectDef, color: int, nid: int, side: int) -> Stats:
    """``p`` plus one effect (a card of ``color`` named ``nid``, or a stage: color -1)."""
    sellable = color in (_BROWN, _GREY)
    fixed, sell, choices, sell_ch = p.fixed, p.sell_fixed, p.choices, p.sell_choices
    if any(eff.produce):
        fixed = _plus(fixed, eff.produce)
        if sellable:
            sell = _plus(sell, eff.produce)
    if eff.choice:
        choices = tuple(sorted(choices + (eff.choice,)))
        if sellable:
            sell_ch = tuple(sorted(sell_ch + (eff.choice,)))
    pl, pr = p.price_left, p.price_right
    if eff.discount is not None:
        res, sides = eff.discount
        pl = tuple(1 if r in res and -1 in sides else q for r, q in enumerate(pl))
        pr = tuple(1 if r in res and 1 in sides else q for r, q in enumerate(pr))
    sci = p.science
    if eff.science >= 0:
        sci = (sci[0] + (eff.science == 0), sci[1] + (eff.science == 1),
               sci[2] + (eff.science == 2), sci[3] + (eff.science == 3))
    colors = p.colors
    if color >= 0:
        colors = colors[:color] + (colors[color] + 1,) + colors[color + 1:]
    cap, sell_cap, cmask, smask = p.cap, p.sell_cap, p.choice_masks, p.sell_choice_masks
    if any(eff.produce) or eff.choice:
        more = tuple(q + (r in eff.choice) for r, q in enumerate(eff.produce))
        cap = _plus(cap, more)
        if sellable:
            sell_cap = _plus(sell_cap, more)
        if eff.choice:
            bits = sum(1 << r for r in eff.choice)
            cmask += (bits,)
            if sellable:
                smask += (bits,)
    sp = eff.special
    buy_sig, sell_sig = p.buy_sig, p.sell_sig
    if fixed is not p.fixed or choices is not p.choices or pl is not p.price_left \
            or pr is not p.price_right:
        buy_sig = _sig(_buy_sigs, (fixed, choices, pl, pr))
    if sell is not p.sell_fixed or sell_ch is not p.sell_choices:
        sell_sig = _sig(_sell_sigs, (sell, sell_ch))
    return Stats(
        fixed=fixed, choices=choices, sell_fixed=sell, sell_choices=sell_ch, price_left=pl,
        price_right=pr, shields=p.shields + eff.shields, science=sci, colors=colors,
        names=p.names | {nid} if nid >= 0 else p.names,
        free_build=p.free_build or (side == 0 and sp == "free_build_once_per_age"),
        seventh=p.seventh or sp == "play_seventh_card",
        copy_guild=p.copy_guild or sp == "copy_neighbour_guild",
        stage_vp=p.stage_vp + (eff.vp if color < 0 else 0), buy_sig=buy_sig, sell_sig=sell_sig,
        cap=cap, sell_cap=sell_cap, choice_masks=cmask, sell_choice_masks=smask,
        uid=next(_ids))
