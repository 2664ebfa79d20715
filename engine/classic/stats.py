"""Derived per-city facts (production, shields, science, counts), interned and memoised.

A city's facts only change when it builds a card or a stage, so they are derived from the
facts of the city one step earlier (usually still cached) plus that one effect. The trade
solver lives in :mod:`engine.classic.trade` (re-exported here).
"""

from __future__ import annotations

import dataclasses
import itertools
from operator import add

from engine.classic.cities.trade import REBATE_LEFT, REBATE_RIGHT, own_choices
from engine.classic.data import BOARDS, CARDS, COLORS, NAME_ID, EffectDef
from engine.classic.facts import Stats
from engine.classic.state import City
from engine.classic.trade import Pair, affordable, clear_trade_cache, pareto, solve_trade
from engine.classic.values import ProductionChange

__all__ = [
    "HIGH",
    "Pair",
    "Stats",
    "affordable",
    "after_card",
    "after_stage",
    "city_stats",
    "pareto",
    "pack",
    "solve_trade",
    "with_memo",
    "with_trade",
]

_BROWN, _GREY = COLORS.index("brown"), COLORS.index("grey")
Changes = tuple[ProductionChange, ...]
# The high bit of each byte of a packed vector (see :func:`pack`).
HIGH = sum(0x80 << (8 * r) for r in range(7))


def pack(vec: tuple[int, ...]) -> int:
    """A resource vector as one int, a byte per resource, each unit count capped at 31.

    Capped counts still compare right against any cost (costs are far below 31), and the sum of
    three packed vectors never carries into the next byte. For packed ``a`` and ``b``:
    ``((a | HIGH) - b) & HIGH == HIGH`` exactly when ``a`` has at least ``b`` of every resource.
    """
    return sum((q if q < 31 else 31) << (8 * r) for r, q in enumerate(vec))


_CACHE_LIMIT = 100_000
_NO_COLOR = -1


# Signature ids are never reused (a counter), so a stale id can only miss the trade cache.
_ids = itertools.count()
_buy_sigs: dict[tuple[object, ...], int] = {}
_sell_sigs: dict[tuple[object, ...], int] = {}
# (board, side, stages, built), plus the production changes (``City.prod``) when a plug-in
# made any: a city without them keys and derives exactly as before.
_stats_cache: dict[tuple[object, ...], Stats] = {}
_base_cache: dict[tuple[object, ...], Stats] = {}
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
    prod = city.prod
    key: tuple[object, ...] = (city.board, city.side, city.stages, city.built)
    if prod:
        key += (prod,)
    got = _stats_cache.get(key)
    if got is None:
        if len(_stats_cache) > _CACHE_LIMIT:
            _clear()
        got = _stats_cache[key] = _derive(city.board, city.side, city.stages, city.built, prod)
    city.memo = got  # derived, not part of the value
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
        got = _child_cache[key] = _add(
            parent, BOARDS[board].sides[side][stage].effect, _NO_COLOR, -1, side
        )
    return got


def with_memo(city: City, st: Stats) -> City:
    """``city`` carrying its already known facts (saves a cache lookup later)."""
    city.memo = st
    return city


def _clear() -> None:
    _child_cache.clear()
    _stats_cache.clear()
    _buy_sigs.clear()
    _sell_sigs.clear()
    clear_trade_cache()


def _derive(board: int, side: int, stages: int, built: tuple[int, ...], prod: Changes) -> Stats:
    """From the cached city one card (or one stage) earlier when possible, else from scratch
    (``prod``: the city's production changes, nearly always none)."""
    more = (prod,) if prod else ()
    if built:
        parent = _stats_cache.get((board, side, stages, built[:-1], *more))
        if parent is not None:
            return _add_card(parent, built[-1], side)
    if stages:
        parent = _stats_cache.get((board, side, stages - 1, built, *more))
        if parent is not None:
            return _add(parent, BOARDS[board].sides[side][stages - 1].effect, _NO_COLOR, -1, side)
    st = _changed(_base(board, side), prod) if prod else _base(board, side)
    for cid in built:
        st = _add_card(st, cid, side)
    for stage in BOARDS[board].sides[side][:stages]:
        st = _add(st, stage.effect, _NO_COLOR, -1, side)
    return st


def _base(board: int, side: int) -> Stats:
    got = _base_cache.get((board, side))
    if got is None:
        fixed = [0] * 7
        if BOARDS[board].resource >= 0:  # Roma produces nothing
            fixed[BOARDS[board].resource] = 1
        prod = tuple(fixed)
        got = _base_cache[(board, side)] = Stats(
            fixed=prod,
            choices=(),
            sell_fixed=prod,
            sell_choices=(),
            price_left=(2,) * 7,
            price_right=(2,) * 7,
            shields=0,
            science=(0, 0, 0, 0),
            colors=(0,) * len(COLORS),
            names=0,
            free_build=False,
            seventh=False,
            copy_guild=False,
            stage_vp=0,
            buy_sig=_sig(_buy_sigs, (prod, (), (2,) * 7, (2,) * 7, 0)),
            sell_sig=_sig(_sell_sigs, (prod, ())),
            cap=prod,
            sell_cap=prod,
            choice_masks=(),
            sell_choice_masks=(),
            uid=next(_ids),
            fixed_p=pack(prod),
            cap_p=pack(prod),
            sell_cap_p=pack(prod),
        )
    return got


