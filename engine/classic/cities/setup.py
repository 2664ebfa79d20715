"""Cities set-up: each age deck gets as many random black cards of that age as there are
players, and the three Cities guilds join the guild pool (rules 1.1, 1.3)."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.classic.data import CARDS, CITY_CARD_IDS, COLORS, GUILD_IDS

__all__ = ["BLACK_BY_AGE", "CITY_GUILDS", "deal_decks"]

_BLACK, _PURPLE = COLORS.index("black"), COLORS.index("purple")
BLACK_BY_AGE: dict[int, tuple[int, ...]] = {
    age: tuple(c.id for c in CARDS if c.color == _BLACK and c.age == age) for age in (1, 2, 3)
}
CITY_GUILDS: tuple[int, ...] = tuple(i for i in CITY_CARD_IDS if CARDS[i].color == _PURPLE)


def deal_decks(
    players: int,
    rng: random.Random,
    base_deck: Callable[[int, int], tuple[int, ...]],
    guilds: tuple[int, ...] = GUILD_IDS,
) -> list[list[int]]:
    """Shuffled decks of the three ages: 8 cards per player each (the rest stays unseen);
    ``guilds``: the other guilds of the pool (base, + Leaders' with Leaders)."""
    decks: list[list[int]] = []
    for age in (1, 2, 3):
        deck = list(base_deck(players, age)) + rng.sample(BLACK_BY_AGE[age], players)
        if age == 3:
            deck += rng.sample(guilds + CITY_GUILDS, players + 2)
        rng.shuffle(deck)
        decks.append(deck)
    return decks
