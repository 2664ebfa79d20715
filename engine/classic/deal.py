"""Game setup: the Age decks, hands, and a new game's first state (the base game's; the active
plug-ins (engine.classic.plugin) add their cards, boards, seats and opening steps)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.classic.config import Config
from engine.classic.data import BOARD_INDEX, CARDS, GUILD_IDS
from engine.classic.plugin import Setup, active, board_pool, for_config, slots_for
from engine.classic.state import PICK, City, State
from engine.classic.variants import choice

__all__ = ["deal_age", "deal_decks", "deal_hands", "new_game"]


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


def _deal(deck: Sequence[int], n: int) -> tuple[tuple[int, ...], ...]:
    k = len(deck) // n  # 7 cards a hand; 8 with Cities
    return tuple(tuple(sorted(deck[k * i : k * i + k])) for i in range(n))


deal_hands = _deal


def deal_age(state: State, deck: Sequence[int], age: int) -> tuple[tuple[int, ...], ...]:
    """The hands of an Age dealt from ``deck`` (a plug-in may deal them its way)."""
    for p in active(state):
        got = p.deal_age(state, deck, age)
        if got is not None:
            return got
    return _deal(deck, state.players)


def new_game(config: Config, seed: int) -> State:
    rng = random.Random(seed)
    plugins = for_config(config)
    n = config.players
    for p in plugins:
        n = p.table_size(config, n)  # 2 players: + the Free City
    named = config.boards
    pool = board_pool(plugins)
    boards = [BOARD_INDEX[w] for w in named] if named else rng.sample(pool, n)
    sides = [
        0 if config.sides == "A" else 1 if config.sides == "B" else rng.randrange(2)
        for _ in range(n)
    ]
    slots = slots_for(config, n, plugins)
    guilds = GUILD_IDS
    for p in plugins:
        guilds = p.guilds(guilds)
    dealt_decks = next(
        (d for p in plugins if (d := p.deal_decks(n, rng, _base_deck, guilds)) is not None),
        None,
    )
    d1, d2, d3 = dealt_decks if dealt_decks is not None else deal_decks(n, rng, guilds)
    decks = (tuple(d1), tuple(d2), tuple(d3))
    if config.picks_wonders:
        dealt = None if config.wonders == "choose" else boards
        state = choice.start(config, seed, dealt, sides, decks, slots, pool)
    else:
        state = _opening(n, seed, boards, sides, decks, slots)
    setup = Setup(config, seed, rng, boards, sides, decks)
    for p in plugins:
        state = p.setup(state, setup)
    return state


def _opening(
    n: int,
    seed: int,
    boards: list[int],
    sides: list[int],
    decks: tuple[tuple[int, ...], ...],
    slots: dict[str, object],
) -> State:
    """The first pick turn of Age I."""
    cities = tuple(
        City(board=b, side=s, stages=0, coins=3, built=(), tucked=(), tokens=())
        for b, s in zip(boards, sides, strict=True)
    )
    state = State(
        players=n,
        seed=seed,
        age=1,
        turn=1,
        phase=PICK,
        hands=((),) * n,
        cities=cities,
        picks=(None,) * n,
        discard=(),
        decks=decks[1:],
        pending=(),
        hali=(),
        **slots,  # type: ignore[arg-type]
    )
    return state._replace(hands=deal_age(state, decks[0], 1))
