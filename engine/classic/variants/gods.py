"""The Gods & Heroes house variant (``Config.variant == "gods-heroes"``; rules in
docs/gods-and-heroes.md).

Everything the variant adds lives in one immutable :class:`Gods` value in ``State.gods``
(``None`` in every other game, so the base game's hot path only tests that field). The core
calls this module at four points: a ``power:`` move is recorded by :func:`declare`; the
reveal runs :func:`before_reveal` (Zeus) and :func:`after_reveal` (Ra, Marduk, lasting
powers); the end of every turn runs :func:`end_turn` (Artemis, Ares, heroes, gods becoming
ready, Seth's famine moving to its turn); legality goes through :func:`legal` and
:func:`validate` (the power step, Ra's trade partner, Seth's famine).

A god's index is its board's index (Rhodos: Ares ... Gizah: Seth), so a god is never held by
two seats. A power move is ``Move("power", god, target, arg)``: ``arg`` is Ra's side (0 left,
1 right) or Seth's resource index.
"""

from __future__ import annotations

import random
from typing import Any

from engine.classic.data import BOARDS, CARDS, NAME_ID, RESOURCES
from engine.classic.state import PICK, City, Move, State
from engine.classic.stats import city_stats
from engine.classic.variants.gods_data import (
    AGE_TOKEN,
    ARES,
    ARTEMIS,
    ATHENA,
    ATHENA_VP,
    BLUE_HERO_VP,
    GODS,
    HERO_COLOR_IDS,
    HERO_COLORS,
    HERO_NEED,
    HEROES,
    LOCKED,
    MARDUK,
    NO_TARGET,
    RA,
    READY,
    RED_HERO_TOKEN,
    SETH,
    STATUS,
    TARGETED,
    USED,
    ZEUS,
    Gods,
    describe,
    dump,
    hero_gives,
    load,
    parse_power,
    power_text,
    public_text,
    start,
)
from engine.common import Event, IllegalMove

__all__ = [
    "GODS",
    "STATUS",
    "describe",
    "hero_gives",
    "HERO_COLORS",
    "HEROES",
    "Gods",
    "after_reveal",
    "before_reveal",
    "declare",
    "dump",
    "end_turn",
    "foresight",
    "legal",
    "load",
    "parse_power",
    "power_text",
    "start",
    "validate",
]


# --- legality ---------------------------------------------------------------------------


def _god_of(state: State, seat: int) -> int:
    return state.cities[seat].board


def power_moves(state: State, seat: int) -> list[Move]:
    """The seat's power moves now (empty when it may not invoke its god)."""
    g = state.gods
    if g is None or not _may_declare(state, seat):
        return []
    god, n = _god_of(state, seat), state.players
    if god == RA:
        out = []
        for side, nb in ((0, (seat - 1) % n), (1, (seat + 1) % n)):
            out += [Move("power", RA, t, side) for t in range(n) if t not in (seat, nb)]
        return out
    if god == SETH:
        return [Move("power", SETH, t, r) for t in range(n) if t != seat for r in range(7)]
    if god in TARGETED:
        return [Move("power", god, t) for t in range(n) if t != seat]
    return [Move("power", god)]


def _may_declare(state: State, seat: int) -> bool:
    g = state.gods
    return (
        g is not None
        and state.phase == PICK
        and state.picks[seat] is None
        and g.status[seat] == READY
        and g.declared[seat] is None
    )


def _trade_state(state: State, seat: int) -> State:
    """The state the seat's purchases are judged on: without the variant, and with Ra's chosen
    city in place of the replaced neighbour when the seat invoked Ra this turn."""
    g = state.gods
    assert g is not None
    cities = state.cities
    mine = g.declared[seat]
    if mine is not None and mine.card == RA:
        n = state.players
        at = (seat - 1) % n if mine.right == 0 else (seat + 1) % n
        cities = cities[:at] + (cities[mine.left],) + cities[at + 1 :]
    return state._replace(cities=cities, gods=None)


