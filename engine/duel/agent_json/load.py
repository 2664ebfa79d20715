"""``from_agent_json``: a State from a position in the seed's format (player1 = seat 0).

What the format does not name is drawn with ``seed`` from the cards / tokens / wonders not
otherwise accounted for: face-down cards, cards tucked under built wonders (one of the age the
wonder was built in), the removed cards, the later Ages' decks, the second draft round and the
Great Library draw when it is not given.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from engine.common import EngineError
from engine.duel.agent_json.names import BACKS, card_key, token_key, wonder_key
from engine.duel.config import Config
from engine.duel.data import (
    AGE_IDS,
    BOARD,
    CARD_INDEX,
    CARDS,
    COLOR_MASK,
    COLORS,
    GUILD_IDS,
    LAYOUTS,
    N_TOKENS,
    N_WONDERS,
    TOKEN_INDEX,
    WONDER_INDEX,
)
from engine.duel.setup import ALL_SLOTS, draft_picker, new_game
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
_BACK_AGE = {name: age for age, name in BACKS.items()}  # GUILD_BACK -> 0
_PURPLE = COLORS.index("purple")
_THEOLOGY = 1 << TOKEN_INDEX["theology"]
# (flag, loot bit, sign of the pushing seat, zone start): State.loot's bit 2 * seat + k is the
# k-th token (board.yaml) that seat's pushes take from the opponent.
_LOOT_FLAGS = tuple(
    (f"loot{t.coins}Player{2 - seat}Available", 2 * seat + k, 1 - 2 * seat, t.from_)
    for seat in (0, 1)
    for k, t in enumerate(BOARD.military.loot)
)


def _bad(where: str, why: str) -> EngineError:
    return EngineError(f"agent position, {where}: {why}")


def _int(data: dict[str, Any], key: str, lo: int, hi: int, where: str = "") -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _bad(where + key, f"expected an integer {lo}..{hi}, got {value!r}")
    return value


def _names(value: object, where: str, convert: Callable[[object], str]) -> list[str]:
    if not isinstance(value, list):
        raise _bad(where, f"expected a list of names, got {value!r}")
    try:
        return [convert(v) for v in value]
    except EngineError as exc:
        raise _bad(where, str(exc)) from None


class _Reader:
    """Collects the named facts of a position and checks that nothing is placed twice."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.seen: dict[int, str] = {}

    def place(self, card: int, where: str) -> int:
        if card in self.seen:
            raise _bad(where, f"{CARDS[card].agent} is already in {self.seen[card]}")
        self.seen[card] = where
        return card

    def cards(self, value: object, where: str) -> list[int]:
        return [self.place(CARD_INDEX[k], where) for k in _names(value, where, card_key)]

    def city(self, p: dict[str, Any], where: str) -> list[int]:
        hand = p.get("sortedHand", {})
        if not isinstance(hand, dict):
            raise _bad(where + ".sortedHand", "expected an object of card lists")
        return [
            c for cat, names in hand.items() for c in self.cards(names, f"{where}.sortedHand.{cat}")
        ]


def _player(data: dict[str, Any], n: int) -> dict[str, Any]:
    p = data.get(f"player{n}")
    if not isinstance(p, dict):
        raise _bad(f"player{n}", "missing")
    return p


def _wonders(p: dict[str, Any], where: str) -> list[tuple[int, int]]:
    w = p.get("wonders", {})
    if not isinstance(w, dict) or len(w) > 4:
        raise _bad(where, "expected at most 4 wonders as {NAME: 0 or the age built}")
    names = _names(list(w), where, wonder_key)
    return [
        (WONDER_INDEX[k], _int(w, name, 0, 3, where + "."))
        for k, name in zip(names, w, strict=True)
    ]


