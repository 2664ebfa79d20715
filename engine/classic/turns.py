"""Game setup, applying moves, simultaneous resolution, end of turn / age.

Hot path: states and cities are built with positional constructors (``_replace`` costs
several times more) and events are interned (see :mod:`engine.classic.events`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from engine.classic.cities import debt, diplomacy
from engine.classic.cities import setup as cities_setup
from engine.classic.cities.effects import on_place
from engine.classic.cities.ext import LAST_TURN, new_ext
from engine.classic.config import Config
from engine.classic.data import (
    BOARD_INDEX,
    BOARDS,
    CARDS,
    GUILD_IDS,
    LEADER_GUILD_IDS,
    NAME_ID,
    board_pool,
)
from engine.classic.events import ev_lost, ev_pick, ev_resolved, ev_sixth
from engine.classic.leaders import effects as lead_effects
from engine.classic.leaders import play as lead_play
from engine.classic.leaders.guilds import COURT_ID, owe_court
from engine.classic.leaders.roma import begin_owed, stage_special
from engine.classic.leaders.state import COURT, RECRUIT
from engine.classic.moves import CHAIN_MASKS, chain_free, validate
from engine.classic.scoring import VP_TOKENS, per_value
from engine.classic.state import (
    CHOOSE,
    DEBT,
    HALI,
    LEAD,
    OVER,
    PICK,
    SEVENTH,
    City,
    Move,
    Repick,
    State,
)
from engine.classic.stats import Stats, after_card, after_stage, city_stats
from engine.classic.variants import choice, gods, two
from engine.common import Event, IllegalMove

__all__ = ["after_discard_builds", "apply", "deal_decks", "deal_hands", "new_game"]


def deal_decks(
    players: int, rng: random.Random, guilds: tuple[int, ...] = GUILD_IDS
) -> list[list[int]]:
    """Shuffled decks of the three ages (Age III with players + 2 random guilds)."""
    decks: list[list[int]] = []
    for age in (1, 2, 3):
        deck = list(_base_deck(players, age))
        if age == 3:
            deck += rng.sample(guilds, players + 2)
        rng.shuffle(deck)
        decks.append(deck)
    return decks


_base_decks: dict[tuple[int, int], tuple[int, ...]] = {}


def _base_deck(players: int, age: int) -> tuple[int, ...]:
    """Card ids of an age's deck before guilds and shuffling (in card id order)."""
    got = _base_decks.get((players, age))
    if got is None:
        got = _base_decks[(players, age)] = tuple(
            c.id for c in CARDS if c.age == age for _ in range(c.copies_for(players))
        )
    return got


def _deal(deck: tuple[int, ...] | list[int], n: int) -> tuple[tuple[int, ...], ...]:
    k = len(deck) // n  # 7 cards a hand; 8 with Cities
    return tuple(tuple(sorted(deck[k * i : k * i + k])) for i in range(n))


def _last(s: State) -> int:
    """The age's last turn: 6 (hands of 7), 7 with Cities (hands of 8)."""
    return 6 if s.cx is None else LAST_TURN


deal_hands = _deal


def new_game(config: Config, seed: int) -> State:
    state = _new_game(config, seed)
    if config.variant is not None:  # the deal stays the base game's: same seed, same cards
        return state._replace(gods=gods.start(state.players))
    return state