def _starved(state: State, seat: int, move: Move) -> int:
    """The resource Seth's famine denies ``move``, or -1 when the move does not need it."""
    g = state.gods
    assert g is not None
    target, res = g.famine
    if target != seat or state.phase != PICK or move.action not in ("build", "wonder"):
        return -1
    city = state.cities[seat]
    if move.action == "wonder":
        stages = BOARDS[city.board].sides[city.side]
        cost = stages[city.stages].cost if city.stages < len(stages) else ()
    else:
        cid = next((c for c in state.hands[seat] if NAME_ID[c] == move.card), move.card)
        from engine.classic.moves import chain_free  # moves imports this module

        if chain_free(city_stats(city), cid):
            return -1
        cost = CARDS[cid].cost
    return res if cost and cost[res] > 0 else -1


def legal(state: State, seat: int) -> list[Move]:
    """Legal moves of a pick turn: the power step (if any) and the picks."""
    from engine.classic.moves import _legal  # moves imports this module

    moves = _legal(_trade_state(state, seat), seat)
    g = state.gods
    assert g is not None
    if g.famine[0] == seat:
        moves = [m for m in moves if _starved(state, seat, m) < 0]
    return power_moves(state, seat) + moves


def validate(state: State, seat: int, move: Move) -> int:
    """Check a move of a pick turn; return the card id it uses (-1 for a power)."""
    from engine.classic.moves import validate as base  # moves imports this module

    if move.action == "power":
        _check_power(state, seat, move)
        return -1
    cid = base(_trade_state(state, seat), seat, move)
    res = _starved(state, seat, move)
    if res >= 0:
        raise IllegalMove(
            f"Seth's famine: you cannot use {RESOURCES[res]} this turn (neither your own nor "
            "bought); play a card that does not need it, or discard."
        )
    return cid


def _check_power(state: State, seat: int, move: Move) -> None:
    g = state.gods
    assert g is not None
    if state.phase != PICK:
        raise IllegalMove("Powers are invoked before a turn's pick, not in this step.")
    if state.picks[seat] is not None:
        raise IllegalMove("Invoke your god before you pick your card (your pick is already in).")
    own = _god_of(state, seat)
    if move.card != own:
        raise IllegalMove(f"Your god is {GODS[own]}, not {GODS[move.card]}.")
    if g.status[seat] == USED:
        raise IllegalMove(f"{GODS[own]}'s power is used (once per game).")
    if g.status[seat] == LOCKED:
        raise IllegalMove(f"{GODS[own]} answers once your wonder is complete.")
    if g.declared[seat] is not None:
        raise IllegalMove(f"You have already invoked {GODS[own]} this turn.")
    if move not in power_moves(state, seat):
        n = state.players
        if not 0 <= move.left < n or move.left == seat:
            raise IllegalMove(f"Choose another city as the target (seats 0-{n - 1}, not yours).")
        raise IllegalMove(
            "Ra replaces one neighbour by another city: not by itself, and not by you."
        )


# --- applying ---------------------------------------------------------------------------


def _ev(kind: str, text: str, to: int | None = None, **data: object) -> Event:
    return Event(
        kind=kind, text=text, visible_to=None if to is None else frozenset({to}), data=dict(data)
    )


