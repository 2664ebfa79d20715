"""Game setup, applying moves, simultaneous resolution, end of turn / age."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.classic.config import Config
from engine.classic.data import BOARD_INDEX, BOARDS, CARDS, GUILD_IDS, NAME_ID
from engine.classic.moves import validate
from engine.classic.scoring import VP_TOKENS, per_value
from engine.classic.state import HALI, OVER, PICK, SEVENTH, City, Move, State
from engine.classic.stats import city_stats
from engine.common import Event

__all__ = ["apply", "deal_decks", "new_game"]


def deal_decks(players: int, rng: random.Random) -> list[list[int]]:
    """Shuffled decks of the three ages (Age III with players + 2 random guilds)."""
    decks: list[list[int]] = []
    for age in (1, 2, 3):
        deck = [c.id for c in CARDS if c.age == age for _ in range(c.copies_for(players))]
        if age == 3:
            deck += rng.sample(GUILD_IDS, players + 2)
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def _deal(deck: tuple[int, ...] | list[int], n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(deck[7 * i: 7 * i + 7])) for i in range(n))


def new_game(config: Config, seed: int) -> State:
    rng = random.Random(seed)
    n = config.players
    boards = ([BOARD_INDEX[w] for w in config.wonders] if config.wonders
              else rng.sample(range(len(BOARDS)), n))
    sides = [0 if config.sides == "A" else 1 if config.sides == "B" else rng.randrange(2)
             for _ in range(n)]
    d1, d2, d3 = deal_decks(n, rng)
    cities = tuple(City(board=b, side=s, stages=0, coins=3, built=(), tucked=(), tokens=())
                   for b, s in zip(boards, sides, strict=True))
    return State(players=n, seed=seed, age=1, turn=1, phase=PICK, hands=_deal(d1, n),
                 cities=cities, picks=(None,) * n, discard=(), decks=(tuple(d2), tuple(d3)),
                 pending=(), hali=())


def _ev(kind: str, text: str, to: int | None = None, **data: object) -> Event:
    return Event(kind=kind, text=text, visible_to=None if to is None else frozenset({to}),
                 data=dict(data))


def apply(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    validate(state, seat, move)
    if state.phase == PICK:
        picks = state.picks[:seat] + (move,) + state.picks[seat + 1:]
        events = [_ev("pick", f"You chose: {move}", seat, seat=seat, move=str(move)),
                  _ev("picked", f"Seat {seat} has chosen.", None, seat=seat)]
        if None in picks:
            # Direct construction: dataclasses.replace is slow on this hot path.
            return State(state.players, state.seed, state.age, state.turn, state.phase,
                         state.hands, state.cities, picks, state.discard, state.decks,
                         state.pending, state.hali, tuple(events)), events
        s = replace(state, picks=picks)
        acts = [(i, p) for i, p in enumerate(picks) if p is not None]
        s, more = _resolve(s, acts)
        s, after = _after_picks(s)
        events += more + after
    else:
        s, events = _resolve(state, [(seat, move)])
        s = replace(s, pending=s.pending[1:])
        if state.phase == SEVENTH:
            s, after = _after_picks(s) if not s.pending else (s, [])
        else:
            s, after = _after_hali(s) if not s.pending else (s, [])
        events += after
    return replace(s, last_events=tuple(events)), events


def _take(cards: tuple[int, ...], nid: int) -> tuple[int, tuple[int, ...]]:
    for i, c in enumerate(cards):
        if NAME_ID[c] == nid:
            return c, cards[:i] + cards[i + 1:]
    raise AssertionError("validated card vanished")


def _resolve(state: State, acts: list[tuple[int, Move]]) -> tuple[State, list[Event]]:
    """Pay, place everything, then immediate effects; trade income arrives last."""
    n = state.players
    cities = list(state.cities)
    hands = list(state.hands)
    discard = state.discard
    income = [0] * n
    events: list[Event] = []
    placed: list[tuple[int, Move, int]] = []
    hali = list(state.hali)
    for seat, mv in acts:
        c = cities[seat]
        if state.phase == HALI:
            cid, discard = _take(discard, mv.card)
        else:
            cid, rest = _take(hands[seat], mv.card)
            hands[seat] = rest
        card = CARDS[cid]
        paid = mv.left + mv.right
        if mv.action == "build" and (paid or not _chained(c, cid)):
            paid += card.coins
        income[(seat - 1) % n] += mv.left
        income[(seat + 1) % n] += mv.right
        coins = c.coins - paid
        if mv.action == "discard":
            cities[seat] = replace(c, coins=coins)
            discard += (cid,)
            events.append(_ev("discard", f"Seat {seat} discarded a card for 3 coins.", None,
                              seat=seat))
            events.append(_ev("discarded", f"You discarded {card.name}.", seat, card=card.name))
        elif mv.action == "wonder":
            cities[seat] = replace(c, coins=coins, stages=c.stages + 1, tucked=c.tucked + (cid,))
            events.append(_ev("wonder", f"Seat {seat} built wonder stage {c.stages + 1}.", None,
                              seat=seat, stage=c.stages + 1, left=mv.left, right=mv.right))
            events.append(_ev("tucked", f"You used {card.name} for your wonder.", seat,
                              card=card.name))
        else:
            used = state.age if mv.action == "free" else c.free_used_age
            cities[seat] = replace(c, coins=coins, built=c.built + (cid,), free_used_age=used)
            events.append(_ev("build", f"Seat {seat} built {card.name}.", None, seat=seat,
                              card=card.name, action=mv.action, left=mv.left, right=mv.right))
        placed.append((seat, mv, cid))
    mid = replace(state, cities=tuple(cities), hands=tuple(hands), discard=discard)
    stats = [city_stats(c) for c in mid.cities]
    gains = [0] * n
    for seat, mv, cid in placed:
        if mv.action == "discard":
            gains[seat] += 3
        elif mv.action == "wonder":
            c = state.cities[seat]
            eff = BOARDS[c.board].sides[c.side][c.stages].effect
            gains[seat] += eff.coins
            if eff.special == "build_from_discard":
                hali.append(seat)
        else:
            eff = CARDS[cid].effect
            gains[seat] += eff.coins
            if eff.coins_per is not None:
                gains[seat] += per_value(eff.coins_per, mid, seat, stats)
    final = tuple(replace(c, coins=c.coins + gains[i] + income[i]) if gains[i] or income[i]
                  else c for i, c in enumerate(mid.cities))
    return replace(mid, cities=final, hali=tuple(hali)), events


def _chained(city: City, cid: int) -> bool:
    names = city_stats(city).names
    return any(NAME_ID[s] in names for s in CARDS[cid].chain_from)


def _after_picks(s: State) -> tuple[State, list[Event]]:
    """After the turn's picks (and Babylon's 7th card): discard 7th cards, then Halikarnassos."""
    events: list[Event] = []
    if s.turn == 6 and s.phase == PICK:
        babylon = tuple(i for i, c in enumerate(s.cities)
                        if s.hands[i] and city_stats(c).seventh)
        if babylon:
            return replace(s, phase=SEVENTH, picks=(None,) * s.players, pending=babylon), events
    if s.turn == 6:
        discard = s.discard + tuple(c for h in s.hands for c in h)
        s = replace(s, discard=discard, hands=tuple(() for _ in s.hands))
        events.append(_ev("age_discard", "The last cards of the age were discarded.", None))
    return _after_hali(replace(s, pending=()), start=True, events=events)


def _after_hali(s: State, start: bool = False,
                events: list[Event] | None = None) -> tuple[State, list[Event]]:
    events = events if events is not None else []
    if start and s.hali:
        owed = tuple(i for i in s.hali
                     if {NAME_ID[c] for c in s.discard} - city_stats(s.cities[i]).names)
        if owed:
            return replace(s, phase=HALI, picks=(None,) * s.players, pending=owed, hali=()), events
        events.append(_ev("salvage_lost", "No card in the discard pile can be built.", None))
    return _end_turn(replace(s, hali=(), pending=())), events


def _end_turn(s: State) -> State:
    n = s.players
    if s.turn < 6:
        if s.age == 2:  # pass right: seat j receives from its left neighbour
            hands = tuple(s.hands[(j - 1) % n] for j in range(n))
        else:
            hands = tuple(s.hands[(j + 1) % n] for j in range(n))
        return replace(s, turn=s.turn + 1, phase=PICK, hands=hands, picks=(None,) * n)
    s = _military(s)
    if s.age == 3:
        return replace(s, phase=OVER, picks=(None,) * n)
    deck = s.decks[0]
    return replace(s, age=s.age + 1, turn=1, phase=PICK, hands=_deal(deck, n),
                   decks=s.decks[1:], picks=(None,) * n)


def _military(s: State) -> State:
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
        cities.append(replace(c, tokens=tuple(toks)))
    return replace(s, cities=tuple(cities))
