"""The trade solver: the ways to buy the missing resources of a cost from the two neighbours.

Two answers per cost: the non-dominated payments (what ``legal_moves`` lists; computed by a fast
search that never leaves an own choice card idle) and, lazily, every payment of a real purchase
plan (a dominated payment is still legal, so validation needs the full set).

Answers are memoised on ``(cost key, own.buy_sig, left.sell_sig, right.sell_sig)``: the
signatures are small ints naming a city's *buying* profile (own production, choices, prices)
and *selling* profile (board resource + brown/grey production). They change only when a city
builds a resource or trading card, so many turns reuse earlier answers.
"""

from __future__ import annotations

import threading

from engine.classic.cities.trade import rebated, rebated_all
from engine.classic.facts import Stats
from engine.classic.pairs import pareto

__all__ = [
    "Entry",
    "Pair",
    "affordable",
    "clear_trade_cache",
    "cost_key",
    "entry",
    "pareto",
    "plans_before_rebate",
    "solve_trade",
]

Pair = tuple[int, int]
Vec = tuple[int, ...]
_CACHE_LIMIT = 100_000
_ZERO: frozenset[Pair] = frozenset({(0, 0)})
_NONE: frozenset[Pair] = frozenset()
_FREE: list[Pair] = [(0, 0)]
# key -> (non-dominated payments sorted by total then left, largest total among them)
# Tuples, not lists: the cache holds many entries and tuples of ints are not tracked by the
# garbage collector once seen, which keeps full collections cheap.
Entry = tuple[tuple[Pair, ...], int]
_NO_ENTRY: Entry = ((), 0)
_cache: dict[tuple[int, int, int, int], Entry] = {}
_full_cache: dict[tuple[int, int, int, int], frozenset[Pair]] = {}
_cost_keys: dict[Vec, int] = {}
_cost_parts: list[tuple[tuple[int, int], ...]] = []  # per cost key: (resource, units) > 0
_fronts: dict[tuple[Pair, ...], tuple[Pair, ...]] = {}
_KEY_LOCK = threading.Lock()


def clear_trade_cache() -> None:
    _cache.clear()
    _fronts.clear()
    _full_cache.clear()


def cost_key(cost: Vec) -> int:
    """Small int naming a cost vector (hashing four ints beats hashing a 7-tuple)."""
    got = _cost_keys.get(cost)
    if got is None:
        got = _new_cost_key(cost)
    return got


def _new_cost_key(cost: Vec) -> int:
    # An id is a position in _cost_parts: allocating one and filling it must not interleave
    # with another thread's (engine/caches.py), and the key is published last.
    with _KEY_LOCK:
        got = _cost_keys.get(cost)
        if got is None:
            _cost_parts.append(tuple((r, q) for r, q in enumerate(cost) if q))
            got = _cost_keys[cost] = len(_cost_parts) - 1
    return got


def entry(ckey: int, cost: Vec, own: Stats, left: Stats, right: Stats) -> Entry:
    """Memoised non-dominated payments of ``cost`` (named ``ckey`` by :func:`cost_key`)."""
    key = (ckey, own.buy_sig, left.sell_sig, right.sell_sig)
    got = _cache.get(key)
    if got is None:
        if len(_cache) > _CACHE_LIMIT:
            _cache.clear()
        front = _front(cost, _cost_parts[ckey], own, left, right)
        if front and own.rebate:  # Cities' Clandestine Docks
            front = rebated(front, own.rebate)
        if front:
            # Interned: equal fronts are one tuple, so per-front move lists are shared too.
            t = tuple(front)
            shared = _fronts.get(t)
            if shared is None:
                shared = _fronts[t] = t
            got = _cache[key] = (shared, front[-1][0] + front[-1][1])
        else:
            got = _cache[key] = _NO_ENTRY
    return got


