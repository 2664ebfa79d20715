"""Derived per-city facts (production, shields, science, counts) and the trade solver.

Both are pure functions of small tuples, memoised in bounded dicts: a city's facts only change
when it builds, so repeated ``legal_moves`` calls in a turn hit the cache.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.classic.data import BOARDS, CARDS, COLORS, NAME_ID, EffectDef
from engine.classic.state import City

__all__ = ["Stats", "affordable", "city_stats", "pareto", "solve_trade"]

_BROWN, _GREY = COLORS.index("brown"), COLORS.index("grey")
_CACHE_LIMIT = 100_000
Pair = tuple[int, int]


@dataclass(frozen=True, slots=True, eq=False)
class Stats:
    """Facts of one city; compared by identity (instances are interned by city_stats)."""

    fixed: tuple[int, ...]  # own fixed production (board + cards)
    choices: tuple[tuple[int, ...], ...]  # own one-of productions (cards + wonder stages)
    sell_fixed: tuple[int, ...]  # what neighbours may buy: board resource + brown/grey fixed
    sell_choices: tuple[tuple[int, ...], ...]  # brown choice cards
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


_stats_cache: dict[tuple[int, int, int, tuple[int, ...]], Stats] = {}


def city_stats(city: City) -> Stats:
    memo: Stats | None = city.memo
    if memo is not None:
        return memo
    key = (city.board, city.side, city.stages, city.built)
    got = _stats_cache.get(key)
    if got is None:
        if len(_stats_cache) > _CACHE_LIMIT:
            _stats_cache.clear()
            _quick_cache.clear()  # its keys hold Stats identities
            _afford_cache.clear()
        got = _stats_cache[key] = _compute(*key)
    object.__setattr__(city, "memo", got)  # frozen dataclass: memo is derived, not state
    return got


def _compute(board: int, side: int, stages: int, built: tuple[int, ...]) -> Stats:
    b = BOARDS[board]
    fixed = [0] * 7
    sell = [0] * 7
    fixed[b.resource] += 1
    sell[b.resource] += 1
    choices: list[tuple[int, ...]] = []
    sell_choices: list[tuple[int, ...]] = []
    pl, pr = [2] * 7, [2] * 7
    shields = 0
    sci = [0, 0, 0, 0]
    colors = [0] * 7
    specials: set[str] = set()
    stage_vp = 0
    effects: list[tuple[EffectDef, bool]] = []
    for cid in built:
        card = CARDS[cid]
        colors[card.color] += 1
        effects.append((card.effect, card.color in (_BROWN, _GREY)))
    for st in b.sides[side][:stages]:
        effects.append((st.effect, False))
        stage_vp += st.effect.vp
    for eff, sellable in effects:
        for r, q in enumerate(eff.produce):
            fixed[r] += q
            if sellable:
                sell[r] += q
        if eff.choice:
            choices.append(eff.choice)
            if sellable:
                sell_choices.append(eff.choice)
        shields += eff.shields
        if eff.science >= 0:
            sci[eff.science] += 1
        if eff.discount is not None:
            res, sides = eff.discount
            for r in res:
                if -1 in sides:
                    pl[r] = 1
                if 1 in sides:
                    pr[r] = 1
        if eff.special:
            specials.add(eff.special)
    return Stats(
        fixed=tuple(fixed), choices=tuple(choices), sell_fixed=tuple(sell),
        sell_choices=tuple(sell_choices), price_left=tuple(pl), price_right=tuple(pr),
        shields=shields, science=(sci[0], sci[1], sci[2], sci[3]), colors=tuple(colors),
        names=frozenset(NAME_ID[c] for c in built),
        free_build=side == 0 and "free_build_once_per_age" in specials,
        seventh="play_seventh_card" in specials,
        copy_guild="copy_neighbour_guild" in specials, stage_vp=stage_vp)


_afford_cache: dict[tuple[object, ...], list[Pair]] = {}
_FREE: list[Pair] = [(0, 0)]  # shared; callers only read it


def affordable(cost: tuple[int, ...], own: Stats, left: Stats, right: Stats,
               budget: int) -> list[Pair]:
    """Non-dominated payments of ``cost`` whose total fits ``budget`` (memoised)."""
    if budget < 0:
        return []
    if not any(cost):
        return _FREE
    key = (cost, own, left, right, budget)
    got = _afford_cache.get(key)
    if got is None:
        if len(_afford_cache) > _CACHE_LIMIT:
            _afford_cache.clear()
        pairs = solve_trade(cost, own, left, right)
        got = _afford_cache[key] = pareto({p for p in pairs if p[0] + p[1] <= budget})
    return got


def pareto(pairs: frozenset[Pair] | set[Pair]) -> list[Pair]:
    """Non-dominated (left, right) payments, sorted by total then left."""
    out = [p for p in pairs
           if not any(q != p and q[0] <= p[0] and q[1] <= p[1] for q in pairs)]
    out.sort(key=lambda p: (p[0] + p[1], p[0]))
    return out


_trade_cache: dict[tuple[object, ...], frozenset[Pair]] = {}
# Keyed by the interned Stats objects themselves (identity hash): the hot path.
_quick_cache: dict[tuple[object, ...], frozenset[Pair]] = {}


def solve_trade(cost: tuple[int, ...], own: Stats, left: Stats, right: Stats) -> frozenset[Pair]:
    """Every (coins to left, coins to right) of a purchase plan covering ``cost`` exactly.

    Empty when no plan exists. Own production is used first for free; each neighbour sells its
    board resource and brown/grey production, each unit at most once per buyer per turn.
    """
    quick = (cost, own, left, right)
    got = _quick_cache.get(quick)
    if got is not None:
        return got
    need = tuple(c - f if c > f else 0 for c, f in zip(cost, own.fixed, strict=True))
    if not any(need):
        _quick_cache[quick] = _ZERO
        return _ZERO
    key = (need, own.choices, left.sell_fixed, left.sell_choices, right.sell_fixed,
           right.sell_choices, own.price_left, own.price_right)
    got = _trade_cache.get(key)
    if got is None:
        if len(_trade_cache) > _CACHE_LIMIT:
            _trade_cache.clear()
        got = _trade_cache[key] = _solve(need, own, left, right)
    if len(_quick_cache) > _CACHE_LIMIT:
        _quick_cache.clear()
    _quick_cache[quick] = got
    return got


_ZERO: frozenset[Pair] = frozenset({(0, 0)})


def _solve(need: tuple[int, ...], own: Stats, left: Stats, right: Stats) -> frozenset[Pair]:
    # Sources: (options, side, prices) with side 0 = own (free), 1 = left, 2 = right.
    wanted = {r for r, q in enumerate(need) if q}
    sources: list[tuple[tuple[int, ...], int]] = []
    n_choice = 0  # choice cards that could help; without any, resources are independent
    for ch in own.choices:
        opts = tuple(r for r in ch if r in wanted)
        if opts:
            sources.append((opts, 0))
            n_choice += 1
    for side, st in ((1, left), (2, right)):
        for r in wanted:
            sources.extend(((r,), side) for _ in range(min(need[r], st.sell_fixed[r])))
        for ch in st.sell_choices:
            opts = tuple(r for r in ch if r in wanted)
            if opts:
                sources.append((opts, side))
                n_choice += 1
    total_units = sum(need)
    if n_choice == 0:
        return _independent(need, left, right, own.price_left, own.price_right)
    # Cheap infeasibility check: not enough sources at all.
    if len(sources) < total_units:
        return frozenset()
    pl, pr = own.price_left, own.price_right
    memo: dict[tuple[int, tuple[int, ...]], frozenset[Pair]] = {}

    def go(i: int, rest: tuple[int, ...], left_units: int) -> frozenset[Pair]:
        if left_units == 0:
            return _ZERO
        if len(sources) - i < left_units:
            return frozenset()
        k = (i, rest)
        hit = memo.get(k)
        if hit is not None:
            return hit
        opts, side = sources[i]
        acc: set[Pair] = set(go(i + 1, rest, left_units))
        for r in opts:
            if rest[r]:
                nxt = rest[:r] + (rest[r] - 1,) + rest[r + 1:]
                sub = go(i + 1, nxt, left_units - 1)
                if side == 0:
                    acc.update(sub)
                elif side == 1:
                    acc.update((a + pl[r], b) for a, b in sub)
                else:
                    acc.update((a, b + pr[r]) for a, b in sub)
        res = frozenset(acc)
        memo[k] = res
        return res

    return go(0, need, total_units)


def _independent(need: tuple[int, ...], left: Stats, right: Stats, pl: tuple[int, ...],
                 pr: tuple[int, ...]) -> frozenset[Pair]:
    """Fast path without any choice card involved: resources are bought independently."""
    acc: set[Pair] = {(0, 0)}
    for r, q in enumerate(need):
        if not q:
            continue
        a, b = left.sell_fixed[r], right.sell_fixed[r]
        opts = [(k * pl[r], (q - k) * pr[r]) for k in range(max(0, q - b), min(q, a) + 1)]
        if not opts:
            return frozenset()
        acc = {(x + c, y + d) for x, y in acc for c, d in opts}
    return frozenset(acc)
