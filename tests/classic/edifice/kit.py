"""Helpers for Edifice tests: a game at a chosen Age and turn, with chosen hands, cities and
projects."""

from __future__ import annotations

from typing import Any

from engine import classic as C
from engine.classic.data import CARD_INDEX
from engine.classic.edifice.data import PROJECTS
from engine.classic.edifice.plugin import EDIFICE, edifice_of
from engine.classic.edifice.state import Edifice
from engine.classic.plugin import with_slot
from engine.classic.state import State

__all__ = ["card", "edifice", "move", "pid", "play_turn", "table", "with_edifice"]

_WONDERS = ["Rhodos", "Ephesos", "Babylon", "Gizah", "Olympia", "Alexandria", "Halikarnassos"]


def card(name: str) -> int:
    return CARD_INDEX[name]


def pid(name: str) -> int:
    return next(p.pid for p in PROJECTS if p.name == name)


def move(text: str) -> C.Move:
    got = C.parse_move(text)
    assert isinstance(got, C.Move)
    return got


def edifice(s: State) -> Edifice:
    e = edifice_of(s)
    assert e is not None
    return e


def with_edifice(s: State, **fields: Any) -> State:
    return with_slot(s, EDIFICE, edifice(s)._replace(**fields))


def table(
    seats: list[dict[str, Any]],
    age: int = 1,
    turn: int = 1,
    projects: tuple[str, str, str] = ("Money Changer", "Auction House", "Gold Reserves"),
    wonders: list[str] | None = None,
    sides: str = "A",
    expansions: tuple[str, ...] = ("edifice",),
) -> State:
    """A game at ``age``/``turn`` whose seats hold the given ``hand``, ``built`` cards,
    ``coins``, ``tokens`` and wonder ``stages``; ``projects``: the three projects in play."""
    n = len(seats)
    config = C.Config(
        players=n, expansions=expansions, wonders=(wonders or _WONDERS)[:n], sides=sides
    )
    s = C.new_game(config, 0)
    cities, hands = list(s.cities), list(s.hands)
    for i, spec in enumerate(seats):
        c = cities[i]
        cities[i] = c._replace(
            coins=spec.get("coins", c.coins),
            built=tuple(card(x) for x in spec.get("built", ())),
            tokens=tuple(spec.get("tokens", ())),
            stages=spec.get("stages", 0),
        )
        if "hand" in spec:
            hands[i] = tuple(card(x) for x in spec["hand"])
    s = s._replace(cities=tuple(cities), hands=tuple(hands), age=age, turn=turn)
    a, b, c3 = (pid(x) for x in projects)
    return with_edifice(s, order=(a, b, c3))


def play_turn(s: State, picks: dict[int, str]) -> State:
    """Every seat to act plays its move of ``picks`` (a seat not named: its first legal move)."""
    for seat in sorted(C.to_act(s)):
        text = picks.get(seat)
        mv = move(text) if text else C.legal_moves(s, seat)[0]
        s, _ = C.apply(s, seat, mv)
    return s