def from_agent_json(data: dict[str, Any], seed: int = 0) -> State:
    """Load a position of the seed's format; raises ``EngineError`` naming what is wrong."""
    if not isinstance(data, dict):
        raise _bad("position", "expected a JSON object")
    step = data.get("step")
    if not isinstance(step, str) or step not in _PHASES:
        raise _bad("step", f"cannot load a position at step {step!r}")
    phase = _PHASES[step]
    age = _int(data, "age", 1, 3)
    player = _int(data, "currentPlayerNumber", 1, 2) - 1
    rd = _Reader(data)
    ps = (_player(data, 1), _player(data, 2))
    coins = tuple(_int(p, "money", 0, 999, f"player{i + 1}.") for i, p in enumerate(ps))
    built = [rd.city(p, f"player{i + 1}") for i, p in enumerate(ps)]
    discard = rd.cards(data.get("discardedCards", []), "discardedCards")
    for c in built[0] + built[1] + discard:
        if CARDS[c].age > age:
            raise _bad(rd.seen[c], f"{CARDS[c].agent} belongs to Age {CARDS[c].age}")
    r = random.Random(seed)
    wonders = [_wonders(p, f"player{i + 1}.wonders") for i, p in enumerate(ps)]
    wage, draft, first = _draft(data, phase, player, wonders, r)
    shown = _read_pyramid(rd, data, age) if phase != DRAFT else {}
    pools = _pools(rd, r)
    tucked = _tuck(wonders, pools, age)
    gone = [
        c
        for c in built[0] + built[1] + discard + list(tucked[0] + tucked[1])
        if CARDS[c].age == age
    ]
    pyramid, taken, face_up, access = _layout(shown, phase, age, pools, gone)
    decks, removed = _decks(pools, age if phase != DRAFT else 0, r)
    tokens, board, box, offer = _tokens(data, phase, r)
    military = data.get("military", {})
    if not isinstance(military, dict):
        raise _bad("military", "expected an object")
    pawn = _int(military, "militaryPosition", -8, 8, "military.")
    loot = _loot(military, pawn)
    again = phase in (LIBRARY, DESTROY, MAUSOLEUM) and bool(tokens[player] & _THEOLOGY)
    ruin = -1
    if phase == DESTROY:
        ruin = COLORS.index("grey" if step == "DESTROY_GREY" else "brown")
        if not any(COLOR_MASK[ruin] >> c & 1 for c in built[1 - player]):
            raise _bad("step", f"the opponent has no {COLORS[ruin]} card to destroy")
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


def _draft(
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
        for k in _names(data.get("wondersAvailable", []), "wondersAvailable", wonder_key)
    ]
    gone = {
        WONDER_INDEX[k]
        for k in _names(data.get("wondersUnavailable", []), "wondersUnavailable", wonder_key)
    }
    if len(set(owned + offer)) != len(owned + offer):
        raise _bad("wonders", "a wonder is listed twice")
    if gone & set(offer):
        raise _bad("wondersUnavailable", "a wonder on offer cannot be unavailable")
    wage = [OUT] * N_WONDERS
    for ws in wonders:
        for x, a in ws:
            if phase == DRAFT and a:
                raise _bad("wonders", "no wonder is built during the draft")
            wage[x] = a
    draft: tuple[int, ...] = ()
    first = 0
    if phase == DRAFT:
        picks = len(owned)
        if picks >= 8 or len(offer) != 4 - picks % 4:
            raise _bad("wondersAvailable", f"{len(offer)} wonders on offer after {picks} picks")
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
        raise _bad(
            "wondersUnavailable",
            f"lists {len(unseen) - len(rest)} of the {len(unseen)} "
            "wonders neither held nor on offer, leaving too few for the second draft "
            f"round: list at most {len(unseen) - 4} (those out of the game) or all "
            f"{len(unseen)} (the seed engine's form)",
        )
    r.shuffle(rest)
    return tuple(rest[:4])


def _pools(rd: _Reader, r: random.Random) -> dict[int, list[int]]:
    """Per age (0 = guilds) the cards not named anywhere, shuffled."""
    pools = {
        a: [c for c in (GUILD_IDS if a == 0 else AGE_IDS[a - 1]) if c not in rd.seen]
        for a in (0, 1, 2, 3)
    }
    for pool in pools.values():
        r.shuffle(pool)
    return pools


def _tuck(
    wonders: list[list[tuple[int, int]]], pools: dict[int, list[int]], age: int
) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for ws in wonders:
        cards = []
        for _, a in ws:
            if a > age:
                raise _bad("wonders", f"a wonder built in Age {a} during Age {age}")
            if a and not pools[a]:
                raise _bad("wonders", f"no Age {a} card is left to lie under a wonder")
            if a:
                cards.append(pools[a].pop())
        out.append(tuple(cards))
    return out