def _new_game(config: Config, seed: int) -> State:
    rng = random.Random(seed)
    n = 3 if config.players == 2 else config.players  # 2 players: + the Free City (seat 2)
    named = config.boards
    pool = board_pool(config.expansions)  # Petra, Byzantium: Cities only; Roma: Leaders only
    boards = [BOARD_INDEX[w] for w in named] if named else rng.sample(pool, n)
    sides = [
        0 if config.sides == "A" else 1 if config.sides == "B" else rng.randrange(2)
        for _ in range(n)
    ]
    cx = new_ext(n) if config.cities else None
    guilds = GUILD_IDS + LEADER_GUILD_IDS if config.leaders else GUILD_IDS
    if cx:
        d1, d2, d3 = cities_setup.deal_decks(n, rng, _base_deck, guilds)
    else:
        d1, d2, d3 = deal_decks(n, rng, guilds)
    decks = (tuple(d1), tuple(d2), tuple(d3))
    dealt = None if config.wonders == "choose" else boards
    if config.leaders:  # the leader draft comes first; Ages are dealt after recruitment
        drafted = lead_play.start(n, seed, rng, boards, sides, decks, cx)
        if config.picks_wonders:  # the wonder pick before the draft (docs/leaders.md)
            picking = choice.start(config, seed, dealt, sides, decks, cx)
            return picking._replace(leaders=drafted.leaders)
        return drafted
    if config.picks_wonders:
        return choice.start(config, seed, dealt, sides, decks, cx)
    cities = tuple(
        City(board=b, side=s, stages=0, coins=3, built=(), tucked=(), tokens=())
        for b, s in zip(boards, sides, strict=True)
    )
    free_city = config.players == 2
    return State(
        players=n,
        seed=seed,
        age=1,
        turn=1,
        phase=PICK,
        hands=two.deal_age(d1, 1) if free_city else _deal(d1, n),
        cities=cities,
        picks=(None,) * n,
        discard=(),
        decks=(tuple(d2), tuple(d3)),
        pending=(),
        hali=(),
        free_city=int(free_city),
        cx=cx,
    )


_new = tuple.__new__  # builds a City / State in C (their generated __new__ runs Python code)


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
    return _new(
        State,
        (
            s.players,
            s.seed,
            s.age,
            s.turn,
            s.phase if phase is None else phase,
            s.hands if hands is None else hands,
            s.cities if cities is None else cities,
            s.picks if picks is None else picks,
            s.discard if discard is None else discard,
            s.decks,
            s.pending if pending is None else pending,
            s.hali if hali is None else hali,
            s.last_events if events is None else events,
            s.passed,
            s.shown,
            s.free_city,
            s.leaders,
            s.cx,
            s.gods,
        ),
    )


def apply(state: State, seat: int, move: Move | Repick) -> tuple[State, list[Event]]:
    if type(move) is Repick:
        return _repick(state, seat, move.move)
    assert type(move) is Move
    memo: dict[int, list[Move]] | None = state.memo
    listed = memo.get(seat) if memo is not None else None
    if listed is None or move not in listed:  # a move legal_moves listed here is legal
        validate(state, seat, move)
    if state.gods is not None and move.action == "power":
        return gods.declare(state, seat, move)
    if state.phase == CHOOSE:
        return choice.apply(state, seat, move, _deal)
    if state.phase == LEAD:
        return lead_play.apply(state, seat, move)
    if state.phase == DEBT:
        return debt.apply(state, seat, move, _after_debt)
    if state.free_city:
        if state.phase == PICK:
            return _free_city_pick(state, seat, move)
        seat = two.FREE_CITY if two.free_city_moves(state, seat) is not None else seat
    if state.phase == PICK:
        picks = state.picks[:seat] + (move,) + state.picks[seat + 1 :]
        mine = ev_pick(seat, move)
        for p in picks:
            if p is None:  # others still to pick: nothing is revealed yet
                return _new(
                    State,
                    (
                        state.players,
                        state.seed,
                        state.age,
                        state.turn,
                        PICK,
                        state.hands,
                        state.cities,
                        picks,
                        state.discard,
                        state.decks,
                        state.pending,
                        state.hali,
                        mine,
                        state.passed,
                        state.shown,
                        state.free_city,
                        state.leaders,
                        state.cx,
                        state.gods,
                    ),
                ), list(mine)
        return _reveal(state, picks, list(mine))
    else:
        s, events = _resolve(state, ((seat, move),))
        s = _with(s, pending=s.pending[1:])
        if state.phase == SEVENTH:
            s, after = _after_picks(s) if not s.pending else (s, [])
        else:
            s, after = _after_hali(s) if not s.pending else (s, [])
        events += after
    return _with(s, events=tuple(events)), events