def _changed(base: Stats, prod: Changes) -> Stats:
    """A board's facts with the production changes a plug-in made (cached per board, side
    and changes): blocked resources leave the board's production, added one-of productions
    join it; the cards and stages are then added on top as usual."""
    key = (base.uid, prod)
    got = _base_cache.get(key)
    if got is None:
        fixed, sell = list(base.fixed), list(base.sell_fixed)
        choices: list[tuple[int, ...]] = []
        sold: list[tuple[int, ...]] = []
        for change in prod:
            if change.blocked:
                for r in change.resources:
                    fixed[r] = 0
                    if not change.sold:
                        sell[r] = 0
            else:
                choices.append(change.resources)
                if change.sold:
                    sold.append(change.resources)
        got = _base_cache[key] = with_trade(
            base,
            tuple(fixed),
            tuple(choices),
            tuple(sell),
            tuple(sold),
            base.price_left,
            base.price_right,
        )
    return got


def _add_card(p: Stats, cid: int, side: int) -> Stats:
    card = CARDS[cid]
    return _add(p, card.effect, card.color, NAME_ID[cid], side)


class _Delta:
    """An effect compiled for :func:`_add` (vectors ready for ``map``)."""

    __slots__ = (
        "bits",
        "choice",
        "disc_left",
        "disc_right",
        "more",
        "more_p",
        "own_mode",
        "produce",
        "rebate",
        "produce_p",
        "science",
        "shields",
        "special",
        "vp",
    )

    def __init__(self, eff: EffectDef) -> None:
        self.produce = eff.produce if any(eff.produce) else None
        self.choice = eff.choice
        self.more = (
            tuple(q + (r in eff.choice) for r, q in enumerate(eff.produce))
            if self.produce or eff.choice
            else None
        )
        self.produce_p = pack(eff.produce)
        self.more_p = pack(self.more) if self.more is not None else 0
        self.bits = sum(1 << r for r in eff.choice)
        dl, dr = [2] * 7, [2] * 7
        if eff.discount is not None:
            res, sides = eff.discount
            for r in res:
                dl[r] = 1 if -1 in sides else 2
                dr[r] = 1 if 1 in sides else 2
        self.disc_left = tuple(dl) if 1 in dl else None
        self.disc_right = tuple(dr) if 1 in dr else None
        self.science, self.shields, self.vp, self.special = (
            eff.science,
            eff.shields,
            eff.vp,
            eff.special,
        )
        self.own_mode = 1 << (eff.produce_own - 1) if eff.produce_own else 0
        self.rebate = sum(REBATE_LEFT if x < 0 else REBATE_RIGHT for x in eff.rebate)


_deltas: dict[int, _Delta] = {}  # by id() of the module-level EffectDef constants


def _delta(eff: EffectDef) -> _Delta:
    got = _deltas.get(id(eff))
    if got is None:
        got = _deltas[id(eff)] = _Delta(eff)
    return got


