"""The wonder draft of a seed-format position: what each wonder's state is, the wonders still
to draft (the second round drawn when the format does not show it) and who picks first."""

from __future__ import annotations

import random
from typing import Any

from engine.duel.agent_json.names import wonder_key
from engine.duel.agent_json.reader import bad, read_names
from engine.duel.data import N_WONDERS, WONDER_INDEX
from engine.duel.setup import draft_picker
from engine.duel.state import DRAFT, OUT

__all__ = ["read_draft"]


def read_draft(
    data: dict[str, Any],
    phase: int,
    player: int,
    wonders: list[list[tuple[int, int]]],
    r: random.Random,
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """(wage per wonder, wonders still to draft, player A) from the players' wonders."""
    owned = [x for ws in wonders for x, _ in ws]
    offer = [
        WONDER_INDEX[k]
        for k in read_names(data.get("wondersAvailable", []), "wondersAvailable", wonder_key)
    ]
    gone = {
        WONDER_INDEX[k]
        for k in read_names(data.get("wondersUnavailable", []), "wondersUnavailable", wonder_key)
    }
    if len(set(owned + offer)) != len(owned + offer):
        raise bad("wonders", "a wonder is listed twice")
    if gone & set(offer):
        raise bad("wondersUnavailable", "a wonder on offer cannot be unavailable")
    wage = [OUT] * N_WONDERS
    for ws in wonders:
        for x, a in ws:
            if phase == DRAFT and a:
                raise bad("wonders", "no wonder is built during the draft")
            wage[x] = a
    draft: tuple[int, ...] = ()
    first = 0
    if phase == DRAFT:
        picks = len(owned)
        if picks >= 8 or len(offer) != 4 - picks % 4:
            raise bad("wondersAvailable", f"{len(offer)} wonders on offer after {picks} picks")
        if picks < 4:
            draft = tuple(offer) + _second_round(owned, offer, gone, r)
        else:  # the draws the first round makes, so a seed keeps giving the same sample
            draft = tuple(offer)
            r.shuffle([x for x in range(N_WONDERS) if x not in owned + offer and x not in gone])
        for x in draft:
            wage[x] = 0
        first = player if draft_picker(0, picks) == 0 else 1 - player
    elif sum(1 for a in wage if 0 < a < OUT) >= 7:  # the 8th wonder has left the game
        wage = [OUT if a == 0 else a for a in wage]
    return tuple(wage), draft, first


def _second_round(
    owned: list[int], offer: list[int], gone: set[int], r: random.Random
) -> tuple[int, ...]:
    """The second draft round's 4 wonders, drawn during the first round.

    Of the 8 wonders neither held nor on offer, ``wondersUnavailable`` may list up to 4 as out
    of the game (the others are the unseen pool), or all 8: the seed engine's form, which lists
    every wonder not on offer, so all 8 are the pool. Listing 5 to 7 leaves no second round.
    """
    unseen = [x for x in range(N_WONDERS) if x not in owned and x not in offer]
    rest = [x for x in unseen if x not in gone]
    if not rest:  # the seed engine's form
        rest = unseen
    elif len(rest) < 4:
        raise bad(
            "wondersUnavailable",
            f"lists {len(unseen) - len(rest)} of the {len(unseen)} "
            "wonders neither held nor on offer, leaving too few for the second draft "
            f"round: list at most {len(unseen) - 4} (those out of the game) or all "
            f"{len(unseen)} (the seed engine's form)",
        )
    r.shuffle(rest)
    return tuple(rest[:4])
