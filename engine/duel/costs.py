"""What a building or a Wonder costs a seat (rules.md §3, §9, §12), memoised in price rows.

A price depends on the item's resource cost, the buyer's *profile* (fixed production capped at 3
per resource — no cost needs more —, how many raw / manufactured choice producers it has, which
resources it buys at 1 coin) and the opponent's brown/grey production, plus whether a 2-unit
rebate applies (Masonry on blue cards, Architecture on Wonders). Profiles and opponent
productions are interned into small ids; each (profile, opponent) pair has a *price row*, a list
indexed by cost id that is solved lazily, so a price is one list index once the row is known.

The solver is exact and greedy (rules.md §12): the two groups of choice producers are disjoint
(Caravansery / Great Lighthouse: wood, stone, clay; Forum / Piraeus: glass, papyrus) and every
producer of a group covers the same resources, so covering the priciest missing units of each
group, then waiving the priciest remaining units, minimises the coins paid.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Sequence
from typing import TypeVar

from engine.duel.data import (
    BG_BITS,
    BOARD,
    CARDS,
    COLORS,
    FREE_MASK,
    N_CARDS,
    PRICE_BITS,
    RESOURCES,
    TOKEN_INDEX,
    WONDER_INDEX,
    WONDERS,
)
from engine.duel.state import OUT, Facts

__all__ = [
    "BLUE",
    "COSTS",
    "COST_ID",
    "EITHER_BUILT",
    "IS_BLUE",
    "ITEM_WONDER",
    "LIGHTHOUSE",
    "PIRAEUS",
    "PRINTED",
    "REBATE",
    "ROW_KEY_SHIFT",
    "ROW_OF",
    "WONDER_CID",
    "build_price",
    "card_is_free",
    "new_row",
    "price_base",
    "rebates",
    "solve_at",
    "trade_cost",
    "wonder_bits",
    "wonder_price",
]

ITEM_WONDER = N_CARDS  # item index of wonder w is ITEM_WONDER + w
COSTS: tuple[tuple[int, int, int, int, int], ...] = tuple(c.cost for c in CARDS) + tuple(
    w.cost for w in WONDERS
)
PRINTED: tuple[int, ...] = tuple(c.coins for c in CARDS)
BLUE = COLORS.index("blue")
IS_BLUE: tuple[bool, ...] = tuple(c.color == BLUE for c in CARDS)
_BASE = BOARD.trading["base"]
_FIXED = BOARD.trading["fixed_price"]
_RAW = sum(1 << RESOURCES.index(r) for r in ("wood", "stone", "clay"))
LIGHTHOUSE = WONDER_INDEX["the_great_lighthouse"]
PIRAEUS = WONDER_INDEX["piraeus"]
_MASONRY = 1 << TOKEN_INDEX["masonry"]
_ARCHITECTURE = 1 << TOKEN_INDEX["architecture"]
_IS_BUILT: tuple[bool, ...] = tuple(0 < v < OUT for v in range(OUT + 1))  # by ``wage`` value
# By Lighthouse wage * 10 + Piraeus wage: is either built? (Both are usually unbuilt or out of
# the game — 4 of the 12 Wonders are never drafted —, so one lookup settles most calls.)
EITHER_BUILT: tuple[bool, ...] = tuple(
    _IS_BUILT[a] or _IS_BUILT[b] for a in range(10) for b in range(10)
)
assert OUT < 10
ROW_KEY_SHIFT = 1 << 22  # the opponent's brown/grey bits sit above bit 22 of a row key
_CAP = 3  # no card or Wonder costs more than 3 units of one resource
# Items with the same resource cost share memo entries: cost id 0 is "no resources", else the
# id of the distinct cost vector, whose (resource, units) pairs are in _NEEDS.
_NEEDS: tuple[tuple[tuple[int, int], ...], ...] = ((),) + tuple(
    tuple((r, n) for r, n in enumerate(cost) if n) for cost in sorted({c for c in COSTS if any(c)})
)
COST_ID: tuple[int, ...] = tuple(
    _NEEDS.index(tuple((r, n) for r, n in enumerate(c) if n)) for c in COSTS
)
WONDER_CID: tuple[int, ...] = COST_ID[ITEM_WONDER:]  # cost id by wonder id
assert len(_NEEDS) <= 64, "cost ids must fit 6 bits of a price row index"
assert max(n for need in _NEEDS for _, n in need) <= _CAP
assert _BASE + max(sum(c.produce[r] for c in CARDS) for r in range(5)) < 16, "4-bit units"

# own price key -> profile id; profile id -> (production, raw choices, manufactured choices,
# fixed-price resource mask)
_PROFILE_OF: dict[int, int] = {}
_PROFILES: list[tuple[tuple[int, ...], int, int, int]] = []
_PROFILE_IDS: dict[tuple[tuple[int, ...], int, int, int], int] = {}
_OPP_OF: dict[int, int] = {}  # opponent brown/grey mask -> production id
_OPPS: list[tuple[int, ...]] = []
_UNIT_PRICES: list[tuple[int, ...]] = []  # by production id: 2 + production, per resource
_OPP_IDS: dict[tuple[int, ...], int] = {}
# A price row (a list, filled lazily): [cost id] trade cost, [REBATE | cost id] the same with a
# 2-unit rebate, -1 while unsolved; [128] profile id, [129] opponent production id, [130:]
# what the solver reads (see _tail). One row per (profile, opponent production), shared by
# every pair of cities that map to it.
REBATE = 64
_EMPTY_ROW = [0] + [-1] * 63 + [0] + [-1] * 63
# Greedy solver results by (choice producers, rebate, then per missing resource: resource,
# units missing, unit price); the same few shortfalls recur across very many city pairs.
_GREEDY: dict[int, int] = {}
_ROWS: dict[int, list[int]] = {}  # profile id << 12 | opponent id -> row
_ROW_OF: dict[int, list[int]] = {}  # own price bits | opponent's brown/grey << 22 -> row
ROW_OF = _ROW_OF  # (read inline by moves.legal_moves)
_MEMO_LIMIT = 200_000  # city-pair keys (~100 B each)
_ROW_LIMIT = 30_000  # rows (~1.4 kB each): ~40 MB at most


# Profile and opponent-production ids are positions in _PROFILES / _OPPS (and _UNIT_PRICES):
# allocating one (append, then publish the id) must not interleave with another thread's
# (engine/caches.py). Only misses take the lock: a few hundred per process.
_ID_LOCK = threading.Lock()
_K = TypeVar("_K", bound=Hashable)


def _intern(table: dict[_K, int], items: list[_K], value: _K) -> int:
    got = table.get(value)
    if got is None:
        items.append(value)
        got = table[value] = len(items) - 1
    return got


# Per price-relevant card id (< 20): (production, 1 if a raw choice producer, 1 if a
# manufactured one, fixed-price resource mask); a miss iterates only the city's set bits.
_PRICE_CARDS: tuple[tuple[tuple[int, ...], int, int, int], ...] = tuple(
    (c.produce, 1 if c.choice & _RAW else 0, 1 if c.choice and not c.choice & _RAW else 0, c.fixed)
    for c in CARDS[: PRICE_BITS.bit_length()]
)


def _profile(own: int) -> int:
    p0 = p1 = p2 = p3 = p4 = raw = man = fixed = 0
    bits = own & PRICE_BITS
    while bits:
        low = bits & -bits
        bits ^= low
        (a, b, c, d, e), r, m, f = _PRICE_CARDS[low.bit_length() - 1]
        p0 += a
        p1 += b
        p2 += c
        p3 += d
        p4 += e
        raw += r
        man += m
        fixed |= f
    raw += own >> 20 & 1  # The Great Lighthouse: wood, stone or clay
    man += own >> 21 & 1  # Piraeus: glass or papyrus
    key = (
        (min(_CAP, p0), min(_CAP, p1), min(_CAP, p2), min(_CAP, p3), min(_CAP, p4)),
        raw,
        man,
        fixed,
    )
    pid = _PROFILE_IDS.get(key)
    if pid is None:  # (a published id is final: only a new one needs the lock)
        with _ID_LOCK:
            pid = _intern(_PROFILE_IDS, _PROFILES, key)
    _PROFILE_OF[own] = pid
    return pid


def _opp(bg: int) -> int:
    prod = [0] * 5
    bits = bg
    while bits:
        low = bits & -bits
        bits ^= low
        for r, n in enumerate(_PRICE_CARDS[low.bit_length() - 1][0]):
            prod[r] += n
    key = tuple(prod)
    oid = _OPP_IDS.get(key)
    if oid is None:
        with _ID_LOCK:
            if key not in _OPP_IDS:  # the unit prices are in place before the id is
                _UNIT_PRICES.append(tuple(_BASE + n for n in prod))
            oid = _intern(_OPP_IDS, _OPPS, key)
    _OPP_OF[bg] = oid
    return oid


def price_base(state: Facts, seat: int) -> list[int]:
    """The seat's price row: everything its city and the opponent's fix (see ``_row``)."""
    masks = state.masks
    wage = state.wage
    # (+ and * on ints are specialised by the interpreter, & and << are not; no bits overlap)
    key = (masks[seat] & PRICE_BITS) + (masks[1 - seat] & BG_BITS) * ROW_KEY_SHIFT
    if EITHER_BUILT[wage[LIGHTHOUSE] * 10 + wage[PIRAEUS]]:
        key += wonder_bits(wage, state.wonders[seat])
    row = _ROW_OF.get(key)
    return new_row(key) if row is None else row


def wonder_bits(wage: Sequence[int], wonders: Sequence[int]) -> int:
    """Row-key bits of the choice production a seat with ``wonders`` has from its built Great
    Lighthouse (bit 20) and Piraeus (bit 21)."""
    bits = 0
    if _IS_BUILT[wage[LIGHTHOUSE]] and LIGHTHOUSE in wonders:
        bits = 1 << 20
    if _IS_BUILT[wage[PIRAEUS]] and PIRAEUS in wonders:
        bits += 1 << 21
    return bits


def new_row(key: int) -> list[int]:
    own = key & (1 << 22) - 1
    bg = key >> 22
    pid = _PROFILE_OF.get(own)
    if pid is None:
        pid = _profile(own)
    oid = _OPP_OF.get(bg)
    if oid is None:
        oid = _opp(bg)
    if len(_ROW_OF) > _MEMO_LIMIT or len(_ROWS) > _ROW_LIMIT:
        _ROW_OF.clear()
        _ROWS.clear()
        _GREEDY.clear()
    row = _ROWS.get(pid << 12 | oid)
    if row is None:
        row = _ROWS[pid << 12 | oid] = _EMPTY_ROW + [pid, oid] + _tail(pid, oid)
    _ROW_OF[key] = row
    return row


# Row index of the solver's inputs (see _tail): per resource r and units n (1..3) wanted, what
# buying them costs (_DEFICIT) and their greedy-memo key fragment (_FRAGMENT); the choice
# producers (_CHOICES) and the greedy memo key's low bits they fix (_PREFIX).
_DEFICIT, _FRAGMENT, _CHOICES, _PREFIX = 131, 146, 161, 163
# By own production (capped) * 16 + unit price: per n = 1..3 wanted, the coins buying the
# missing units cost; per resource, the same index: the greedy memo's key fragment (missing
# units, unit price: 6 bits at the resource's own place above the 5 low bits of choice
# producers and rebate, so a key is a sum), 0 when nothing is missing. Unit prices are < 16.
_COST3: tuple[tuple[int, int, int], ...] = tuple(
    (max(0, 1 - own) * unit, max(0, 2 - own) * unit, max(0, 3 - own) * unit)
    for own in range(_CAP + 1)
    for unit in range(16)
)
_FRAG3: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(((n - own) << 4 | unit) << (6 * r + 5) if n > own else 0 for n in (1, 2, 3))
        for own in range(_CAP + 1)
        for unit in range(16)
    )
    for r in range(5)
)


def _tail(pid: int, oid: int) -> list[int]:
    """Row entries [130:164]: whether the profile has no choice producer (the units of
    different resources are then independent); per (resource, units wanted) the coins buying
    the missing ones cost ([131:146]) and the greedy memo key fragment ([146:161]); the raw and
    manufactured choice producers ([161], [162]) and the greedy key bits they fix ([163])."""
    (p0, p1, p2, p3, p4), raw, man, fixed = _PROFILES[pid]
    u0, u1, u2, u3, u4 = _UNIT_PRICES[oid]
    if fixed:
        u0, u1, u2, u3, u4 = (
            _FIXED if fixed >> r & 1 else u for r, u in enumerate((u0, u1, u2, u3, u4))
        )
    a0, a1, a2, a3, a4 = p0 << 4 | u0, p1 << 4 | u1, p2 << 4 | u2, p3 << 4 | u3, p4 << 4 | u4
    return [
        0 if raw or man else 1,
        *_COST3[a0],
        *_COST3[a1],
        *_COST3[a2],
        *_COST3[a3],
        *_COST3[a4],
        *_FRAG3[0][a0],
        *_FRAG3[1][a1],
        *_FRAG3[2][a2],
        *_FRAG3[3][a3],
        *_FRAG3[4][a4],
        raw,
        man,
        (raw << 2 | man) << 1,
    ]


def _solve(need: tuple[tuple[int, int], ...], pid: int, oid: int, rebate: int) -> int:
    prod, raw, man, fixed = _PROFILES[pid]
    oprod = _OPPS[oid]
    if not (raw or man or rebate):  # the common case: every missing unit is bought
        total = 0
        for r, n in need:
            n -= prod[r]
            if n > 0:
                total += n * (_FIXED if fixed >> r & 1 else _BASE + oprod[r])
        return total
    raws: list[int] = []
    mans: list[int] = []
    for r, n in need:
        n -= prod[r]
        if n > 0:
            unit = _FIXED if fixed >> r & 1 else _BASE + oprod[r]
            (raws if _RAW >> r & 1 else mans).extend([unit] * n)
    raws.sort(reverse=True)
    mans.sort(reverse=True)
    rest = sorted(raws[raw:] + mans[man:], reverse=True)
    return sum(rest[rebate:])


def trade_cost(item: int, row: list[int], rebate: int) -> int:
    """Coins spent buying the missing units of ``item`` (card id, or ITEM_WONDER + wonder id)
    for the price row of :func:`price_base`; ``rebate`` is 0 or 2 (Masonry, Architecture)."""
    i = COST_ID[item] | REBATE if rebate else COST_ID[item]
    got = row[i]
    return solve_at(row, i) if got < 0 else got


def solve_at(row: list[int], i: int) -> int:
    """Fill entry ``i`` (cost id, + REBATE for a 2-unit rebate) of a price row."""
    if i < REBATE:
        if row[130]:  # no choice producer, no rebate: buy every missing unit
            got = 0
            for j in _COST_AT[i]:
                got += row[j]
            row[i] = got
            return got
        cid, key = i, row[_PREFIX]
    else:
        cid, key = i - REBATE, row[_PREFIX] + 1
    # The greedy solver, memoised on the missing units, their prices and the helpers.
    for j in _FRAGMENT_AT[cid]:
        key += row[j]
    got = _GREEDY.get(key, -1)
    if got < 0:
        got = _GREEDY[key] = _solve(_NEEDS[cid], row[128], row[129], 0 if cid == i else 2)
    row[i] = got
    return got


# Per cost id: the row indices of its (resource, units) deficits and of their key fragments.
_COST_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(_DEFICIT + 3 * r + n - 1 for r, n in need) for need in _NEEDS
)
_FRAGMENT_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(_FRAGMENT + 3 * r + n - 1 for r, n in need) for need in _NEEDS
)


def card_is_free(state: Facts, seat: int, card: int) -> bool:
    """Whether the seat owns the chain symbol that makes ``card`` free."""
    return bool(FREE_MASK[card] & state.masks[seat])


def build_price(state: Facts, seat: int, card: int) -> tuple[int, int]:
    """(total coins, of which spent on trading) to build ``card``; (0, 0) by a chain."""
    if FREE_MASK[card] & state.masks[seat]:
        return 0, 0
    rebate = 2 if IS_BLUE[card] and state.tokens[seat] & _MASONRY else 0
    trade = trade_cost(card, price_base(state, seat), rebate)
    return PRINTED[card] + trade, trade


def wonder_price(state: Facts, seat: int, wonder: int) -> int:
    """Coins to build ``wonder`` (all of it is trading: Wonders cost resources only)."""
    rebate = 2 if state.tokens[seat] & _ARCHITECTURE else 0
    return trade_cost(ITEM_WONDER + wonder, price_base(state, seat), rebate)


def rebates(tokens: int) -> tuple[int, int]:
    """(blue-card rebate, Wonder rebate) a seat with progress tokens ``tokens`` has."""
    return (2 if tokens & _MASONRY else 0, 2 if tokens & _ARCHITECTURE else 0)
