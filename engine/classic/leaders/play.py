"""Setup, the leader draft and the recruitment turns (``state.phase == LEAD``).

The draft and each recruitment turn are simultaneous pick turns like the Age turns: picks go
into ``State.picks`` (hidden until every seat has picked) and resolve together. A recruitment
turn runs before the Age's hand is dealt (rules 2.2 [E]); the decks of the Ages not yet dealt
stay in ``State.decks``. Solomon and Halikarnassos builds owed at the end of a recruitment turn
use the core's discard-build phase, after which :func:`finish_recruit` deals the Age.
"""

from __future__ import annotations

import random

from engine import wording
from engine.classic.cities.effects import on_place
from engine.classic.cities.ext import CitiesExt
from engine.classic.data import BOARDS
from engine.classic.leaders.cities import bank_bonus
from engine.classic.leaders.cities_powers import on_recruit
from engine.classic.leaders.data import DECISIONS, LEADERS, leader_pool
from engine.classic.leaders.effects import (
    bank_coin,
    leader_price,
    neighbour_buy,
    neighbours_bought,
    stage_payments,
)
from engine.classic.leaders.events import ev_draft_done, ev_recruit_done
from engine.classic.leaders.guilds import apply_copy, copy_moves
from engine.classic.leaders.roma import apply_rome, rome_moves, stage_special
from engine.classic.leaders.state import COURT, DRAFT, PLAY, RECRUIT, ROME, Leaders
from engine.classic.plugin import step_builds
from engine.classic.state import LEAD, PICK, City, Move, State, make_move
from engine.classic.stats import after_stage, city_stats
from engine.common import Event, IllegalMove

__all__ = [
    "apply",
    "begin_recruit",
    "draft_after_pick",
    "finish_recruit",
    "legal",
    "start",
    "validate",
]


def start(
    players: int,
    seed: int,
    rng: random.Random,
    boards: list[int],
    sides: list[int],
    decks: tuple[tuple[int, ...], ...],
    cx: CitiesExt | None = None,
    cities_leaders: bool = True,
    v3: bool = True,
    v5: bool = True,
) -> State:
    """A game with Leaders before its draft: 6 coins each, 4 leaders dealt per seat (rules 1);
    with Cities the Cities leaders join the pool first (Cities rules 1.4) unless
    ``cities_leaders`` is off (games stored under rules classic-1); ``v3`` off: the rules of
    games stored under classic-1/classic-2 (``Leaders.old_rules``); ``v5`` off: recruitment
    turns end as in games stored under classic-4 and before (``Leaders.old_recruit``)."""
    pool = list(leader_pool(cx is not None and cities_leaders))
    rng.shuffle(pool)
    k = DECISIONS["leaders_dealt"]
    dealt = tuple(tuple(sorted(pool[k * i : k * i + k])) for i in range(players))
    empty: tuple[tuple[int, ...], ...] = ((),) * players
    lead = Leaders(
        stage=DRAFT,
        round=0,
        held=empty,
        draft=dealt,
        recruited=empty,
        spent=empty,
        tucked=(0,) * players,
        deck=tuple(sorted(pool[k * players :])),
        seen=((),) * players,
        copied=(-1,) * players,
        caligula=(0,) * players if cx is not None else (),
        old_rules=not v3,
        old_recruit=not v5,
    )
    coins = DECISIONS["starting_coins"]
    cities = tuple(
        City(board=b, side=s, stages=0, coins=coins, built=(), tucked=(), tokens=())
        for b, s in zip(boards, sides, strict=True)
    )
    return State(
        players=players,
        seed=seed,
        age=1,
        turn=0,
        phase=LEAD,
        hands=empty,
        cities=cities,
        picks=(None,) * players,
        discard=(),
        decks=decks,
        pending=(),
        hali=(),
        leaders=lead,
        cx=cx,
    )


def draft_after_pick(state: State, cities: tuple[City, ...], events: list[Event]) -> State:
    """The leader draft after a wonder pick (``Config.wonders == "choose"``): the boards are
    seated, each city gets the Leaders' 6 starting coins; the leaders were dealt at setup."""
    coins = DECISIONS["starting_coins"]
    return state._replace(
        age=1,
        turn=0,
        phase=LEAD,
        hands=((),) * state.players,
        cities=tuple(c._replace(coins=coins) for c in cities),
        picks=(None,) * state.players,
        last_events=tuple(events),
    )


def legal(state: State, seat: int) -> list[Move]:
    lead: Leaders = state.leaders
    if lead.stage == DRAFT:
        return [make_move("draft", lid) for lid in lead.draft[seat]]
    if lead.stage == COURT:
        return copy_moves(state, seat)
    if lead.stage == ROME:
        return rome_moves(state, seat)
    coins = state.cities[seat].coins
    pays = stage_payments(state, seat, leader=True)
    out: list[Move] = []
    for lid in lead.held[seat]:
        if leader_price(state, seat, lid) <= coins:
            out.append(make_move("recruit", lid))
        out.extend(make_move("leader-wonder", lid, a, b) for a, b in pays)
        out.append(make_move("leader-discard", lid))
    return out