def affordable(cost: Vec, own: Stats, left: Stats, right: Stats, budget: int) -> list[Pair]:
    """Non-dominated payments of ``cost`` whose total fits ``budget`` (shared list: read only).

    Filtering the overall Pareto front by budget is exact: a payment dominating an affordable
    one costs less in total, so it is affordable too.
    """
    if budget < 0:
        return []
    front, top = entry(cost_key(cost), cost, own, left, right)
    return [p for p in front if p[0] + p[1] <= budget]


def solve_trade(cost: Vec, own: Stats, left: Stats, right: Stats) -> frozenset[Pair]:
    """Every (coins to left, coins to right) of a purchase plan covering ``cost`` exactly.

    Empty when no plan exists. Own fixed production is used first; each neighbour sells its
    board resource and brown/grey production, each unit at most once per buyer per turn.
    """
    key = (cost_key(cost), own.buy_sig, left.sell_sig, right.sell_sig)
    got = _full_cache.get(key)
    if got is None:
        if len(_full_cache) > _CACHE_LIMIT:
            _full_cache.clear()
        need = _need(cost, own, left, right)
        if need is None:
            got = _NONE
        elif not any(need):
            got = _ZERO
        else:
            got = _every_plan(need, own, left, right)
            if own.rebate:  # Cities' Clandestine Docks
                got = rebated_all(got, own.rebate)
        _full_cache[key] = got
    return got


def plans_before_rebate(cost: Vec, own: Stats, left: Stats, right: Stats) -> frozenset[Pair]:
    """Every (coins to left, coins to right) of a purchase plan of ``cost`` at the city's
    prices before the Clandestine Docks' rebate (what Hatshepsut's count needs to know)."""
    need = _need(cost, own, left, right)
    if need is None:
        return _NONE
    return _every_plan(need, own, left, right) if any(need) else _ZERO


def _need(cost: Vec, own: Stats, left: Stats, right: Stats) -> Vec | None:
    """What own fixed production lacks, or None when even every source together falls short."""
    fixed, cap, lcap, rcap = own.fixed, own.cap, left.sell_cap, right.sell_cap
    short = False
    for r in range(7):
        if cost[r] > fixed[r]:
            if cost[r] > cap[r] + lcap[r] + rcap[r]:
                return None
            short = True
    if not short:
        return (0,) * 7
    return tuple(c - f if c > f else 0 for c, f in zip(cost, fixed, strict=True))


def _front(
    cost: Vec, parts: tuple[tuple[int, int], ...], own: Stats, left: Stats, right: Stats
) -> list[Pair]:
    fixed, cap, lcap, rcap = own.fixed, own.cap, left.sell_cap, right.sell_cap
    if len(parts) == 1:  # one resource: nothing can couple, the answer is one line
        r, c = parts[0]
        d = c - cap[r]
        if c <= fixed[r] or d <= 0:
            return _FREE
        lo, hi = d - rcap[r], lcap[r]
        lo, hi = (lo if lo > 0 else 0), (hi if hi < d else d)
        if lo > hi:
            return []
        a, b = own.price_left[r], own.price_right[r]
        line = [(k * a, (d - k) * b) for k in range(lo, hi + 1)]
        return line if a == b or len(line) == 1 else pareto(line)
    mask = 0
    for r, c in parts:
        if c > fixed[r]:
            if c > cap[r] + lcap[r] + rcap[r]:  # even every source together falls short
                return []
            mask |= 1 << r
    if not mask:
        return _FREE
    for masks in (own.choice_masks, left.sell_choice_masks, right.sell_choice_masks):
        for m in masks:
            x = m & mask
            if x & (x - 1):  # a choice card offers two needed resources: they interact
                return _searched(cost, own, left, right)
    # Each choice card helps with at most one needed resource, so it is just one more unit of
    # it (``cap`` / ``sell_cap`` count it): resources are bought independently.
    pl, pr = own.price_left, own.price_right
    acc: list[Pair] = _ORIGIN
    for r, c in parts:
        d = c - cap[r]
        if d <= 0:
            continue
        lo, hi = d - rcap[r], lcap[r]
        lo, hi = (lo if lo > 0 else 0), (hi if hi < d else d)
        if lo > hi:
            return []
        a, b = pl[r], pr[r]
        line = [(k * a, (d - k) * b) for k in range(lo, hi + 1)]
        acc = (
            line if acc is _ORIGIN else pareto({(x + c2, y + e) for x, y in acc for c2, e in line})
        )
    if acc is _ORIGIN:
        return _FREE
    if len(acc) > 1 and acc[0][0] + acc[0][1] != acc[-1][0] + acc[-1][1]:
        acc = pareto(acc)
    return acc


