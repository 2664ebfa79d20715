"""The Leaders box's guilds: Gamers' and Diplomats' scoring, the Courtesans' Guild copy
(rules.md 7). Architects' Guild uses the base vocabulary (3 VP per neighbouring purple card).

The Courtesan choice is a move of its own (``copy:<Leader>``) made at the end of the turn the
guild is built, after that turn's discard builds, by each owner in seat order [E]: like
Halikarnassos' build, the choice needs the turn's picks revealed first.
"""

from __future__ import annotations

from engine.classic.data import CARD_INDEX
from engine.classic.leaders.cities_powers import on_recruit
from engine.classic.leaders.data import LEADERS
from engine.classic.leaders.state import Leaders
from engine.classic.state import Move, State, make_move
from engine.common import Event

__all__ = ["COURT_ID", "apply_copy", "copy_moves", "guild_vp", "owe_court"]

# Card texts of the effects outside the base vocabulary (leaders.yaml `guilds`).
GUILD_TEXTS: dict[str, str] = {
    "Gamers' Guild": "1 VP per 3 coins in the treasury at game end (Leaders)",
    "Courtesans' Guild": "copy a leader recruited by a neighbour (Leaders)",
    "Diplomats' Guild": "1 VP per recruited leader in the two neighbouring cities (Leaders)",
}
COURT_ID = CARD_INDEX["Courtesans' Guild"]
GAMERS_ID = CARD_INDEX["Gamers' Guild"]
DIPLOMATS_ID = CARD_INDEX["Diplomats' Guild"]


def guild_vp(state: State, seat: int, cid: int) -> int:
    """VP of a Leaders guild outside the base vocabulary (0 for the others)."""
    if cid == GAMERS_ID:
        return state.cities[seat].coins // 3
    if cid == DIPLOMATS_ID and state.leaders is not None:
        n = state.players
        lead: Leaders = state.leaders
        # Recruited (face-up) leaders only: a Courtesan copy is not a white card (rules 7.4).
        return len(lead.recruited[(seat - 1) % n]) + len(lead.recruited[(seat + 1) % n])
    return 0


def copy_moves(state: State, seat: int) -> list[Move]:
    lead: Leaders = state.leaders
    n = state.players
    names = set(lead.recruited[(seat - 1) % n]) | set(lead.recruited[(seat + 1) % n])
    return [make_move("copy", lid) for lid in sorted(names)]


def owe_court(state: State, seats: list[int]) -> State:
    """Seats that built the Courtesans' Guild this turn and have a leader to copy (none: the
    guild has no effect, rules 7.3)."""
    owed = tuple(s for s in seats if copy_moves(state, s))
    if not owed:
        return state
    lead: Leaders = state.leaders
    return state._replace(leaders=lead._replace(court=lead.court + owed))


def apply_copy(state: State, seat: int, move: Move) -> tuple[State, list[Event], bool]:
    """Place the Courtesan: the copy's one-shot effects now (Croesus' coins; Solomon's build
    owed). Returns the state, events and whether every owner has chosen."""
    lead: Leaders = state.leaders
    d = LEADERS[move.card]
    copied = lead.copied[:seat] + (move.card,) + lead.copied[seat + 1 :]
    lead = lead._replace(copied=copied)
    cities = state.cities
    if d.coins:
        c = cities[seat]
        nc = c._replace(coins=c.coins + d.coins)
        nc.memo = c.memo
        cities = cities[:seat] + (nc,) + cities[seat + 1 :]
    hali = state.hali + ((seat,) if d.special == "build_from_discard_on_recruit" else ())
    cx = on_recruit(state.cx, seat, move.card)  # Aspasia: a Diplomacy token now (Cities 18)
    text = f"Seat {seat} placed the Courtesan on {d.name}."
    events = [Event(kind="courtesan", text=text, data={"seat": seat, "leader": d.name})]
    pending = state.pending[1:]
    if pending:
        s = state._replace(cities=cities, leaders=lead, pending=pending, hali=hali, cx=cx)
        return s, events, False
    from engine.classic.leaders.roma import finish_owed

    s = state._replace(cities=cities, leaders=lead, pending=(), hali=hali, cx=cx)
    return finish_owed(s), events, True
