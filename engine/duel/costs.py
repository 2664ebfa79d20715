"""What a building or a Wonder costs a seat (rules.md §3, §9, §12), memoised on small int keys.

The trade part of a price depends only on: the item, the price-relevant cards of the buyer
(``PRICE_BITS``: producers, choice producers, fixed-price cards), the buyer's choice Wonders
(Great Lighthouse, Piraeus), the seller-side production of the opponent (``BG_BITS``) and whether a
2-unit rebate applies (Masonry on blue cards, Architecture on Wonders). Those fit one int key.
"""

from __future__ import annotations

from engine.duel.data import (
    BG_BITS,
    BOARD,
    CARDS,
    COLORS,
    FREE_MASK,
    N_CARDS,
    PRICE_BITS,
    TOKEN_INDEX,
    WONDER_INDEX,
    WONDERS,
)
from engine.duel.state import Facts

__all__ = [
    "BLUE", "COSTS", "ITEM_WONDER", "build_price", "card_is_free", "own_key", "trade_cost",
    "wonder_price",
]

ITEM_WONDER = N_CARDS  # item index of wonder w is ITEM_WONDER + w
COSTS: tuple[tuple[int, int, int, int, int], ...] = (
    tuple(c.cost for c in CARDS) + tuple(w.cost for w in WONDERS))
BLUE = COLORS.index("blue")
_BASE = BOARD.trading["base"]
_FIXED = BOARD.trading["fixed_price"]
_LIGHTHOUSE = WONDER_INDEX["the_great_lighthouse"]
_PIRAEUS = WONDER_INDEX["piraeus"]
_MASONRY = 1 << TOKEN_INDEX["masonry"]
_ARCHITECTURE = 1 << TOKEN_INDEX["architecture"]
_CHOICE_WONDERS = ((_LIGHTHOUSE, 20), (_PIRAEUS, 21))
_MEMO: dict[int, int] = {}
_MEMO_LIMIT = 400_000


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def own_key(state: Facts, seat: int) -> int:
    """The buyer's price-relevant facts: cards in bits 0..19, choice Wonders in bits 20, 21."""
    key = state.masks[seat] & PRICE_BITS
    wage = state.wage
    for w, bit in _CHOICE_WONDERS:
        if wage[w] and wage[w] != 9 and w in state.wonders[seat]:
            key |= 1 << bit
    return key


def _solve(cost: tuple[int, ...], own: int, opp: int, rebate: int) -> int:
    prod = [0] * 5
    choices: list[int] = []
    fixed = 0
    for i in _bits(own & PRICE_BITS):
        c = CARDS[i]
        for r in range(5):
            prod[r] += c.produce[r]
        if c.choice:
            choices.append(c.choice)
        fixed |= c.fixed
    for w, bit in _CHOICE_WONDERS:
        if own >> bit & 1:
            choices.append(WONDERS[w].choice)
    oprod = [0] * 5
    for i in _bits(opp & BG_BITS):
        for r in range(5):
            oprod[r] += CARDS[i].produce[r]
    need = [max(0, cost[r] - prod[r]) for r in range(5)]
    unit = [_FIXED if fixed >> r & 1 else _BASE + oprod[r] for r in range(5)]
    return _best(need, choices, 0, unit, rebate)


def _best(need: list[int], choices: list[int], k: int, unit: list[int], rebate: int) -> int:
    """Cheapest purchase over every assignment of the choice producers ``k..`` (§12)."""
    if k == len(choices):
        prices = sorted((unit[r] for r in range(5) for _ in range(need[r])), reverse=True)
        return sum(prices[rebate:])
    best = _best(need, choices, k + 1, unit, rebate)
    for r in range(5):
        if choices[k] >> r & 1 and need[r]:
            need[r] -= 1
            best = min(best, _best(need, choices, k + 1, unit, rebate))
            need[r] += 1
    return best


def trade_cost(item: int, own: int, opp_mask: int, rebate: int) -> int:
    """Coins spent buying the missing units of ``item`` (card id, or ITEM_WONDER + wonder id)."""
    opp = opp_mask & BG_BITS
    key = item | own << 7 | opp << 29 | rebate << 43
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) > _MEMO_LIMIT:
            _MEMO.clear()
        got = _MEMO[key] = _solve(COSTS[item], own, opp, rebate)
    return got


def card_is_free(state: Facts, seat: int, card: int) -> bool:
    """Whether the seat owns the chain symbol that makes ``card`` free."""
    return bool(FREE_MASK[card] & state.masks[seat])


def build_price(state: Facts, seat: int, card: int) -> tuple[int, int]:
    """(total coins, of which spent on trading) to build ``card``; (0, 0) by a chain."""
    if FREE_MASK[card] & state.masks[seat]:
        return 0, 0
    c = CARDS[card]
    rebate = 2 if c.color == BLUE and state.tokens[seat] & _MASONRY else 0
    trade = trade_cost(card, own_key(state, seat), state.masks[1 - seat], rebate)
    return c.coins + trade, trade


def wonder_price(state: Facts, seat: int, wonder: int) -> int:
    """Coins to build ``wonder`` (all of it is trading: Wonders cost resources only)."""
    rebate = 2 if state.tokens[seat] & _ARCHITECTURE else 0
    return trade_cost(ITEM_WONDER + wonder, own_key(state, seat), state.masks[1 - seat], rebate)
