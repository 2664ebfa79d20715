"""The six Cities leaders (Cities rules 7), played when a game has Leaders AND Cities.

Aspasia takes a Diplomacy token when recruited (or copied by a Courtesan); Berenice adds 1 coin
to a turn in which her owner takes coins from the bank; Caligula builds one black card free per
Age; Darius scores 1 VP per black card (``leaders/scoring.py``); Diocletian's 2 coins per black
card built use the ``on_event`` hook of ``effects.build_income``; Semiramis (kept out of the
deal, data only) counts Defeat tokens as shields. Leaders-only games never reach this module's
effects: ``Leaders.caligula`` is empty there, and no dealt leader has these fields.
Aspasia's, Caligula's and Semiramis' powers are in the leaf ``cities_powers``; this module keeps
Berenice's bank count, which needs ``effects``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic.data import BOARDS, CARDS
from engine.classic.leaders.data import LEADERS
from engine.classic.leaders.effects import build_income, neighbours_bought
from engine.classic.leaders.state import Leaders, active
from engine.classic.state import PICK, Move, State

__all__ = ["bank_add", "bank_bonus", "bank_start", "berenice"]


def bank_bonus(lead: Leaders, seat: int) -> int:
    """Berenice: coins added to a turn in which the seat took coins from the bank."""
    return sum(LEADERS[lid].bank_bonus for lid in active(lead, seat))


def bank_start(state: State) -> list[int] | None:
    """Per-seat bank income counters for a pick turn's resolution when a seat has Berenice
    (None otherwise: nothing to count). Only the pick turn's own resolution counts, not the
    discard builds or Babylon's 7th card that end it (docs/leaders.md)."""
    lead: Leaders = state.leaders
    if state.phase != PICK or not any(bank_bonus(lead, i) for i in range(state.players)):
        return None
    return [0] * state.players


def bank_add(bank: list[int], state: State, seat: int, mv: Move, cid: int, chained: bool) -> None:
    """Add the coins ``seat``'s resolved action takes from the bank (never trade payments):
    a discard's 3, a card's or stage's coins (Gambling Den/House: its neighbours' share too)
    and the seat's leaders' coins (Xenophon, Vitruvius, Hatshepsut, Diocletian)."""
    n = state.players
    if mv.action == "discard":
        bank[seat] += 3
        return
    c = state.cities[seat]
    if mv.action == "wonder":
        eff = BOARDS[c.board].sides[c.side][c.stages].effect
    else:
        eff = CARDS[cid].effect
    bank[seat] += eff.coins
    if eff.coins_to is not None:
        own, each = eff.coins_to
        bank[seat] += own
        bank[(seat - 1) % n] += each
        bank[(seat + 1) % n] += each
    sellers = neighbours_bought(state, seat, mv, cid)
    bank[seat] += build_income(active(state.leaders, seat), mv, cid, chained, sellers)


def berenice(state: State, bank: Sequence[int], delta: list[int]) -> None:
    """Berenice's coin for each seat that took coins from the bank this turn (once a turn)."""
    for i, got in enumerate(bank):
        if got > 0:
            delta[i] += bank_bonus(state.leaders, i)