def _add(p: Stats, eff: EffectDef, color: int, nid: int, side: int) -> Stats:
    """``p`` plus one effect (a card of ``color`` named ``nid``, or a stage: color -1)."""
    d = _delta(eff)
    sellable = color in (_BROWN, _GREY)
    fixed, sell, choices, sell_ch = p.fixed, p.sell_fixed, p.choices, p.sell_choices
    cap, sell_cap, cmask, smask = p.cap, p.sell_cap, p.choice_masks, p.sell_choice_masks
    if d.produce is not None:
        fixed = tuple(map(add, fixed, d.produce))
        if sellable:
            sell = tuple(map(add, sell, d.produce))
    if d.more is not None:
        cap = tuple(map(add, cap, d.more))
        if sellable:
            sell_cap = tuple(map(add, sell_cap, d.more))
    if d.choice:
        choices = tuple(sorted(choices + (d.choice,)))
        cmask += (d.bits,)
        if sellable:
            sell_ch = tuple(sorted(sell_ch + (d.choice,)))
            smask += (d.bits,)
    pl, pr = p.price_left, p.price_right
    if d.disc_left is not None:
        pl = tuple(map(min, pl, d.disc_left))
    if d.disc_right is not None:
        pr = tuple(map(min, pr, d.disc_right))
    sci = p.science
    if d.science >= 0:
        k = d.science
        sci = sci[:k] + (sci[k] + 1,) + sci[k + 1 :]  # type: ignore[assignment]
    colors = p.colors
    if color >= 0:
        colors = colors[:color] + (colors[color] + 1,) + colors[color + 1 :]
    sp = d.special
    modes, extra, rebate = p.own_modes | d.own_mode, p.own_extra, p.rebate | d.rebate
    swapped = False
    if modes:  # Cities' Secret Warehouse / Black Market follow the city's own production
        extra = own_choices(sell_cap, modes)
        if extra != p.own_extra:
            choices, cmask, cap = _swap_extra(choices, cmask, cap, p.own_extra, extra)
            swapped = True
    buy_sig, sell_sig = p.buy_sig, p.sell_sig
    if (
        fixed is not p.fixed
        or choices is not p.choices
        or pl is not p.price_left
        or pr is not p.price_right
        or rebate != p.rebate
    ):
        buy_sig = _sig(_buy_sigs, (fixed, choices, pl, pr, rebate))
    if sell is not p.sell_fixed or sell_ch is not p.sell_choices:
        sell_sig = _sig(_sell_sigs, (sell, sell_ch))
    return Stats(
        fixed,
        choices,
        sell,
        sell_ch,
        pl,
        pr,
        p.shields + d.shields,
        sci,
        colors,
        p.names | (1 << nid) if nid >= 0 else p.names,
        p.free_build or (side == 0 and sp == "free_build_once_per_age"),
        p.seventh or sp == "play_seventh_card",
        p.copy_guild or sp == "copy_neighbour_guild",
        p.stage_vp + (d.vp if color < 0 else 0),
        buy_sig,
        sell_sig,
        cap,
        sell_cap,
        cmask,
        smask,
        next(_ids),
        p.fixed_p if fixed is p.fixed else _plus(p.fixed_p, d.produce_p, fixed),
        pack(cap) if swapped else p.cap_p if cap is p.cap else _plus(p.cap_p, d.more_p, cap),
        p.sell_cap_p if sell_cap is p.sell_cap else _plus(p.sell_cap_p, d.more_p, sell_cap),
        p.stage_free or sp == "stages_ignore_resources",
        modes,
        extra,
        rebate,
    )


def with_trade(
    p: Stats,
    fixed: tuple[int, ...],
    choices: tuple[tuple[int, ...], ...],
    sell_fixed: tuple[int, ...],
    sell_choices: tuple[tuple[int, ...], ...],
    price_left: tuple[int, ...],
    price_right: tuple[int, ...],
) -> Stats:
    """``p`` with its production, what it sells and its prices replaced (a plug-in's law that
    changes them for a while: the trade caches key on the new values, never on ``p``'s)."""
    choices, sell_choices = tuple(sorted(choices)), tuple(sorted(sell_choices))
    cap = list(fixed)
    for ch in choices:
        for r in ch:
            cap[r] += 1
    sell_cap = list(sell_fixed)
    for ch in sell_choices:
        for r in ch:
            sell_cap[r] += 1
    return dataclasses.replace(
        p,
        fixed=fixed,
        choices=choices,
        sell_fixed=sell_fixed,
        sell_choices=sell_choices,
        price_left=price_left,
        price_right=price_right,
        buy_sig=_sig(_buy_sigs, (fixed, choices, price_left, price_right, p.rebate)),
        sell_sig=_sig(_sell_sigs, (sell_fixed, sell_choices)),
        cap=tuple(cap),
        sell_cap=tuple(sell_cap),
        choice_masks=tuple(sum(1 << r for r in ch) for ch in choices),
        sell_choice_masks=tuple(sum(1 << r for r in ch) for ch in sell_choices),
        uid=next(_ids),
        fixed_p=pack(fixed),
        cap_p=pack(tuple(cap)),
        sell_cap_p=pack(tuple(sell_cap)),
    )


def _swap_extra(
    choices: tuple[tuple[int, ...], ...],
    cmask: tuple[int, ...],
    cap: tuple[int, ...],
    old: tuple[tuple[int, ...], ...],
    new: tuple[tuple[int, ...], ...],
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """Own choices, their masks and the cap with the productions ``old`` replaced by ``new``."""
    ch, masks, units = list(choices), list(cmask), list(cap)
    for c in old:
        ch.remove(c)
        masks.remove(sum(1 << r for r in c))
        for r in c:
            units[r] -= 1
    for c in new:
        ch.append(c)
        masks.append(sum(1 << r for r in c))
        for r in c:
            units[r] += 1
    return tuple(sorted(ch)), tuple(masks), tuple(units)


# Bits 5 and 6 of each byte: set in a packed sum when a count passed the cap of 31.
_OVER = sum(0x60 << (8 * r) for r in range(7))


def _plus(packed: int, delta: int, vec: tuple[int, ...]) -> int:
    """``pack(vec)`` given ``packed`` (its value before adding the packed ``delta``)."""
    got = packed + delta
    return pack(vec) if got & _OVER else got