def _repick(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """``seat`` replaces its pick of the open turn by ``move`` (legal on the turn's state as
    it was before the seat picked: picks only take effect at the reveal). Nothing is revealed
    and the seats to act stay the same."""
    if (
        state.phase not in (PICK, LEAD, CHOOSE, DEBT)
        or not 0 <= seat < state.players
        or state.picks[seat] is None
        or (state.phase == LEAD and state.leaders.stage >= COURT)  # one at a time: final
        or (state.phase == CHOOSE and state.cities[seat].board >= 0)  # seated by a reveal
    ):
        raise IllegalMove("You have no pick to change this turn.")
    if move.action == "power":
        raise IllegalMove("A power is invoked before the pick; it cannot replace a pick.")
    before = _with(state, picks=state.picks[:seat] + (None,) + state.picks[seat + 1 :])
    if state.phase == CHOOSE or state.phase == DEBT:
        # The pick made afresh: another seat still has to pick, so nothing is revealed.
        return apply(before, seat, move)
    validate(before, seat, move)
    free_city_pick = state.picks[two.FREE_CITY] if state.free_city else None
    if free_city_pick is not None and free_city_pick.card == move.card:
        # The controller's hand holds that card once: the Free City has it this turn.
        raise IllegalMove("That card is the Free City's pick this turn; choose another card.")
    events = ev_pick(seat, move)
    picks = state.picks[:seat] + (move,) + state.picks[seat + 1 :]
    return _with(state, picks=picks, events=events), list(events)


def _reveal(
    state: State, picks: tuple[Move | None, ...], mine: list[Event]
) -> tuple[State, list[Event]]:
    """Every pick is in: resolve them all, then pass the hands or end the turn's steps."""
    if state.gods is not None:
        return _reveal_gods(state, picks, mine)
    s, more = _resolve(state, enumerate(picks))  # type: ignore[arg-type]
    court = s.leaders is not None and (s.leaders.court or s.leaders.rome)
    if s.turn < _last(s) and not s.hali and not court and not (s.cx and s.cx.losses):
        # the usual turn: straight to passing the hands
        events = [*mine, *more]
        return _passed(s, tuple(events)), events
    s, after = _after_picks(s)
    events = [*mine, *more, *after]
    return _with(s, events=tuple(events)), events


def _reveal_gods(
    state: State, picks: tuple[Move | None, ...], mine: list[Event]
) -> tuple[State, list[Event]]:
    """The reveal of a Gods & Heroes game: Zeus, the actions, then the other powers."""
    state, acts, pre = gods.before_reveal(state, picks)
    s, more = _resolve(state, acts)
    s, post = gods.after_reveal(s, acts)
    s, after = _after_picks(s)
    events = [*mine, *pre, *more, *post, *after]
    return _with(s, events=tuple(events)), events


def _free_city_pick(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """A pick of the 2-player game: a player's own card, or the controller's Free City card."""
    if two.picking_for_free_city(state, seat):
        at, mine = two.FREE_CITY, two.pick_events(state, seat, move)
    else:
        at, mine = seat, list(ev_pick(seat, move))
    picks = state.picks[:at] + (move,) + state.picks[at + 1 :]
    s = _with(state, picks=picks, events=tuple(mine))
    if any(p is None for p in picks):
        return s, mine
    return _reveal(two.with_free_city_card(s), picks, mine)


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


def _resolve(state: State, acts: Iterable[tuple[int, Move]]) -> tuple[State, list[Event]]:
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
    lead = state.leaders
    courted: list[int] = []
    roma: list[tuple[int, str]] = []
    cx = state.cx
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
        elif action == "wonder":
            eff = _STAGE_EFFECTS[c.board][c.side][c.stages]
            delta[seat] += eff.coins - left - right - _STAGE_COINS[c.board][c.side][c.stages]
            if cx is not None:
                cx = on_place(cx, seat, eff, n, delta)
            if eff.special == "build_from_discard":
                hali += (seat,)
            elif eff.special is not None and lead is not None:  # Roma B's powers
                roma.append((seat, eff.special))
            fresh[seat] = (
                c.stages + 1,
                c.built,
                c.tucked + (cid,),
                c.free_used_age,
                after_stage(st, c.board, c.side, c.stages),
            )
        else:
            paid = left + right
            if action == "build" and (paid or not st.names & CHAIN_MASKS[cid]):
                paid += _CARD_COINS[cid]
            eff = _CARD_EFFECTS[cid]
            delta[seat] += eff.coins - paid
            if eff.coins_per is not None:
                per.append((seat, eff.coins_per))
            if cx is not None:
                cx = on_place(cx, seat, eff, n, delta)
            fresh[seat] = (
                c.stages,
                c.built + (cid,),
                c.tucked,
                state.age if action == "free" else c.free_used_age,
                after_card(st, cid, c.side),
            )
            row[seat] = cid
        if left:
            delta[(seat - 1) % n] += left
        if right:
            delta[(seat + 1) % n] += right
        if lead is not None:  # Xenophon, Vitruvius, Hatshepsut
            chained = action == "build" and not (left or right) and chain_free(st, cid)
            delta[seat] += lead_effects.build_coins(state, seat, mv, cid, chained)
            if cid == COURT_ID and action != "wonder" and action != "discard":
                courted.append(seat)
        events.extend(ev_resolved(seat, mv, cid, c.stages + 1))
    if per:  # counted on the placed cities (this turn's builds included)
        placed = _with(state, cities=_placed(old, fresh, [0] * n))
        stats = [city_stats(c) for c in placed.cities]
        for seat, what in per:
            delta[seat] += per_value(what, placed, seat, stats)
    cities = _placed(old, fresh, delta)
    shown = state.shown + (tuple(row),) if state.phase == PICK else state.shown
    out = _new(
        State,
        (
            n,
            state.seed,
            state.age,
            state.turn,
            state.phase,
            tuple(hands),
            cities,
            state.picks,
            discard,
            state.decks,
            state.pending,
            hali,
            state.last_events,
            state.passed,
            shown,
            state.free_city,
            state.leaders,
            cx,
            state.gods,
        ),
    )
    for seat, special in roma:
        out = stage_special(out, seat, special)
    return (owe_court(out, courted) if courted else out), events


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
                City, (c.board, c.side, stages, c.coins + delta[i], built, tucked, c.tokens, used)
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
                ),
            )
        else:
            continue
        nc.memo = st
        cities[i] = nc
    return tuple(cities)


