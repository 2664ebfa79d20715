"""Determinization for the Duel search: a full game position built from a seat's view only.

What the seat has seen (its view) is copied; what it has not seen is sampled: the face-down
pyramid cards from the age's unseen cards, the later ages' decks (and Age III's guilds) from
every card of those ages, the box progress tokens from the tokens nowhere in sight. The position
is handed to the engine through its public ``engine.duel.load`` (the documented dump format:
card, wonder and token ids are the indices of ``engine.duel.data``). Cards tucked under wonders
are not in a view; they simply stay in the unseen pool (a sample may show one of them again).
"""

from __future__ import annotations

import random
from typing import Any

from engine import duel
from engine.ai.duel_facts import CARD, TOKEN, WONDER, age_pool
from engine.duel.data import CARDS, TOKENS, WONDERS

__all__ = ["SAMPLEABLE_PHASES", "sample_state"]

SAMPLEABLE_PHASES = ("play", "token")
_PHASES = ("draft", "play", "token", "library", "destroy", "mausoleum", "start", "over")
_OUT = 9
_GUILDS_IN_PLAY = 3
_TEMPLATE: dict[str, Any] = duel.dump(duel.new_game(duel.Config(), 0))


def _later_decks(age: int, rng: random.Random) -> list[list[int]]:
    decks = []
    for a in range(age + 1, 4):
        ids = [c.id for c in CARDS if c.age == a and c.color != 6]
        rng.shuffle(ids)
        ids = ids[: 17 if a == 3 else 20]
        if a == 3:
            guilds = [c.id for c in CARDS if c.color == 6]
            rng.shuffle(guilds)
            ids += guilds[:_GUILDS_IN_PLAY]
            rng.shuffle(ids)
        decks.append(ids)
    return decks


def _loot_bits(view: Any) -> int:
    bits = 0
    for lt in view.loot:
        if lt.available:
            # bits 0,1: seat 1 loses 2 / 5; bits 2,3: seat 0 loses 2 / 5
            bits |= 1 << (2 * (1 - lt.victim) + (0 if lt.coins <= 2 else 1))
    return bits


def sample_state(view: Any, rng: random.Random) -> Any:
    """A full position consistent with ``view`` (hidden parts drawn with ``rng``)."""
    unseen = [CARD[k].id for k in age_pool(view)]
    rng.shuffle(unseen)
    guilds = [i for i in unseen if CARDS[i].color == 6]
    pool = [i for i in unseen if CARDS[i].color != 6]
    pyramid, taken, face_up, access = [], 0, 0, 0
    for sl in view.pyramid:
        if sl.face_up:
            face_up |= 1 << sl.index
        if sl.taken:
            taken |= 1 << sl.index
            pyramid.append(0)
            continue
        if sl.accessible:
            access |= 1 << sl.index
        if sl.card is not None:
            pyramid.append(CARD[sl.card.key].id)
        else:
            pyramid.append((guilds if sl.back == "guild" else pool).pop())
    wage = [_OUT] * len(WONDERS)
    wonders: list[list[int]] = []
    owned_tokens: list[int] = []
    for c in view.cities:
        wonders.append([WONDER[w.key].id for w in c.wonders])
        for w in c.wonders:
            wage[WONDER[w.key].id] = (
                (w.age_built or view.age) if w.built else _OUT if getattr(w, "out", False) else 0
            )
        owned_tokens.append(sum(1 << TOKEN[t.key].id for t in c.tokens))
    board = [TOKEN[t.key].id for t in view.progress_board]
    seen_tokens = set(board) | {
        t for t in range(len(TOKENS)) if (owned_tokens[0] | owned_tokens[1]) >> t & 1
    }
    box = [t for t in range(len(TOKENS)) if t not in seen_tokens]
    rng.shuffle(box)
    built = [[CARD[b.key].id for b in c.built] for c in view.cities]
    player = view.to_act if view.to_act is not None else -1
    # Start from a fresh game's dump so fields this module does not set keep their defaults.
    data = dict(_TEMPLATE)
    data.update(
        {
            "seed": rng.randrange(1 << 30),
            "rng": rng.getrandbits(63),
            "phase": _PHASES.index(view.phase),
            "player": player,
            "age": view.age,
            "first": 0,
            "taken": taken,
            "face_up": face_up,
            "access": access,
            "nbuilt": view.wonders_built,
            "pawn": view.pawn,
            "loot": _loot_bits(view),
            "last": player if player >= 0 else 0,
            "victory": 0,
            "winner": -1,
            "draft": [],
            "pyramid": pyramid,
            "removed": pool + guilds,
            "discard": [CARD[d.key].id for d in view.discard],
            "wage": wage,
            "board": board,
            "box": box,
            "offer": [],
            "coins": [c.coins for c in view.cities],
            "masks": [sum(1 << i for i in b) for b in built],
            "tokens": owned_tokens,
            "built": built,
            "tucked": [[], []],
            "wonders": wonders,
            "decks": _later_decks(view.age, rng),
            "again": False,
            "events": [],
        }
    )
    return duel.load(data)