def why_not(state: State, seat: int, move: Move) -> str:
    """A clear reason a leader move is not legal now."""
    lead: Leaders = state.leaders
    name = LEADERS[move.card].name if 0 <= move.card < len(LEADERS) else "That leader"
    if lead.stage == COURT:
        if move.action != "copy":
            return "Place the Courtesan on a neighbour's recruited leader now (copy:<Leader>)."
        return f"{name} is not recruited by your left or right neighbour."
    if lead.stage == ROME:
        if move.action == "recruit" and move.card in lead.held[seat]:
            price = leader_price(state, seat, move.card)
            coins = state.cities[seat].coins
            return _costs_text(name, price, coins)
        return "Roma: recruit one leader of your hand (recruit:<Leader>) or pass (leader-pass)."
    if move.action in ("copy", "leader-pass"):
        return "Only a new Courtesans' Guild or Roma B stage asks for that now."
    if lead.stage == DRAFT:
        if move.action != "draft":
            return "Keep one leader of your draft hand now (draft:<Leader>)."
        return f"{name} is not in the leaders you are drafting from."
    if move.action == "draft":
        return "The leader draft is over: recruit, build a stage or discard a leader."
    if move.card not in lead.held[seat]:
        return f"{name} is not in your leader hand."
    coins = state.cities[seat].coins
    if move.action == "recruit":
        price = leader_price(state, seat, move.card)
        return _costs_text(name, price, coins)
    from engine.classic.moves import stage_cost

    if stage_cost(state, seat) is None:
        return "Your wonder is complete."
    pays = stage_payments(state, seat, leader=True)
    if not pays:
        return "You cannot pay for your next wonder stage, even by trading."
    opts = ", ".join(f"{a} left + {b} right" for a, b in pays)
    return f"Wonder stage: paying {move.left} left + {move.right} right does not match; pay {opts}."


def validate(state: State, seat: int, move: Move) -> None:
    if move not in legal(state, seat):
        raise IllegalMove(why_not(state, seat, move))