def _after_picks(s: State) -> tuple[State, list[Event]]:
    """After the turn's picks (and Babylon's 7th card): discard 7th cards, then Halikarnassos."""
    events: list[Event] = []
    n = s.players
    last = _last(s)
    if s.turn == last and s.phase == PICK:
        babylon = tuple(
            i
            for i, c in enumerate(s.cities)
            if s.hands[i] and city_stats(c).seventh and not (s.free_city and i == two.FREE_CITY)
        )
        if babylon:
            return _with(s, phase=SEVENTH, picks=(None,) * n, pending=babylon), events
    if s.turn == last:
        discard = s.discard + tuple(c for h in s.hands for c in h)
        s = _with(s, discard=discard, hands=((),) * n)
        events.append(ev_sixth())
    return _after_hali(_with(s, pending=()), start=True, events=events)


def after_discard_builds(s: State) -> tuple[State, list[Event]]:
    """The end of a turn from its discard builds on (used after the Courtesan choices)."""
    return _after_hali(s, start=True)


def _after_hali(
    s: State, start: bool = False, events: list[Event] | None = None
) -> tuple[State, list[Event]]:
    """Halikarnassos seats owed a build pick one by one; a seat with nothing it may build
    from the discard (empty pile, or only names it already has) simply loses the power."""
    events = events if events is not None else []
    if start and s.hali:
        pile = {NAME_ID[c] for c in s.discard}
        owed = tuple(
            i for i in s.hali if any(not city_stats(s.cities[i]).names >> nid & 1 for nid in pile)
        )
        if owed:
            return _with(s, phase=HALI, picks=(None,) * s.players, pending=owed, hali=()), events
        events.append(ev_lost())
    return _finish(s, events)