_ORIGIN: list[Pair] = [(0, 0)]


# Per bit mask below 128: the resource indices it holds (choice cards as masks, see Stats).
_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(7) if m >> r & 1) for m in range(128)
)


def _searched(cost: Vec, own: Stats, left: Stats, right: Stats) -> list[Pair]:
    """Non-dominated payments when choice cards couple the needed resources."""
    need = [c - f if c > f else 0 for c, f in zip(cost, own.fixed, strict=True)]
    nmask = 0
    for r, q in enumerate(need):
        if q:
            nmask |= 1 << r
    pl, pr = own.price_left, own.price_right
    lf, rf = list(left.sell_fixed), list(right.sell_fixed)
    # A choice card offering a single needed resource is one more unit of it (an own one is
    # free, so always used); only cards offering two or more needed resources are searched.
    coupled: list[tuple[tuple[int, ...], int]] = []
    for side, masks in (
        (0, own.choice_masks),
        (1, left.sell_choice_masks),
        (2, right.sell_choice_masks),
    ):
        for m in masks:
            x = m & nmask
            if not x:
                continue
            if x & (x - 1):
                coupled.append((_BITS[x], side))
                continue
            r = x.bit_length() - 1
            if side == 0:
                need[r] -= need[r] > 0
            elif side == 1:
                lf[r] += 1
            else:
                rf[r] += 1
    # Own choice cards first: they are free, so each just turns a remainder into others.
    start = tuple(need)
    rests = {start}
    theirs = coupled
    while theirs and theirs[0][1] == 0:
        opts = theirs[0][0]
        theirs = theirs[1:]
        nxt: set[Vec] = set()
        for rest in rests:
            used = False
            for r in opts:
                if rest[r]:
                    used = True
                    nxt.add(rest[:r] + (rest[r] - 1,) + rest[r + 1 :])
            # Leaving a free card idle while it could help never pays less.
            if not used:
                nxt.add(rest)
        rests = nxt
    idx = [r for r in range(7) if start[r]]
    if not theirs:
        out: list[Pair] = []
        for rest in rests:
            tail = _tail(rest, idx, lf, rf, pl, pr)
            if tail is not None:
                out += tail
        return pareto(out)
    # What is still missing -> the non-dominated payments so far. Pruning each step is exact:
    # payments reaching the same ``rest`` get the same continuations added.
    states: dict[Vec, list[Pair]] = {rest: [(0, 0)] for rest in rests}
    for opts, side in theirs:
        step: dict[Vec, set[Pair]] = {}
        for rest, pays in states.items():
            for r in opts:
                if rest[r]:
                    sub = rest[:r] + (rest[r] - 1,) + rest[r + 1 :]
                    got = step.get(sub)
                    if got is None:
                        got = step[sub] = set()
                    if side == 1:
                        p = pl[r]
                        got.update([(a + p, b) for a, b in pays])
                    else:
                        p = pr[r]
                        got.update([(a, b + p) for a, b in pays])
            got = step.get(rest)  # a neighbour's card may stay unbought
            if got is None:
                got = step[rest] = set()
            got.update(pays)
        states = {
            rest: _prune(pays) if len(pays) > 1 else list(pays) for rest, pays in step.items()
        }
    found: set[Pair] = set()
    for rest, pays in states.items():
        tail = _tail(rest, idx, lf, rf, pl, pr)
        if tail is _ORIGIN:
            found.update(pays)
        elif tail is not None:
            found.update([(a + c, b + d) for a, b in pays for c, d in tail])
    return pareto(found)


