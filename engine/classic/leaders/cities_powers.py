"""The Cities leaders' powers that read only the state (Cities rules 7): Aspasia's Diplomacy
token on recruitment, Caligula's free black card per Age, Semiramis' Defeat tokens as shields.

A leaf of the Leaders package: ``effects``, ``roma``, ``guilds``, ``play`` and ``cities`` import
it, and it imports none of them, so those modules never import one another in a circle.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic.cities.ext import CitiesExt
from engine.classic.data import CARDS, COLORS, NAME_ID
from engine.classic.leaders.data import LEADERS
from engine.classic.leaders.state import Leaders, active
from engine.classic.state import City, Move, State, make_move
from engine.classic.stats import city_stats

__all__ = [
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
