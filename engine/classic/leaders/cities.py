"""The six Cities leaders (Cities rules 7), played when a game has Leaders AND Cities.

Aspasia takes a Diplomacy token when recruited (or copied by a Courtesan); Berenice adds 1 coin
to a turn in which her owner takes coins from the bank; Caligula builds one black card free per
Age; Darius scores 1 VP per black card (``leaders/scoring.py``); Diocletian's 2 coins per black
card built use the ``on_event`` hook of ``effects.build_income``; Semiramis (kept out of the
deal, data only) counts Defeat tokens as shields. Leaders-only games never reach this module's
effects: ``Leaders.caligula`` is empty there, and no dealt leader has these fields.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic.cities.ext import CitiesExt
from engine.classic.data import BOARDS, CARDS, COLORS, NAME_ID
from engine.classic.leaders.data import LEADERS
from engine.classic.leaders.state import Leaders, active
from engine.classic.state import PICK, City, Move, State, make_move
from engine.classic.stats import city_stats

__all__ = [
    "bank_add",
    "bank_bonus",
    "bank_start",
    "berenice",
    "caligula_moves",
    "caligula_refusal",
    "caligula_takes",
    "mark_caligula",
    "on_recruit",
    "semiramis_shields",
]

_BLACK = COLORS.index("black")


def on_recruit(cx: CitiesExt | None, seat: int, lid: int) -> CitiesExt | None:
    """Aspasia's Diplomacy token, taken when she is recruited or copied (Cities tricky 18)."""
    got = LEADERS[lid].diplomacy
    if cx is None or not got:
        return cx
    dip = cx.diplomacy
    return cx._replace(diplomacy=dip[:seat] + (dip[seat] + got,) + dip[seat + 1 :])


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
    from engine.classic.leaders.effects import build_income, neighbours_bought

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


def _caligula_free(lead: Leaders, seat: int, age: int) -> bool:
    """The seat has Caligula (recruited or copied) and has not used him this Age."""
    if not lead.caligula or lead.caligula[seat] == age:
        return False
    return any(LEADERS[lid].free_age_color == _BLACK for lid in active(lead, seat))


def caligula_takes(state: State, seat: int, cid: int) -> bool:
    """A ``free`` build of ``cid`` is Caligula's (not Olympia's): a black card while his build
    of this Age is unused. Olympia's free build is thereby kept for another card."""
    lead: Leaders = state.leaders
    return CARDS[cid].color == _BLACK and _caligula_free(lead, seat, state.age)


def mark_caligula(lead: Leaders, seats: Sequence[int], age: int) -> Leaders:
    used = list(lead.caligula)
    for seat in seats:
        used[seat] = age
    return lead._replace(caligula=tuple(used))


def caligula_moves(state: State, seat: int, moves: list[Move]) -> list[Move]:
    """``moves`` plus a ``free`` build of each black hand card the city may build, when Caligula's
    build of this Age is unused (put just before that card's discard)."""
    lead: Leaders = state.leaders
    if not _caligula_free(lead, seat, state.age):
        return moves
    city = state.cities[seat]
    names = (city.memo or city_stats(city)).names
    black = {
        NAME_ID[cid]
        for cid in state.hands[seat]
        if CARDS[cid].color == _BLACK and not names >> NAME_ID[cid] & 1
    }
    if not black:
        return moves
    listed = {m.card for m in moves if m.action == "free"}  # Olympia's, already there
    out: list[Move] = []
    for m in moves:
        if m.action == "discard" and m.card in black and m.card not in listed:
            out.append(make_move("free", m.card))
        out.append(m)
    return out


def caligula_refusal(state: State, seat: int, cid: int) -> str | None:
    """Why Caligula cannot build ``cid`` for free now (None: the seat has no Caligula)."""
    lead: Leaders | None = state.leaders
    if lead is None or not lead.caligula:
        return None
    if not any(LEADERS[lid].free_age_color == _BLACK for lid in active(lead, seat)):
        return None
    if CARDS[cid].color != _BLACK:
        return "Caligula builds only black cards for free."
    return "You already used Caligula's free black card this Age."


def semiramis_shields(lead: Leaders, seat: int, city: City) -> int:
    """Semiramis (JF's reading): every Defeat token of the city counts as one shield."""
    if not any(
        LEADERS[lid].special == "defeat_tokens_count_as_shields" for lid in active(lead, seat)
    ):
        return 0
    return sum(1 for t in city.tokens if t < 0)
