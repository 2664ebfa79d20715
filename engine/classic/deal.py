"""Game setup: the Age decks, hands, and a new game's first state (base game, 2 players,
wonder pick, Leaders' draft, Cities' black cards and Gods & Heroes set up here)."""

from __future__ import annotations

import random

from engine.classic.cities import setup as cities_setup
from engine.classic.cities.ext import new_ext
from engine.classic.config import Config
from engine.classic.data import BOARD_INDEX, CARDS, GUILD_IDS, LEADER_GUILD_IDS, board_pool
from engine.classic.leaders import play as lead_play
from engine.classic.state import PICK, City, State
from engine.classic.variants import choice, gods, two

__all__ = ["deal_decks", "deal_hands", "new_game"]


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
        drafted = lead_play.start(
            n, seed, rng, boards, sides, decks, cx, config.cities_leaders, config.leaders_v3
        )
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
