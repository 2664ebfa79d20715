"""Resolving a turn's actions at once: payments, placements, immediate coins and trade income
(each city's coins change once, by the sum of all of it), with the plug-ins' hooks
(:class:`engine.classic.plugin.Resolution`).

Hot path: states and cities are built with positional constructors (``_replace`` costs
several times more) and events are interned (see :mod:`engine.classic.events`).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.classic.data import BOARDS, CARDS, NAME_ID
from engine.classic.events import ev_resolved
from engine.classic.moves import CHAIN_MASKS
from engine.classic.plugin import Hooks, Resolution, hooks
from engine.classic.scoring import per_value
from engine.classic.state import HALI, PICK, City, Move, State
from engine.classic.stats import Stats, after_card, after_stage, city_stats
from engine.classic.values import DISCARD_ACTIONS
from engine.common import Event

__all__ = ["build", "resolve", "with_fields"]

_new = tuple.__new__  # builds a City / State in C (their generated __new__ runs Python code)

# Where each field sits in a State: a changed state is built from a list copy of the old one
# with a few items replaced (cheaper than reading every field by name, and the plug-ins' slots
# are carried over without the core naming them).
TURN_AT, PHASE_AT, HANDS_AT, CITIES_AT, PICKS_AT, DISCARD_AT = map(
    State._fields.index, ("turn", "phase", "hands", "cities", "picks", "discard")
)
DECKS_AT, PENDING_AT, HALI_AT, EVENTS_AT, PASSED_AT, SHOWN_AT = map(
    State._fields.index, ("decks", "pending", "hali", "last_events", "passed", "shown")
)
AGE_AT = State._fields.index("age")


def _with(
    s: State,
    *,
    phase: int | None = None,
    hands: tuple[tuple[int, ...], ...] | None = None,
    cities: tuple[City, ...] | None = None,
    picks: tuple[Move | None, ...] | None = None,
    discard: tuple[int, ...] | None = None,
    pending: tuple[int, ...] | None = None,
    hali: tuple[int, ...] | None = None,
    events: tuple[Event, ...] | None = None,
) -> State:
    """``s`` with some fields changed (a cheaper ``State._replace``)."""
    f = list(s)
    if phase is not None:
        f[PHASE_AT] = phase
    if hands is not None:
        f[HANDS_AT] = hands
    if cities is not None:
        f[CITIES_AT] = cities
    if picks is not None:
        f[PICKS_AT] = picks
    if discard is not None:
        f[DISCARD_AT] = discard
    if pending is not None:
        f[PENDING_AT] = pending
    if hali is not None:
        f[HALI_AT] = hali
    if events is not None:
        f[EVENTS_AT] = events
    new: State = _new(State, f)
    if phase is None and s.hooks_memo is not None:
        new.hooks_memo = s.hooks_memo  # same phase, same plug-in slots: the same hooks
    return new


def _take(cards: tuple[int, ...], nid: int) -> tuple[int, tuple[int, ...]]:
    for i, c in enumerate(cards):
        if NAME_ID[c] == nid:
            return c, cards[:i] + cards[i + 1 :]
    raise AssertionError("validated card vanished")


_STAGE_EFFECTS = tuple(tuple(tuple(st.effect for st in side) for side in b.sides) for b in BOARDS)
_CARD_EFFECTS = tuple(c.effect for c in CARDS)
_CARD_COINS = tuple(c.coins for c in CARDS)
# Coins to the bank per board, side and stage (Cities' Petra; 0 elsewhere).
_STAGE_COINS = tuple(tuple(tuple(st.coins for st in side) for side in b.sides) for b in BOARDS)


def _resolve(
    state: State, acts: Iterable[tuple[int, Move]], table: Hooks | None = None
) -> tuple[State, list[Event]]:
    """Pay and place everything; immediate coin effects count this turn's builds, and trade
    income arrives last: each city's coins change once, by the sum of all of it."""
    n = state.players
    old = state.cities
    # Per seat that placed a card: (stages, built, tucked, free_used_age, facts); the cities
    # are built once at the end, with their final coins.
    fresh: list[tuple[int, tuple[int, ...], tuple[int, ...], int, Stats] | None] = [None] * n
    hands = list(state.hands)
    discard = state.discard
    delta = [0] * n  # coins: - payments + immediate gains + trade income
    events: list[Event] = []
    hali = state.hali
    per: list[tuple[int, tuple[tuple[int, ...], tuple[int, ...], int]]] = []
    from_discard = state.phase == HALI
    row = [-1] * n
    parts: list[Resolution] = []
    for hook in (table or state.hooks_memo or hooks(state)).resolution:
        part = hook(state)
        if part is not None:
            parts.append(part)
    for seat, mv in acts:
        c = old[seat]
        if from_discard:
            cid, discard = _take(discard, mv.card)
        else:
            cid, hands[seat] = _take(hands[seat], mv.card)
        action, left, right = mv.action, mv.left, mv.right
        st = c.memo
        if st is None:
            st = city_stats(c)
        if action == "discard":
            discard += (cid,)
            delta[seat] += 3
            eff = None
        elif action == "wonder":
            eff = _STAGE_EFFECTS[c.board][c.side][c.stages]
            delta[seat] += eff.coins - left - right - _STAGE_COINS[c.board][c.side][c.stages]
            if eff.special == "build_from_discard":
                hali += (seat,)
            fresh[seat] = (
                c.stages + 1,
                c.built,
                c.tucked + (cid,),
                c.free_used_age,
                after_stage(st, c.board, c.side, c.stages),
            )
        elif action in DISCARD_ACTIONS:  # a plug-in's use of a discarded card
            discard += (cid,)
            delta[seat] += DISCARD_ACTIONS[action][0]
            eff = None
        else:
            paid = left + right
            if action == "build" and (paid or not st.names & CHAIN_MASKS[cid]):
                paid += _CARD_COINS[cid]
            eff = _CARD_EFFECTS[cid]
            delta[seat] += eff.coins - paid
            if eff.coins_per is not None:
                per.append((seat, eff.coins_per))
            used = c.free_used_age
            if action == "free" and not any(x.keeps_free_build(seat, cid) for x in parts):
                used = state.age
            fresh[seat] = (c.stages, c.built + (cid,), c.tucked, used, after_card(st, cid, c.side))
            row[seat] = cid
        if left:
            delta[(seat - 1) % n] += left
        if right:
            delta[(seat + 1) % n] += right
        for part in parts:
            part.placed(seat, mv, cid, eff, st, delta)
        events.extend(ev_resolved(seat, mv, cid, c.stages + 1))
    if per:  # counted on the placed cities (this turn's builds included)
        placed = _with(state, cities=_placed(old, fresh, [0] * n))
        stats = [city_stats(c) for c in placed.cities]
        for seat, what in per:
            got = per_value(what, placed, seat, stats)
            delta[seat] += got
            for part in parts:
                part.income(seat, got)
    for part in parts:
        part.settle(delta)
    cities = _placed(old, fresh, delta)
    f = list(state)
    f[HANDS_AT] = tuple(hands)
    f[CITIES_AT] = cities
    f[DISCARD_AT] = discard
    f[HALI_AT] = hali
    if state.phase == PICK:
        f[SHOWN_AT] = state.shown + (tuple(row),)
    out: State = _new(State, f)
    for part in parts:
        out = part.close(out)
    return out, events


def _placed(
    old: tuple[City, ...],
    fresh: list[tuple[int, tuple[int, ...], tuple[int, ...], int, Stats] | None],
    delta: list[int],
) -> tuple[City, ...]:
    """The cities after this turn's placements (``fresh``) and coin changes (``delta``)."""
    cities = list(old)
    for i, f in enumerate(fresh):
        c = old[i]
        if f is not None:
            stages, built, tucked, used, st = f
            nc = _new(
                City,
                (
                    c.board,
                    c.side,
                    stages,
                    c.coins + delta[i],
                    built,
                    tucked,
                    c.tokens,
                    used,
                    c.prod,
                ),
            )
        elif delta[i]:
            st = city_stats(c)
            nc = _new(
                City,
                (
                    c.board,
                    c.side,
                    c.stages,
                    c.coins + delta[i],
                    c.built,
                    c.tucked,
                    c.tokens,
                    c.free_used_age,
                    c.prod,
                ),
            )
        else:
            continue
        nc.memo = st
        cities[i] = nc
    return tuple(cities)


build = _new
with_fields = _with
resolve = _resolve
