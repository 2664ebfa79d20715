"""Who acts and which moves are legal (interned Move values: no allocation per call)."""

from __future__ import annotations

from engine.duel.costs import (
    IS_BLUE,
    ITEM_WONDER,
    PRINTED,
    price_base,
    rebates,
    trade_cost,
)
from engine.duel.data import CARDS, COLOR_MASK, FREE_MASK, TOKENS, WONDERS
from engine.duel.move import Move
from engine.duel.state import (
    DESTROY,
    DRAFT,
    LIBRARY,
    MAUSOLEUM,
    OVER,
    PLAY,
    START,
    TOKEN,
    State,
)

__all__ = [
    "BUILD", "DISCARD", "DESTROY_MOVES", "PICK", "REVIVE", "START_MOVES", "TOKEN_MOVES",
    "WONDER_MOVES", "bits", "can_build_wonders", "draft_offer", "legal_moves", "to_act",
]

BUILD: tuple[Move, ...] = tuple(Move("build", s) for s in range(20))
DISCARD: tuple[Move, ...] = tuple(Move("discard", s) for s in range(20))
WONDER_MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move("wonder", s, w.key) for w in WONDERS) for s in range(20))
PICK: tuple[Move, ...] = tuple(Move("pick", -1, w.key) for w in WONDERS)
TOKEN_MOVES: tuple[Move, ...] = tuple(Move("token", -1, t.key) for t in TOKENS)
DESTROY_MOVES: tuple[Move, ...] = tuple(Move("destroy", -1, c.key) for c in CARDS)
REVIVE: tuple[Move, ...] = tuple(Move("revive", -1, c.key) for c in CARDS)
START_MOVES: tuple[Move, ...] = (Move("start", -1, "0"), Move("start", -1, "1"))
_ACTING: tuple[frozenset[int], ...] = (frozenset((0,)), frozenset((1,)))
_NONE: frozenset[int] = frozenset()
_MAX_WONDERS = 7


def bits(mask: int) -> list[int]:
    """Set bit indices of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def to_act(state: State) -> frozenset[int]:
    """The single seat to act (draft picks and follow-up choices included); empty at the end."""
    if state.phase == OVER:
        return _NONE
    return _ACTING[state.player]


def draft_offer(draft: tuple[int, ...]) -> tuple[int, ...]:
    """Wonders of the current draft round still on offer (``draft``: the wonders not picked)."""
    return draft[:4 - (8 - len(draft)) % 4]


def can_build_wonders(state: State, seat: int, base: int = -1) -> list[tuple[int, int]]:
    """(wonder id, price) of the seat's buildable Wonders it can afford (the 7-Wonder cap too)."""
    if state.nbuilt >= _MAX_WONDERS:
        return []
    coins = state.coins[seat]
    out = []
    wage = state.wage
    rebate = -1
    for x in state.wonders[seat]:
        if wage[x] == 0:
            if rebate < 0:
                rebate = rebates(state.tokens[seat])[1]
                if base < 0:
                    base = price_base(state, seat)
            p = trade_cost(ITEM_WONDER + x, base, rebate)
            if p <= coins:
                out.append((x, p))
    return out


def _play_moves(state: State, seat: int) -> list[Move]:
    out: list[Move] = []
    coins = state.coins[seat]
    mask = state.masks[seat]
    base = price_base(state, seat)
    blue_rebate = rebates(state.tokens[seat])[0]
    wonders = can_build_wonders(state, seat, base)
    pyramid = state.pyramid
    access = state.access
    while access:
        low = access & -access
        slot = low.bit_length() - 1
        access ^= low
        card = pyramid[slot]
        if FREE_MASK[card] & mask or PRINTED[card] + trade_cost(
                card, base, blue_rebate if IS_BLUE[card] else 0) <= coins:
            out.append(BUILD[slot])
        out.append(DISCARD[slot])
        if wonders:
            row = WONDER_MOVES[slot]
            out.extend(row[x] for x, _ in wonders)
    return out


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every legal move of ``seat``; ``[]`` when it is not that seat's turn."""
    if state.phase == OVER or seat != state.player:
        return []
    phase = state.phase
    if phase == PLAY:
        return _play_moves(state, seat)
    if phase == DRAFT:
        return [PICK[x] for x in draft_offer(state.draft)]
    if phase == TOKEN:
        return [TOKEN_MOVES[t] for t in state.board]
    if phase == LIBRARY:
        return [TOKEN_MOVES[t] for t in state.offer]
    if phase == DESTROY:
        colour = state.ruin
        return [DESTROY_MOVES[c] for c in state.built[1 - seat] if COLOR_MASK[colour] >> c & 1]
    if phase == MAUSOLEUM:
        seen = 0
        out = []
        for c in state.discard:
            if not seen >> c & 1:
                seen |= 1 << c
                out.append(REVIVE[c])
        return out
    if phase == START:
        return list(START_MOVES)
    raise AssertionError(f"unknown phase {phase}")