def _tail(
    rest: Vec, idx: list[int], lf: list[int], rf: list[int], pl: Vec, pr: Vec
) -> list[Pair] | None:
    """Payments buying ``rest`` (non-zero only at indices ``idx``) from fixed units alone (left
    sells ``lf``, right ``rf``), or None when they do not suffice; ``_ORIGIN`` itself when
    nothing is missing."""
    acc = _ORIGIN
    for r in idx:
        q = rest[r]
        if not q:
            continue
        lo, hi = q - rf[r], lf[r]
        lo, hi = (lo if lo > 0 else 0), (hi if hi < q else q)
        if lo > hi:
            return None
        a, b = pl[r], pr[r]
        if lo == hi:
            dx, dy = lo * a, (q - lo) * b
            acc = [(x + dx, y + dy) for x, y in acc]
        else:
            line = [(k * a, (q - k) * b) for k in range(lo, hi + 1)]
            acc = [(x + c, y + d) for x, y in acc for c, d in line]
    return acc


def _prune(pairs: set[Pair] | frozenset[Pair]) -> list[Pair]:
    """The non-dominated pairs, by left ascending (rights strictly falling)."""
    out: list[Pair] = []
    best = 1 << 30
    for p in sorted(pairs):
        if p[1] < best:
            out.append(p)
            best = p[1]
    return out


def _choice_sources(
    need: Vec, own: Stats, left: Stats, right: Stats
) -> list[tuple[tuple[int, ...], int]]:
    sources: list[tuple[tuple[int, ...], int]] = []
    for side, chs in ((0, own.choices), (1, left.sell_choices), (2, right.sell_choices)):
        for ch in chs:
            opts = tuple(r for r in ch if need[r])
            if opts:
                sources.append((opts, side))
    return sources


def _every_plan(need: Vec, own: Stats, left: Stats, right: Stats) -> frozenset[Pair]:
    """Every payment: each choice source idle or used for one needed unit (memoised on what
    is still missing), the rest bought from fixed production."""
    sources = _choice_sources(need, own, left, right)
    pl, pr = own.price_left, own.price_right
    lf, rf = left.sell_fixed, right.sell_fixed
    memo: dict[tuple[int, Vec], frozenset[Pair]] = {}
    last = len(sources)

    def go(i: int, rest: Vec) -> frozenset[Pair]:
        k = (i, rest)
        hit = memo.get(k)
        if hit is not None:
            return hit
        if i == last:
            res = _independent(rest, lf, rf, pl, pr) if any(rest) else _ZERO
        else:
            opts, side = sources[i]
            acc: set[Pair] = set(go(i + 1, rest))
            for r in opts:
                if rest[r]:
                    sub = go(i + 1, rest[:r] + (rest[r] - 1,) + rest[r + 1 :])
                    if side == 0:
                        acc.update(sub)
                    elif side == 1:
                        acc.update((a + pl[r], b) for a, b in sub)
                    else:
                        acc.update((a, b + pr[r]) for a, b in sub)
            res = frozenset(acc)
        memo[k] = res
        return res

    return go(0, need)


def _independent(need: Vec, lf: Vec, rf: Vec, pl: Vec, pr: Vec) -> frozenset[Pair]:
    """Buy ``need`` from fixed production alone (left sells ``lf``, right ``rf``)."""
    acc: set[Pair] = {(0, 0)}
    for r, q in enumerate(need):
        if not q:
            continue
        a, b = lf[r], rf[r]
        opts = [(k * pl[r], (q - k) * pr[r]) for k in range(max(0, q - b), min(q, a) + 1)]
        if not opts:
            return _NONE
        acc = {(x + c, y + d) for x, y in acc for c, d in opts}
    return frozenset(acc)
