"""``from_agent_json``: a State from a position in the seed's format (player1 = seat 0).

What the format does not name is drawn with ``seed`` from the cards / tokens / wonders not
otherwise accounted for: face-down cards, cards tucked under built wonders (one of the age the
wonder was built in), the removed cards, the later Ages' decks, the second draft round and the
Great Library draw when it is not given.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from engine.duel.agent_json.draft import read_draft
from engine.duel.agent_json.reader import (
    Reader,
    bad,
    player_of,
    read_int,
    read_pyramid,
    read_tokens,
    read_wonders,
)
from engine.duel.agent_json.unseen import later_decks, layout, tuck, unseen_pools
from engine.duel.config import Config
from engine.duel.data import (
    BOARD,
    CARDS,
    COLOR_MASK,
    COLORS,
    TOKEN_INDEX,
)
from engine.duel.setup import ALL_SLOTS, new_game
from engine.duel.state import (
    DESTROY,
    DRAFT,
    LIBRARY,
    MAUSOLEUM,
    OUT,
    PLAY,
    START,
    TOKEN,
    State,
)

__all__ = ["from_agent_json"]

_PHASES: dict[str, int] = {
    "WONDER_SELECTION": DRAFT,
    "PLAY_CARD": PLAY,
    "CHOOSE_PROGRESS_TOKEN": TOKEN,
    "CHOOSE_PROGRESS_TOKEN_FROM_DISCARD": LIBRARY,
    "DESTROY_GREY": DESTROY,
    "DESTROY_BROWN": DESTROY,
    "CONSTRUCT_FROM_DISCARD": MAUSOLEUM,
    "CHOOSE_STARTING_PLAYER": START,
}
_THEOLOGY = 1 << TOKEN_INDEX["theology"]
# (flag, loot bit, sign of the pushing seat, zone start): State.loot's bit 2 * seat + k is the
# k-th token (board.yaml) that seat's pushes take from the opponent.
_LOOT_FLAGS = tuple(
    (f"loot{t.coins}Player{2 - seat}Available", 2 * seat + k, 1 - 2 * seat, t.from_)
    for seat in (0, 1)
    for k, t in enumerate(BOARD.military.loot)
)


def from_agent_json(data: dict[str, Any], seed: int = 0) -> State:
    """Load a position of the seed's format; raises ``EngineError`` naming what is wrong."""
    step = _step(data)
    phase = _PHASES[step]
    age = read_int(data, "age", 1, 3)
    player = read_int(data, "currentPlayerNumber", 1, 2) - 1
    rd = Reader(data)
    ps = (player_of(data, 1), player_of(data, 2))
    coins = tuple(read_int(p, "money", 0, 999, f"player{i + 1}.") for i, p in enumerate(ps))
    built, discard = _played(rd, data, ps, age)
    r = random.Random(seed)
    wonders = [read_wonders(p, f"player{i + 1}.wonders") for i, p in enumerate(ps)]
    wage, draft, first = read_draft(data, phase, player, wonders, r)
    shown = read_pyramid(rd, data, age) if phase != DRAFT else {}
    pools = unseen_pools(rd, r)
    tucked = tuck(wonders, pools, age)
    gone = [
        c
        for c in built[0] + built[1] + discard + list(tucked[0] + tucked[1])
        if CARDS[c].age == age
    ]
    pyramid, taken, face_up, access = layout(shown, phase, age, pools, gone)
    decks, removed = later_decks(pools, age if phase != DRAFT else 0, r)
    tokens, board, box, offer = read_tokens(data, phase, r)
    pawn, loot = _military(data)
    again = phase in (LIBRARY, DESTROY, MAUSOLEUM) and bool(tokens[player] & _THEOLOGY)
    ruin = _ruin(step, built[1 - player]) if phase == DESTROY else -1
    _check_phase(phase, age, taken, access, board, offer, discard)
    masks = tuple(sum(1 << c for c in b) for b in built)
    return _base()._replace(
        seed=seed,
        rng=r.getrandbits(63),
        phase=phase,
        player=player,
        age=age,
        first=first,
        draft=draft,
        pyramid=pyramid,
        taken=taken,
        face_up=face_up,
        access=access,
        decks=decks,
        removed=removed,
        discard=tuple(discard),
        coins=(coins[0], coins[1]),
        built=(tuple(built[0]), tuple(built[1])),
        masks=(masks[0], masks[1]),
        tucked=(tucked[0], tucked[1]),
        wonders=(tuple(x for x, _ in wonders[0]), tuple(x for x, _ in wonders[1])),
        wage=wage,
        nbuilt=sum(1 for a in wage if 0 < a < OUT),
        tokens=(tokens[0], tokens[1]),
        board=board,
        box=box,
        offer=offer,
        ruin=ruin,
        pawn=pawn,
        loot=loot,
        again=again,
        last=player,
        victory=0,
        winner=-1,
        events=(),
    )


