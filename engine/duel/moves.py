"""Who acts and which moves are legal (interned Move values: no allocation per call)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.duel.costs import (
    COST_ID,
    EITHER_BUILT,
    IS_BLUE,
    LIGHTHOUSE,
    PIRAEUS,
    PRINTED,
    REBATE,
    ROW_KEY_SHIFT,
    ROW_OF,
    WONDER_CID,
    new_row,
    solve_at,
    wonder_bits,
)
from engine.duel.data import (
    BG_BITS,
    CARDS,
    COLOR_MASK,
    FREE_MASK,
    N_TOKENS,
    PRICE_BITS,
    TOKEN_INDEX,
    TOKENS,
    WONDERS,
)
from engine.duel.move import Move
from engine.duel.state import (
    DESTROY,
    DRAFT,
    F_ACCESS,
    F_COINS,
    F_MASKS,
    F_NBUILT,
    F_PHASE,
    F_PLAYER,
    F_PYRAMID,
    F_TOKENS,
    F_WAGE,
    F_WONDERS,
    LAST,
    LIBRARY,
    MAUSOLEUM,
    OVER,
    PLAY,
    START,
    TOKEN,
    State,
)

__all__ = [
    "BUILD",
    "CARD_PRICE",
    "CARD_PRICE_MASONRY",
    "DISCARD",
    "DESTROY_MOVES",
    "LAST_ROW",
    "PICK",
    "REVIVE",
    "SLOTS",
    "START_MOVES",
    "TABLE_OF",
    "TOKEN_MOVES",
    "WONDER_MOVES",
    "WONDER_REBATE_OF",
    "bits",
    "draft_offer",
    "legal_moves",
    "slots_of",
    "to_act",
]

BUILD: tuple[Move, ...] = tuple(Move("build", s) for s in range(20))
DISCARD: tuple[Move, ...] = tuple(Move("discard", s) for s in range(20))
WONDER_MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move("wonder", s, w.key) for w in WONDERS) for s in range(20)
)
PICK: tuple[Move, ...] = tuple(Move("pick", -1, w.key) for w in WONDERS)
TOKEN_MOVES: tuple[Move, ...] = tuple(Move("token", -1, t.key) for t in TOKENS)
DESTROY_MOVES: tuple[Move, ...] = tuple(Move("destroy", -1, c.key) for c in CARDS)
REVIVE: tuple[Move, ...] = tuple(Move("revive", -1, c.key) for c in CARDS)
START_MOVES: tuple[Move, ...] = (Move("start", -1, "0"), Move("start", -1, "1"))
_ACTING: tuple[frozenset[int], ...] = (frozenset((0,)), frozenset((1,)))
_NONE: frozenset[int] = frozenset()
_MAX_WONDERS = 7
_MASONRY = 1 << TOKEN_INDEX["masonry"]
_ARCHITECTURE = 1 << TOKEN_INDEX["architecture"]


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
    last = LAST[0]  # (see state.LAST)
    f: Sequence[Any] = last[1] if last[0] is state else state
    if f[F_PHASE] == OVER:
        return _NONE
    player: int = f[F_PLAYER]
    return _ACTING[player]


def draft_offer(draft: tuple[int, ...]) -> tuple[int, ...]:
    """Wonders of the current draft round still on offer (``draft``: the wonders not picked)."""
    return draft[: 4 - (8 - len(draft)) % 4]


# Per card: (chain mask making it free, printed coins, cost id), the cost id with the 2-unit
# rebate for blue cards in the Masonry table.
CARD_PRICE: tuple[tuple[int, int, int], ...] = tuple(
    (FREE_MASK[c], PRINTED[c], COST_ID[c]) for c in range(len(CARDS))
)
CARD_PRICE_MASONRY: tuple[tuple[int, int, int], ...] = tuple(
    (FREE_MASK[c], PRINTED[c], COST_ID[c] | REBATE if IS_BLUE[c] and COST_ID[c] else COST_ID[c])
    for c in range(len(CARDS))
)
_BOTH: tuple[tuple[Move, Move], ...] = tuple((BUILD[s], DISCARD[s]) for s in range(20))
# By a seat's progress tokens (a bit mask): its card price table (Masonry's rebate on blue
# cards) and its Wonders' cost id offset (Architecture's rebate); a tuple subscript is cheaper
# than & on ints, which the interpreter does not specialise.
TABLE_OF = tuple(CARD_PRICE_MASONRY if t & _MASONRY else CARD_PRICE for t in range(1 << N_TOKENS))
WONDER_REBATE_OF = tuple(REBATE if t & _ARCHITECTURE else 0 for t in range(1 << N_TOKENS))
# (state, price row of the seat to act) of the last play-phase legal_moves: ``apply`` on that
# same state object reads the row from here (one tuple: a single store, read in one piece).
LAST_ROW: list[tuple[object, list[int]]] = [(None, [])]
# Slot mask -> its slots, lowest first (accessible slots, slots to reveal: a few hundred masks
# per Age layout).
SLOTS: dict[int, tuple[int, ...]] = {}


def slots_of(mask: int) -> tuple[int, ...]:
    """The slots of a slot mask (cached in ``SLOTS``: read that first on hot paths)."""
    got = SLOTS[mask] = tuple(bits(mask))
    return got


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every legal move of ``seat``; ``[]`` when it is not that seat's turn."""
    last = LAST[0]  # the fields of the State last made, as a list (see state.LAST)
    f: Sequence[Any] = last[1] if last[0] is state else state
    if f[F_PHASE] != PLAY or seat != f[F_PLAYER]:
        return _other_moves(state, seat)
    # Hot path (every turn of a playout): the price row is read inline, a miss is solved.
    coins = f[F_COINS][seat]
    masks = f[F_MASKS]
    mask = masks[seat]
    wage = f[F_WAGE]
    key = (mask & PRICE_BITS) + (masks[1 - seat] & BG_BITS) * ROW_KEY_SHIFT  # = price_base
    if EITHER_BUILT[wage[LIGHTHOUSE] * 10 + wage[PIRAEUS]]:
        key += wonder_bits(wage, f[F_WONDERS][seat])
    try:
        row = ROW_OF[key]
    except KeyError:
        row = new_row(key)
    LAST_ROW[0] = (state, row)
    tokens = f[F_TOKENS][seat]
    table = TABLE_OF[tokens]
    wonders: list[int] = []
    if f[F_NBUILT] < _MAX_WONDERS:  # the seat's affordable unbuilt Wonders
        rebate = WONDER_REBATE_OF[tokens]
        for x in f[F_WONDERS][seat]:
            if wage[x]:  # built or out of the game
                continue
            i = WONDER_CID[x] + rebate  # (REBATE is a bit no cost id sets)
            p = row[i]
            if p < 0:
                p = solve_at(row, i)
            if p <= coins:
                wonders.append(x)
    pyramid = f[F_PYRAMID]
    access = f[F_ACCESS]
    out: list[Move] = []
    try:  # (a dict subscript is specialised by the interpreter, a .get call is not)
        slots = SLOTS[access]
    except KeyError:
        slots = slots_of(access)
    for slot in slots:
        free, printed, cid = table[pyramid[slot]]
        if free and free & mask:  # (most cards chain from nothing: skip the long-int and)
            out += _BOTH[slot]
        elif printed > coins:
            out.append(DISCARD[slot])
        else:
            if cid:
                trade = row[cid]
                if trade < 0:
                    trade = solve_at(row, cid)
                printed += trade
            if printed <= coins:
                out += _BOTH[slot]
            else:
                out.append(DISCARD[slot])
        if wonders:
            wrow = WONDER_MOVES[slot]
            for x in wonders:
                out.append(wrow[x])
    return out


def _other_moves(state: State, seat: int) -> list[Move]:
    """``legal_moves`` outside the play phase (or for the seat not to act)."""
    if state.phase == OVER or seat != state.player:
        return []
    phase = state.phase
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
