"""Where the cards a seed-format position does not name go: drawn with the seed into the
cards under built wonders, the current pyramid's hidden and taken slots, the later Ages' decks
and the removed cards."""

from __future__ import annotations

import random

from engine.duel.agent_json.reader import Reader, bad
from engine.duel.data import AGE_IDS, GUILD_IDS, LAYOUTS
from engine.duel.setup import ALL_SLOTS
from engine.duel.state import DRAFT, PLAY, START

__all__ = ["later_decks", "layout", "tuck", "unseen_pools"]


def unseen_pools(rd: Reader, r: random.Random) -> dict[int, list[int]]:
    """Per age (0 = guilds) the cards not named anywhere, shuffled."""
    pools = {
        a: [c for c in (GUILD_IDS if a == 0 else AGE_IDS[a - 1]) if c not in rd.seen]
        for a in (0, 1, 2, 3)
    }
    for pool in pools.values():
        r.shuffle(pool)
    return pools


def tuck(
    wonders: list[list[tuple[int, int]]], pools: dict[int, list[int]], age: int
) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for ws in wonders:
        cards = []
        for _, a in ws:
            if a > age:
                raise bad("wonders", f"a wonder built in Age {a} during Age {age}")
            if a and not pools[a]:
                raise bad("wonders", f"no Age {a} card is left to lie under a wonder")
            if a:
                cards.append(pools[a].pop())
        out.append(tuple(cards))
    return out


def layout(
    shown: dict[int, tuple[int, bool]],
    phase: int,
    age: int,
    pools: dict[int, list[int]],
    gone: list[int],
) -> tuple[tuple[int, ...], int, int, int]:
    """(card per slot, taken, face_up, access) of the current Age's pyramid.

    ``gone``: the cards of this Age played already (they fill the taken slots).
    """
    if phase == DRAFT:
        return (), 0, 0, 0
    lay = LAYOUTS[age]
    taken = ALL_SLOTS & ~sum(1 << s for s in shown)
    access = sum(1 << s for s in shown if not lay.covered_by[s] & ~taken)
    slots = [-1] * 20
    face_up = 0
    for s, (card, active) in shown.items():
        if active != bool(access >> s & 1):
            raise bad(
                f"visiblePyramid[{s}]", f"isActive should be {not active} in the Age {age} layout"
            )
        if card >= 0:
            slots[s], face_up = card, face_up | 1 << s
        elif pools[-1 - card]:
            slots[s] = pools[-1 - card].pop()
        else:
            raise bad(f"visiblePyramid[{s}]", "no unseen card is left for this card back")
    empty = [s for s in range(20) if slots[s] < 0]
    if len(gone) > len(empty):
        raise bad(
            "visiblePyramid",
            f"{len(gone)} Age {age} cards were played but only "
            f"{len(empty)} cards are missing from the pyramid",
        )
    fill = gone + [pools[age].pop() for _ in range(len(empty) - len(gone))]
    for s, c in zip(empty, fill, strict=True):
        slots[s] = c
    if phase in (PLAY, START):
        face_up |= access  # uncovered cards are turned up when a turn ends
    return tuple(slots), taken, face_up | taken, access


def later_decks(
    pools: dict[int, list[int]], age: int, r: random.Random
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Later Ages' pyramids (20 cards each; Age III: 17 + 3 guilds) and the removed cards."""
    decks = []
    for a in range(age + 1, 4):
        deck = pools[a][: 17 if a == 3 else 20] + (pools[0][:3] if a == 3 else [])
        if len(deck) != 20:
            raise bad("cards", f"not enough unseen cards for the Age {a} deck")
        del pools[a][: 17 if a == 3 else 20]
        if a == 3:
            del pools[0][:3]
        r.shuffle(deck)
        decks.append(tuple(deck))
    return tuple(decks), tuple(c for a in (1, 2, 3, 0) for c in pools[a])