def _read_pyramid(rd: _Reader, data: dict[str, Any], age: int) -> dict[int, tuple[int, bool]]:
    """visiblePyramid as slot -> (card id, or -1 - back age for a face-down card; isActive)."""
    vis = data.get("visiblePyramid", {})
    if not isinstance(vis, dict):
        raise _bad("visiblePyramid", "expected an object keyed by pyramid index")
    out: dict[int, tuple[int, bool]] = {}
    for key, item in vis.items():
        where = f"visiblePyramid[{key}]"
        if not str(key).isdigit() or not 0 <= int(key) < 20 or not isinstance(item, dict):
            raise _bad(where, "expected index 0..19 -> {cardName, isActive}")
        name = item.get("cardName")
        active = bool(item.get("isActive"))
        if isinstance(name, str) and name in _BACK_AGE:
            back = _BACK_AGE[name]
            if back not in (0, age) or (back == 0 and age != 3):
                raise _bad(where, f"{name} cannot lie in the Age {age} pyramid")
            out[int(key)] = (-1 - back, active)
            continue
        card = rd.cards([name], where)[0]
        if CARDS[card].age != age:
            raise _bad(where, f"{name} is not an Age {age} card")
        out[int(key)] = (card, active)
    return out


def _layout(
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
            raise _bad(
                f"visiblePyramid[{s}]", f"isActive should be {not active} in the Age {age} layout"
            )
        if card >= 0:
            slots[s], face_up = card, face_up | 1 << s
        elif pools[-1 - card]:
            slots[s] = pools[-1 - card].pop()
        else:
            raise _bad(f"visiblePyramid[{s}]", "no unseen card is left for this card back")
    empty = [s for s in range(20) if slots[s] < 0]
    if len(gone) > len(empty):
        raise _bad(
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


def _decks(
    pools: dict[int, list[int]], age: int, r: random.Random
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Later Ages' pyramids (20 cards each; Age III: 17 + 3 guilds) and the removed cards."""
    decks = []
    for a in range(age + 1, 4):
        deck = pools[a][: 17 if a == 3 else 20] + (pools[0][:3] if a == 3 else [])
        if len(deck) != 20:
            raise _bad("cards", f"not enough unseen cards for the Age {a} deck")
        del pools[a][: 17 if a == 3 else 20]
        if a == 3:
            del pools[0][:3]
        r.shuffle(deck)
        decks.append(tuple(deck))
    return tuple(decks), tuple(c for a in (1, 2, 3, 0) for c in pools[a])


def _tokens(
    data: dict[str, Any], phase: int, r: random.Random
) -> tuple[list[int], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(owned masks, board, box, Great Library draw); box = every token not placed elsewhere."""

    def ids(value: object, where: str) -> list[int]:
        return [TOKEN_INDEX[k] for k in _names(value, where, token_key)]

    owned = [ids(_player(data, n).get("tokens", []), f"player{n}.tokens") for n in (1, 2)]
    board = ids(data.get("tokensAvailable", []), "tokensAvailable")
    placed = owned[0] + owned[1] + board
    if len(set(placed)) != len(placed):
        raise _bad("tokens", "a progress token is listed twice")
    offer: list[int] = []
    if phase == LIBRARY:
        offer = [
            t
            for t in ids(data.get("tokensFromUnavailable", []), "tokensFromUnavailable")
            if t not in placed
        ][:3]
    rest = [t for t in range(N_TOKENS) if t not in placed and t not in offer]
    r.shuffle(rest)
    if phase == LIBRARY and not offer:  # the draw is not shown to this seat: draw it
        offer, rest = rest[:3], rest[3:]
    masks = [sum(1 << t for t in o) for o in owned]
    return masks, tuple(board), tuple(rest), tuple(offer)


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
        raise _bad("visiblePyramid", "no active card to play")
    if phase == START and (taken != ALL_SLOTS or age == 3):
        raise _bad("step", "who starts the next Age is chosen when Age I or II is over")
    if phase == TOKEN and not board:
        raise _bad("tokensAvailable", "no progress token to choose")
    if phase == LIBRARY and not offer:
        raise _bad("tokensFromUnavailable", "no token left for the Great Library")
    if phase == MAUSOLEUM and not discard:
        raise _bad("discardedCards", "the discard pile is empty")
