"""Hidden hands of a 7 Wonders position, sampled consistently with what one seat has seen.

A seat sees every hand it held this age (``view.passed_hands``: what it passed on, after its
pick). The hand it passed at turn ``k`` is, at turn ``t``, held by the seat ``t - k`` places
downstream, minus what the seats in between took from it: the card each built that turn
(``view.revealed``, public), or an unknown card when it sold it or tucked it under its wonder
(face down). So from the second turn on, the next seats' hands are known up to those
hidden picks, and in a 4-player game every hand is from the fourth turn on. Seats further away
get cards drawn at random from the age's unseen cards.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

from engine import classic
from engine.ai.classic_hooks import POOL_CARDS

__all__ = ["age_pool", "known_hands", "sample_hands"]


@cache
def _age_deck(age: int, players: int, played: tuple[bool, ...] = ()) -> Counter[str]:
    """The age's deck for ``players``; ``played``: whether each group of ``POOL_CARDS`` (an
    expansion's cards) is in this game (the others are left out)."""
    out = {n for (names, _), on in zip(POOL_CARDS, played, strict=False) if not on for n in names}
    deck: Counter[str] = Counter()
    for name in classic.card_names():
        if name in out:
            continue
        info = classic.card_info(name)
        if age in info["ages"]:
            deck[name] += (
                1  # guilds and black cards: which were dealt is unseen
                if info["copies"] is None
                else sum(k for p, k in info["copies"].items() if int(p) <= players)
            )
    return deck


def age_pool(view: Any) -> Counter[str]:
    """The current age's cards nobody has built and the viewer does not hold (guilds: all ten,
    since which n + 2 were dealt is unseen; an expansion's cards only in its games)."""
    played = tuple(bool(on(view)) for _, on in POOL_CARDS)
    pool = Counter(_age_deck(view.age, view.players, played))
    for city in view.cities:
        for b in city.built:
            if pool[b] > 0:
                pool[b] -= 1
    pool.subtract(view.hand)
    return +pool


def _downstream(view: Any, d: int) -> int:
    # Ages I and III pass left (to seat - 1), Age II right (to seat + 1).
    step = -1 if view.pass_direction == "left" else 1
    return int((view.seat + step * d) % view.players)


def known_hands(view: Any) -> dict[int, list[str]]:
    """For each other seat whose hand passed through the viewer this age, the cards known to be
    in it: one more than it holds for each face-down pick made from it since (which card went
    is unknown)."""
    out: dict[int, list[str]] = {}
    passed = view.passed_hands
    turn = len(passed) + 1
    for d in range(1, view.players):
        k = turn - d
        if k < 1:
            break
        rest = Counter(passed[k - 1])
        for j in range(1, d):  # the seats in between each took one card of it, at turn k + j
            took = view.revealed[k + j - 1][_downstream(view, j)]
            if took is not None and rest[took] > 0:  # None: face down, which card is unknown
                rest[took] -= 1
        out[_downstream(view, d)] = list((+rest).elements())
    return out


def sample_hands(view: Any, rng: random.Random, known: bool = True) -> dict[int, list[str]]:
    """A hand for every other seat: the known cards (minus random ones for face-down picks),
    topped up with random unseen cards of the age."""
    size = len(view.hand)
    facts = known_hands(view) if known else {}
    pool = age_pool(view)
    for hand in facts.values():
        pool.subtract(hand)
    cards = list((+pool).elements())
    rng.shuffle(cards)
    hands: dict[int, list[str]] = {}
    for seat in range(view.players):
        if seat == view.seat:
            continue
        hand = list(facts.get(seat, []))
        if len(hand) > size:
            rng.shuffle(hand)
            hand = hand[:size]
        while len(hand) < size and cards:
            hand.append(cards.pop())
        hands[seat] = hand
    return hands
