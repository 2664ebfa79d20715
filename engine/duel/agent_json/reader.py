"""Reading the named facts of a seed-format position: typed values, card lists placed once,
the players' wonders, the visible pyramid and the progress tokens."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.common import EngineError
from engine.duel.agent_json.names import BACKS, card_key, token_key, wonder_key
from engine.duel.data import CARD_INDEX, CARDS, N_TOKENS, TOKEN_INDEX, WONDER_INDEX
from engine.duel.state import LIBRARY

__all__ = [
    "Reader",
    "bad",
    "player_of",
    "read_int",
    "read_names",
    "read_pyramid",
    "read_tokens",
    "read_wonders",
]

_BACK_AGE = {name: age for age, name in BACKS.items()}  # GUILD_BACK -> 0


def bad(where: str, why: str) -> EngineError:
    return EngineError(f"agent position, {where}: {why}")


def read_int(data: dict[str, Any], key: str, lo: int, hi: int, where: str = "") -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise bad(where + key, f"expected an integer {lo}..{hi}, got {value!r}")
    return value


def read_names(value: object, where: str, convert: Callable[[object], str]) -> list[str]:
    if not isinstance(value, list):
        raise bad(where, f"expected a list of names, got {value!r}")
    try:
        return [convert(v) for v in value]
    except EngineError as exc:
        raise bad(where, str(exc)) from None


class Reader:
    """Collects the named facts of a position and checks that nothing is placed twice."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.seen: dict[int, str] = {}

    def place(self, card: int, where: str) -> int:
        if card in self.seen:
            raise bad(where, f"{CARDS[card].agent} is already in {self.seen[card]}")
        self.seen[card] = where
        return card

    def cards(self, value: object, where: str) -> list[int]:
        return [self.place(CARD_INDEX[k], where) for k in read_names(value, where, card_key)]

    def city(self, p: dict[str, Any], where: str) -> list[int]:
        hand = p.get("sortedHand", {})
        if not isinstance(hand, dict):
            raise bad(where + ".sortedHand", "expected an object of card lists")
        return [
            c for cat, names in hand.items() for c in self.cards(names, f"{where}.sortedHand.{cat}")
        ]


def player_of(data: dict[str, Any], n: int) -> dict[str, Any]:
    p = data.get(f"player{n}")
    if not isinstance(p, dict):
        raise bad(f"player{n}", "missing")
    return p


def read_wonders(p: dict[str, Any], where: str) -> list[tuple[int, int]]:
    w = p.get("wonders", {})
    if not isinstance(w, dict) or len(w) > 4:
        raise bad(where, "expected at most 4 wonders as {NAME: 0 or the age built}")
    names = read_names(list(w), where, wonder_key)
    return [
        (WONDER_INDEX[k], read_int(w, name, 0, 3, where + "."))
        for k, name in zip(names, w, strict=True)
    ]


def read_pyramid(rd: Reader, data: dict[str, Any], age: int) -> dict[int, tuple[int, bool]]:
    """visiblePyramid as slot -> (card id, or -1 - back age for a face-down card; isActive)."""
    vis = data.get("visiblePyramid", {})
    if not isinstance(vis, dict):
        raise bad("visiblePyramid", "expected an object keyed by pyramid index")
    out: dict[int, tuple[int, bool]] = {}
    for key, item in vis.items():
        where = f"visiblePyramid[{key}]"
        if not str(key).isdigit() or not 0 <= int(key) < 20 or not isinstance(item, dict):
            raise bad(where, "expected index 0..19 -> {cardName, isActive}")
        name = item.get("cardName")
        active = bool(item.get("isActive"))
        if isinstance(name, str) and name in _BACK_AGE:
            back = _BACK_AGE[name]
            if back not in (0, age) or (back == 0 and age != 3):
                raise bad(where, f"{name} cannot lie in the Age {age} pyramid")
            out[int(key)] = (-1 - back, active)
            continue
        card = rd.cards([name], where)[0]
        if CARDS[card].age != age:
            raise bad(where, f"{name} is not an Age {age} card")
        out[int(key)] = (card, active)
    return out


def read_tokens(
    data: dict[str, Any], phase: int, r: random.Random
) -> tuple[list[int], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(owned masks, board, box, Great Library draw); box = every token not placed elsewhere."""

    def ids(value: object, where: str) -> list[int]:
        return [TOKEN_INDEX[k] for k in read_names(value, where, token_key)]

    owned = [ids(player_of(data, n).get("tokens", []), f"player{n}.tokens") for n in (1, 2)]
    board = ids(data.get("tokensAvailable", []), "tokensAvailable")
    placed = owned[0] + owned[1] + board
    if len(set(placed)) != len(placed):
        raise bad("tokens", "a progress token is listed twice")
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