def _finish(s: State, events: list[Event]) -> tuple[State, list[Event]]:
    """End the turn; with Cities, first the coin losses of the turn (the ``debt`` phase)."""
    s = _with(s, hali=(), pending=())
    if s.cx is not None and s.cx.losses:
        s, more = debt.open_losses(s)
        events += more
        if s.phase == DEBT:
            return s, events
    if s.gods is not None:  # Gods & Heroes: tokens, heroes and gods at the end of each turn
        s, more = gods.end_turn(s)
        events += more
    return _end_turn(s, events), events


def _after_debt(s: State, events: list[Event]) -> State:
    """The turn's end once every coin loss is settled (hands pass, or the age ends)."""
    return _end_turn(_with(s, phase=PICK), events)


def _end_turn(s: State, events: list[Event] | None = None) -> State:
    n = s.players
    picks: tuple[Move | None, ...] = (None,) * n
    if s.leaders is not None:
        if s.leaders.court or s.leaders.rome:  # Courtesan choices, Roma B recruitments
            return begin_owed(s)
        if s.leaders.stage == RECRUIT:  # its discard builds are done
            return lead_play.finish_recruit(s)
    if s.turn < _last(s):
        return _passed(s, s.last_events)
    if s.cx is not None and any(s.cx.diplomacy):
        s, more = diplomacy.military(s, VP_TOKENS)
        if events is not None:
            events += more
    else:
        s = _military(s)
    if s.age == 3:
        return _with(s, phase=OVER, picks=picks)
    if s.leaders is not None:  # the next Age begins with a recruitment turn
        return lead_play.begin_recruit(_with(s, phase=PICK, picks=picks), s.age + 1)
    if s.free_city:
        return State(
            n,
            s.seed,
            s.age + 1,
            1,
            PICK,
            two.deal_age(s.decks[0], s.age + 1),
            s.cities,
            picks,
            s.discard,
            s.decks[1:],
            s.pending,
            s.hali,
            s.last_events,
            free_city=1,
            cx=s.cx,
        )
    return State(
        n,
        s.seed,
        s.age + 1,
        1,
        PICK,
        _deal(s.decks[0], n),
        s.cities,
        picks,
        s.discard,
        s.decks[1:],
        s.pending,
        s.hali,
        s.last_events,
        cx=s.cx,
        gods=s.gods,
    )


def _passed(s: State, events: tuple[Event, ...]) -> State:
    """The next turn of the age: hands passed, no picks, nothing pending."""
    hands = s.hands
    before = s.passed or ((),) * s.players
    passed = tuple(p + (h,) for p, h in zip(before, hands, strict=True))
    # Ages I and III pass left (seat j receives from seat j + 1), Age II passes right.
    if s.free_city:  # two players swap hands; the Free City's draw pile stays
        hands = two.swap_and_draw(hands, s.age, s.turn + 1)
    elif s.age == 2:
        hands = hands[-1:] + hands[:-1]
    else:
        hands = hands[1:] + hands[:1]
    return _new(
        State,
        (
            s.players,
            s.seed,
            s.age,
            s.turn + 1,
            PICK,
            hands,
            s.cities,
            (None,) * s.players,
            s.discard,
            s.decks,
            (),
            (),
            events,
            passed,
            s.shown,
            s.free_city,
            s.leaders,
            s.cx,
            s.gods,
        ),
    )


def _military(s: State) -> State:
    if s.leaders is not None:
        return lead_effects.military(s)
    n = s.players
    shields = [city_stats(c).shields for c in s.cities]
    cities = []
    for i, c in enumerate(s.cities):
        toks = list(c.tokens)
        for j in ((i - 1) % n, (i + 1) % n):
            if shields[i] > shields[j]:
                toks.append(VP_TOKENS[s.age])
            elif shields[i] < shields[j]:
                toks.append(-1)
        nc = _new(
            City,
            (c.board, c.side, c.stages, c.coins, c.built, c.tucked, tuple(toks), c.free_used_age),
        )
        nc.memo = city_stats(c)
        cities.append(nc)
    return _with(s, cities=tuple(cities))