def _step(data: object) -> str:
    """The position's step, one this module can load."""
    if not isinstance(data, dict):
        raise bad("position", "expected a JSON object")
    step = data.get("step")
    if not isinstance(step, str) or step not in _PHASES:
        raise bad("step", f"cannot load a position at step {step!r}")
    return step


def _played(
    rd: Reader, data: dict[str, Any], ps: tuple[dict[str, Any], ...], age: int
) -> tuple[list[list[int]], list[int]]:
    """Each player's built cards and the discard pile, none from a later Age."""
    built = [rd.city(p, f"player{i + 1}") for i, p in enumerate(ps)]
    discard = rd.cards(data.get("discardedCards", []), "discardedCards")
    for c in built[0] + built[1] + discard:
        if CARDS[c].age > age:
            raise bad(rd.seen[c], f"{CARDS[c].agent} belongs to Age {CARDS[c].age}")
    return built, discard


def _military(data: dict[str, Any]) -> tuple[int, int]:
    """(pawn position, State.loot) from the military object."""
    military = data.get("military", {})
    if not isinstance(military, dict):
        raise bad("military", "expected an object")
    pawn = read_int(military, "militaryPosition", -8, 8, "military.")
    return pawn, _loot(military, pawn)


def _ruin(step: str, opponent_built: list[int]) -> int:
    """The colour a DESTROY step takes from the opponent, who must have a card of it."""
    ruin = COLORS.index("grey" if step == "DESTROY_GREY" else "brown")
    if not any(COLOR_MASK[ruin] >> c & 1 for c in opponent_built):
        raise bad("step", f"the opponent has no {COLORS[ruin]} card to destroy")
    return ruin


def _loot(military: dict[str, Any], pawn: int) -> int:
    """State.loot from the flags; a token whose zone the pawn is in or beyond was applied.

    The engine removes every token the pawn reaches (and moves only check the zone's start), so
    a flag left on there (the seed engine's 2 -> 6 jump keeps the 2-coin one) is dropped; the
    coins stay as given.
    """
    return sum(
        1 << bit
        for key, bit, sign, start in _LOOT_FLAGS
        if military.get(key, True) and pawn * sign < start
    )


@functools.cache
def _base() -> State:
    """A template whose fields the format says nothing about keep new_game's values."""
    return new_game(Config(), 0)


def _check_phase(
    phase: int,
    age: int,
    taken: int,
    access: int,
    board: tuple[int, ...],
    offer: tuple[int, ...],
    discard: list[int],
) -> None:
    """Refuse positions whose step would have no legal move."""
    if phase == PLAY and not access:
        raise bad("visiblePyramid", "no active card to play")
    if phase == START and (taken != ALL_SLOTS or age == 3):
        raise bad("step", "who starts the next Age is chosen when Age I or II is over")
    if phase == TOKEN and not board:
        raise bad("tokensAvailable", "no progress token to choose")
    if phase == LIBRARY and not offer:
        raise bad("tokensFromUnavailable", "no token left for the Great Library")
    if phase == MAUSOLEUM and not discard:
        raise bad("discardedCards", "the discard pile is empty")