def apply(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Record a pick; when every seat has picked, resolve the draft round or the turn."""
    from engine.classic.events import ev_pick

    if state.leaders.stage in (COURT, ROME):
        return _owed(state, seat, move)
    picks = state.picks[:seat] + (move,) + state.picks[seat + 1 :]
    mine = list(ev_pick(seat, move))
    if any(p is None for p in picks):
        s = state._replace(picks=picks, last_events=tuple(mine))
        return s, mine
    lead: Leaders = state.leaders
    done = _draft_round(state, picks) if lead.stage == DRAFT else _recruit(state, picks)
    s, more = done
    events = mine + more
    return s._replace(last_events=tuple(events)), events


def _owed(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """A Courtesan choice or a Roma B recruitment; after the last owed step the turn ends as
    usual (a Solomon copied or recruited: his discard build first)."""
    from engine.classic.turns import after_discard_builds

    if state.leaders.stage == COURT:
        s, events, done = apply_copy(state, seat, move)
    else:
        s, events, done = apply_rome(state, seat, move)
    if done and s.phase != LEAD:
        s, more = after_discard_builds(s)
        events += more
    return s._replace(last_events=tuple(events)), events


def _draft_round(state: State, picks: tuple[Move | None, ...]) -> tuple[State, list[Event]]:
    lead: Leaders = state.leaders
    n = state.players
    held = list(lead.held)
    rest: list[tuple[int, ...]] = []
    for i, mv in enumerate(picks):
        assert mv is not None
        held[i] = tuple(sorted(held[i] + (mv.card,)))
        rest.append(tuple(x for x in lead.draft[i] if x != mv.card))
    seen = tuple(s + (r,) for s, r in zip(lead.seen, rest, strict=True))
    # Passed to the right neighbour (rules 1.4): seat i + 1 receives seat i's hand.
    passed = rest[-1:] + rest[:-1] if DECISIONS["draft_pass"] == "right" else rest[1:] + rest[:1]
    rnd = lead.round + 1
    if len(passed[0]) == 1:  # the last leader of each hand is taken, not chosen
        held = [tuple(sorted(h + p)) for h, p in zip(held, passed, strict=True)]
        lead = lead._replace(round=rnd, held=tuple(held), draft=((),) * n, seen=seen)
        s = state._replace(leaders=lead, picks=(None,) * n)
        return begin_recruit(s, 1), list(ev_draft_done())
    lead = lead._replace(round=rnd, held=tuple(held), draft=tuple(passed), seen=seen)
    return state._replace(leaders=lead, picks=(None,) * n), []


def begin_recruit(s: State, age: int) -> State:
    """The recruitment turn before ``age`` (its hand not dealt yet)."""
    lead: Leaders = s.leaders
    n = s.players
    return s._replace(
        age=age,
        turn=0,
        phase=LEAD,
        hands=((),) * n,
        picks=(None,) * n,
        pending=(),
        hali=(),
        passed=(),
        shown=(),
        leaders=lead._replace(stage=RECRUIT),
    )


def _recruit(state: State, picks: tuple[Move | None, ...]) -> tuple[State, list[Event]]:
    lead: Leaders = state.leaders
    n = state.players
    cities = list(state.cities)
    delta = [0] * n
    held, recruited, spent = list(lead.held), list(lead.recruited), list(lead.spent)
    tucked = list(lead.tucked)
    hali: tuple[int, ...] = ()
    gains: list[tuple[int, int]] = []
    specials: list[tuple[int, str]] = []
    cx = state.cx
    bank = [0] * n  # coins each seat takes from the bank this turn (Berenice, with Cities)
    # Other plug-ins' build hook on the stages built with a leader (an Edifice join offer)
    parts = [] if lead.old_recruit else step_builds(state)
    for seat, mv in enumerate(picks):
        assert mv is not None
        lid, c = mv.card, cities[seat]
        held[seat] = tuple(x for x in held[seat] if x != lid)
        if mv.action == "recruit":
            delta[seat] -= leader_price(state, seat, lid)
            recruited[seat] += (lid,)
            d = LEADERS[lid]
            gains.append((seat, d.coins))
            bank[seat] += d.coins
            cx = on_recruit(cx, seat, lid)  # Aspasia's Diplomacy token
            if d.special == "build_from_discard_on_recruit":
                hali += (seat,)
        elif mv.action == "leader-discard":
            spent[seat] += (lid,)
            delta[seat] += DECISIONS["leader_discard_coins"]
            bank[seat] += DECISIONS["leader_discard_coins"]
        else:  # tucked leaders come first in ``spent`` (positions name them apart)
            k = tucked[seat]
            spent[seat] = spent[seat][:k] + (lid,) + spent[seat][k:]
            tucked[seat] += 1
            stage = BOARDS[c.board].sides[c.side][c.stages]
            eff = stage.effect
            delta[seat] += eff.coins - stage.coins - mv.left - mv.right  # Petra: coins to bank
            if cx is not None:  # Cities: Byzantium's Diplomacy tokens
                cx = on_place(cx, seat, eff, n, delta, (-1, c.stages + 1))
            delta[(seat - 1) % n] += mv.left
            delta[(seat + 1) % n] += mv.right
            if eff.special == "build_from_discard":
                hali += (seat,)
            elif eff.special is not None:
                specials.append((seat, eff.special))
            before = city_stats(c)
            for part in parts:
                part.placed(seat, mv, -1, eff, before, delta)
            st = after_stage(before, c.board, c.side, c.stages)
            nc: City = c._replace(stages=c.stages + 1)
            nc.memo = st
            cities[seat] = nc
            hatshepsut = _hatshepsut(state, seat, mv)
            bank[seat] += eff.coins + hatshepsut
            gains.append((seat, hatshepsut - bank_coin(state, seat, mv, -1)))
    for seat, coins in gains:
        delta[seat] += coins
    for part in parts:
        part.settle(delta)
    if cx is not None:  # Berenice: once a turn, 1 more coin from the bank
        for seat in range(n):
            if bank[seat] > 0:
                delta[seat] += bank_bonus(lead, seat)
    for i in range(n):
        if delta[i]:
            c = cities[i]
            nc = c._replace(coins=c.coins + delta[i])
            nc.memo = city_stats(c)
            cities[i] = nc
    lead = lead._replace(
        held=tuple(held), recruited=tuple(recruited), spent=tuple(spent), tucked=tuple(tucked)
    )
    s = state._replace(cities=tuple(cities), leaders=lead, picks=(None,) * n, cx=cx)
    for part in parts:
        s = part.close(s)
    events = list(ev_recruit_done(picks))
    for seat, special in specials:  # Roma B: leaders drawn, a recruitment owed
        s = stage_special(s, seat, special)
    from engine.classic.turns import after_discard_builds

    s, more = after_discard_builds(s._replace(hali=hali))
    return s, events + more


def _costs_text(name: str, price: int, coins: int) -> str:
    return f"Recruiting {name} costs {wording.coins(price)}; you have {wording.purse(coins)}."


def _hatshepsut(state: State, seat: int, mv: Move) -> int:
    per = sum(neighbour_buy(state.leaders, seat))
    return per * neighbours_bought(state, seat, mv, -1) if per else 0


def finish_recruit(s: State) -> State:
    """After the recruitment turn (and its discard builds): deal the Age's hands."""
    from engine.classic.deal import deal_hands

    n = s.players
    lead: Leaders = s.leaders
    return s._replace(
        turn=1,
        phase=PICK,
        hands=deal_hands(s.decks[0], n),
        decks=s.decks[1:],
        picks=(None,) * n,
        pending=(),
        hali=(),
        leaders=lead._replace(stage=PLAY),
    )
