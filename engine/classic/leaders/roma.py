"""Roma (Leaders box): leader discounts of its board and Roma B's stage powers, plus the
one-seat-at-a-time steps owed at the end of a turn (Courtesan choice, Roma B's extra recruit).

Roma A: its owner recruits every leader for free. Roma B: 2 coins less for Roma, 1 less for
each neighbour of Roma (never below 0). Stage 1 of B: 5 coins and the 4 top leaders of the
face-down pile join the owner's leader hand (fewer if fewer remain [E]). Stages 2 and 3 of B:
at the end of that turn the owner may recruit one leader of its hand, paying its price, or pass
(``leader-pass``) [E] — only recruiting is offered (leaders.yaml notes).
"""

from __future__ import annotations

from engine.classic.data import BOARD_INDEX
from engine.classic.leaders.cities_powers import on_recruit
from engine.classic.leaders.data import LEADERS
from engine.classic.leaders.state import COURT, DRAFT, PLAY, ROME, Leaders, owns
from engine.classic.state import LEAD, PICK, Move, State, make_move
from engine.common import Event

__all__ = ["ROMA", "apply_rome", "begin_owed", "leader_price", "rome_moves", "stage_special"]

ROMA = BOARD_INDEX["Roma"]
PASS = make_move("leader-pass", 0)


def leader_price(state: State, seat: int, lid: int) -> int:
    """Coins ``seat`` pays the bank to recruit ``lid`` now (rules 4)."""
    lead: Leaders = state.leaders
    if owns(lead, seat, "recruit_free"):  # Maecenas: every later recruit is free
        return 0
    n = state.players
    me = state.cities[seat]
    if me.board == ROMA and me.side == 0:
        return 0
    off = 2 if me.board == ROMA else 0
    for nb in ((seat - 1) % n, (seat + 1) % n):
        c = state.cities[nb]
        if c.board == ROMA and c.side == 1 and nb != seat:
            off += 1
    return max(0, LEADERS[lid].cost - off)


def stage_special(state: State, seat: int, special: str | None) -> State:
    """A Roma B stage built by ``seat`` this turn."""
    lead: Leaders = state.leaders
    if special == "draw_4_leaders":
        got, deck = lead.deck[:4], lead.deck[4:]
        held = lead.held[seat] + got
        lead = lead._replace(held=lead.held[:seat] + (held,) + lead.held[seat + 1 :], deck=deck)
        return state._replace(leaders=lead)
    if special == "recruit_leader_now":
        return state._replace(leaders=lead._replace(rome=lead.rome + (seat,)))
    return state


def begin_owed(s: State) -> State:
    """The next owed step: Courtesan choices first, then Roma B recruitments."""
    lead: Leaders = s.leaders
    resume = lead.stage if lead.stage not in (COURT, ROME, DRAFT) else lead.resume
    if lead.court:
        lead = lead._replace(stage=COURT, court=(), resume=resume)
        pending = s.leaders.court
    else:
        lead = lead._replace(stage=ROME, rome=(), resume=resume)
        pending = s.leaders.rome
    return s._replace(phase=LEAD, pending=pending, picks=(None,) * s.players, leaders=lead)


def rome_moves(state: State, seat: int) -> list[Move]:
    lead: Leaders = state.leaders
    coins = state.cities[seat].coins
    out = [
        make_move("recruit", lid)
        for lid in lead.held[seat]
        if leader_price(state, seat, lid) <= coins
    ]
    return out + [PASS]


def apply_rome(state: State, seat: int, move: Move) -> tuple[State, list[Event], bool]:
    """An extra Roma B recruitment (or a pass); ``True`` once every owed seat has acted."""
    lead: Leaders = state.leaders
    events: list[Event] = []
    cities, hali, cx = state.cities, state.hali, state.cx
    if move.action == "recruit":
        d = LEADERS[move.card]
        c = cities[seat]
        nc = c._replace(coins=c.coins - leader_price(state, seat, move.card) + d.coins)
        nc.memo = c.memo
        cities = cities[:seat] + (nc,) + cities[seat + 1 :]
        held = tuple(x for x in lead.held[seat] if x != move.card)
        rec = lead.recruited[seat] + (move.card,)
        lead = lead._replace(
            held=lead.held[:seat] + (held,) + lead.held[seat + 1 :],
            recruited=lead.recruited[:seat] + (rec,) + lead.recruited[seat + 1 :],
        )
        if d.special == "build_from_discard_on_recruit":
            hali += (seat,)
        cx = on_recruit(cx, seat, move.card)  # Aspasia's Diplomacy token
        text = f"Seat {seat} recruited {d.name} (Roma)."
        events.append(Event(kind="recruit", text=text, data={"seat": seat, "leader": d.name}))
    pending = state.pending[1:]
    s = state._replace(cities=cities, leaders=lead, hali=hali, pending=pending, cx=cx)
    if pending:
        return s, events, False
    return finish_owed(s), events, True


def finish_owed(s: State) -> State:
    """Every owed seat has acted: more owed steps, or back to the turn's end."""
    lead: Leaders = s.leaders
    if lead.court or lead.rome:
        return begin_owed(s)
    return s._replace(phase=PICK, pending=(), leaders=lead._replace(stage=lead.resume or PLAY))