def declare(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Record a (validated) power: secret until the reveal; the seat still picks a card."""
    g = state.gods
    assert g is not None
    declared = g.declared[:seat] + (move,) + g.declared[seat + 1 :]
    events = [_ev("power_declared", f"You {describe(move)[1:]}.", seat, move=str(move))]
    new = state._replace(gods=g._replace(declared=declared), last_events=tuple(events))
    return new, events


def before_reveal(
    state: State, picks: tuple[Move | None, ...]
) -> tuple[State, list[tuple[int, Move]], list[Event]]:
    """Zeus strikes first: the target's picked card goes to the discard pile unplayed. Returns
    the state, the actions left to resolve and the public events."""
    g = state.gods
    assert g is not None
    acts = [(i, p) for i, p in enumerate(picks) if p is not None]
    events: list[Event] = []
    for owner, mv in enumerate(g.declared):
        if mv is None or mv.card != ZEUS:
            continue
        target = mv.left
        hit = picks[target]
        assert hit is not None
        hand = state.hands[target]
        i = next(k for k, c in enumerate(hand) if NAME_ID[c] == hit.card)
        hands = state.hands[:target] + (hand[:i] + hand[i + 1 :],) + state.hands[target + 1 :]
        state = state._replace(hands=hands, discard=state.discard + (hand[i],))
        acts = [(s, p) for s, p in acts if s != target]
        events.append(
            _ev(
                "power",
                public_text(owner, mv),
                god="Zeus",
                seat=owner,
                target=target,
            )
        )
        events.append(_ev("struck", f"Zeus destroyed your {CARDS[hand[i]].name}.", target))
    return state, acts, events


def after_reveal(state: State, acts: list[tuple[int, Move]]) -> tuple[State, list[Event]]:
    """After the actions: Ra's coins to the chosen city, Marduk's earthquake, and the lasting
    powers start; every declared power is spent."""
    g = state.gods
    assert g is not None
    events: list[Event] = []
    status = list(g.status)
    played = dict(acts)
    for owner, mv in enumerate(g.declared):
        if mv is None:
            continue
        status[owner] = USED
        god, target = mv.card, mv.left
        if god == RA:
            state = _ra_coins(state, owner, mv, played.get(owner))
        elif god == MARDUK:
            state, lost = _earthquake(state, target)
            if lost and status[target] == READY:
                status[target] = LOCKED
        elif god == ARTEMIS:
            g = g._replace(artemis=owner)
        elif god == ATHENA:
            g = g._replace(athena=owner)
        elif god == ARES:
            g = g._replace(ares=owner)
        elif god == SETH:
            g = g._replace(famine_next=(target, mv.right))
        if god != ZEUS:  # Zeus' event is emitted before the actions
            events.append(
                _ev("power", public_text(owner, mv), god=GODS[god], seat=owner, target=target)
            )
    g = g._replace(status=tuple(status), declared=(None,) * state.players)
    return state._replace(gods=g), events


def _ra_coins(state: State, owner: int, mv: Move, act: Move | None) -> State:
    """The coins paid on Ra's side went to the real neighbour: they belong to Ra's city."""
    if act is None or act.action not in ("build", "wonder"):
        return state
    n = state.players
    paid = act.left if mv.right == 0 else act.right
    real = (owner - 1) % n if mv.right == 0 else (owner + 1) % n
    if not paid or real == mv.left:
        return state
    cities = list(state.cities)
    for seat, delta in ((real, -paid), (mv.left, paid)):
        c = cities[seat]
        cities[seat] = _city(c, coins=c.coins + delta)
    return state._replace(cities=tuple(cities))


def _city(c: City, **changes: Any) -> City:
    """``c`` changed (its cached facts are kept only when the structures are unchanged)."""
    new = c._replace(**changes)
    if "stages" not in changes:
        new.memo = c.memo
    return new


def _earthquake(state: State, target: int) -> tuple[State, bool]:
    """Marduk: the target's most recent stage is destroyed (its card to the discard pile)."""
    c = state.cities[target]
    if not c.stages:
        return state, False
    stages = BOARDS[c.board].sides[c.side]
    lost = stages[c.stages - 1].effect
    hali = state.hali
    if lost.special == "build_from_discard" and target in hali:
        hali = tuple(s for s in hali if s != target)
    city = _city(c, stages=c.stages - 1, tucked=c.tucked[:-1])
    cities = state.cities[:target] + (city,) + state.cities[target + 1 :]
    return state._replace(cities=cities, discard=state.discard + c.tucked[-1:], hali=hali), True


def end_turn(state: State) -> tuple[State, list[Event]]:
    """End of every turn: Artemis' token, heroes, gods becoming ready (or locked again),
    Seth's famine moving to the target's next pick turn; at an Age's end Ares' token and the
    end of the lasting powers."""
    g = state.gods
    assert g is not None
    events: list[Event] = []
    cities = list(state.cities)
    if g.artemis >= 0:
        _token(cities, g.artemis, 1)
        events.append(_ev("artemis", f"Artemis gives seat {g.artemis} a +1 Victory token."))
    heroes = list(g.heroes)
    status = list(g.status)
    for seat, c in enumerate(cities):
        heroes[seat] = _join(state, seat, c, heroes[seat], cities, events)
        done = c.stages == len(BOARDS[c.board].sides[c.side])
        if status[seat] != USED and (status[seat] == READY) != done:
            status[seat] = READY if done else LOCKED
            if done:
                god = GODS[c.board]
                text = f"Seat {seat}'s {god} is ready."
                events.append(_ev("god_ready", text, god=god, seat=seat))
    g = g._replace(heroes=tuple(heroes), status=tuple(status), famine=g.famine_next)
    g = g._replace(famine_next=NO_TARGET)
    if state.turn == 6:
        if g.ares >= 0:
            _token(cities, g.ares, AGE_TOKEN[state.age])
            text = f"Ares gives seat {g.ares} a Victory token of Age {state.age}."
            events.append(_ev("ares", text))
        g = g._replace(artemis=-1, athena=-1, ares=-1)
    return state._replace(cities=tuple(cities), gods=g), events


def _token(cities: list[City], seat: int, value: int) -> None:
    c = cities[seat]
    cities[seat] = _city(c, tokens=c.tokens + (value,))


def _join(
    state: State,
    seat: int,
    c: City,
    mine: tuple[int, int, int],
    cities: list[City],
    events: list[Event],
) -> tuple[int, int, int]:
    """Heroes joining the city this turn (one per colour, name drawn from the seed)."""
    colors = city_stats(c).colors
    got = list(mine)
    for k, color in enumerate(HERO_COLOR_IDS):
        if got[k] >= 0 or colors[color] < HERO_NEED:
            continue
        got[k] = random.Random(state.seed * 7_919 + seat * 31 + k).randrange(len(HEROES[k]))
        name = HEROES[k][got[k]]
        if k == 0:
            _token(cities, seat, RED_HERO_TOKEN)
        events.append(
            _ev(
                "hero",
                f"The hero {name} joins seat {seat} ({HERO_COLORS[k]}: {hero_gives(k)}).",
                seat=seat,
                hero=name,
                color=HERO_COLORS[k],
            )
        )
    return (got[0], got[1], got[2])


# --- scoring and views --------------------------------------------------------------------


def green_wilds(state: State) -> list[int]:
    g = state.gods
    assert g is not None
    return [1 if h[1] >= 0 else 0 for h in g.heroes]


def bonus_vp(state: State, seat: int) -> tuple[int, int]:
    """(civilian, wonders) VP the variant adds to ``seat``: blue hero, Athena."""
    g = state.gods
    assert g is not None
    civ = BLUE_HERO_VP if g.heroes[seat][2] >= 0 else 0
    won = ATHENA_VP if state.cities[seat].board == ATHENA and g.status[seat] == USED else 0
    return civ, won


def foresight(state: State, seat: int) -> tuple[int, ...] | None:
    """Athena's owner, once it has picked: the hand it will receive next (the giver's hand
    minus the giver's pick, once that pick is in); None when not shown now."""
    g = state.gods
    if g is None or g.athena != seat or state.phase != PICK or state.turn >= 6:
        return None
    if state.picks[seat] is None:
        return None
    n = state.players
    giver = (seat - 1) % n if state.age == 2 else (seat + 1) % n
    pick = state.picks[giver]
    if pick is None:
        return None
    hand = state.hands[giver]
    i = next(k for k, c in enumerate(hand) if NAME_ID[c] == pick.card)
    return hand[:i] + hand[i + 1 :]
