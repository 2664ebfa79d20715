"""Helpers for Babel tests: a game past the tile draft, with chosen hands, cities and tiles."""

from __future__ import annotations

from typing import Any

from engine import classic as C
from engine.classic.babel.projects_plugin import PROJECTS_PLUGIN, projects_of
from engine.classic.babel.projects_state import Projects
from engine.classic.babel.tower_plugin import TOWER_PLUGIN, tower_of
from engine.classic.babel.tower_state import Tower
from engine.classic.data import CARD_INDEX
from engine.classic.plugin import with_slot
from engine.classic.state import State

__all__ = ["BOTH", "after_draft", "card", "move", "table", "tower", "projects", "with_tower"]

BOTH = ("babel-tower", "babel-projects")


def card(name: str) -> int:
    return CARD_INDEX[name]


def move(text: str) -> C.Move:
    got = C.parse_move(text)
    assert isinstance(got, C.Move)
    return got


def after_draft(s: State) -> State:
    """Every seat keeps the first tile it drafts from until the draft is over."""
    while s.phase == 7:
        for seat in sorted(C.to_act(s)):
            s, _ = C.apply(s, seat, C.legal_moves(s, seat)[0])
    return s


def tower(s: State) -> Tower:
    t = tower_of(s)
    assert t is not None
    return t


def projects(s: State) -> Projects:
    p = projects_of(s)
    assert p is not None
    return p


def with_tower(s: State, **fields: Any) -> State:
    return with_slot(s, TOWER_PLUGIN, tower(s)._replace(**fields))


def with_projects(s: State, **fields: Any) -> State:
    return with_slot(s, PROJECTS_PLUGIN, projects(s)._replace(**fields))


def table(
    seats: list[dict[str, Any]],
    expansions: tuple[str, ...] = BOTH,
    age: int = 1,
    visible: tuple[int, ...] = (),
) -> State:
    """A game after the tile draft at ``age`` turn 1 whose seats hold the given ``hand``,
    ``built`` cards, ``coins``, ``tokens`` and ``tiles``; ``visible``: tiles on the tower
    (placed before this turn)."""
    n = len(seats)
    wonders = ["Rhodos", "Ephesos", "Babylon", "Gizah", "Olympia", "Alexandria", "Halikarnassos"]
    config = C.Config(players=n, expansions=expansions, wonders=wonders[:n])
    s = after_draft(C.new_game(config, 0))
    cities = list(s.cities)
    hands = list(s.hands)
    for i, spec in enumerate(seats):
        c = cities[i]
        cities[i] = c._replace(
            coins=spec.get("coins", c.coins),
            built=tuple(card(x) for x in spec.get("built", ())),
            tokens=tuple(spec.get("tokens", ())),
        )
        if "hand" in spec:
            hands[i] = tuple(card(x) for x in spec["hand"])
    s = s._replace(cities=tuple(cities), hands=tuple(hands), age=age, turn=1)
    if "babel-tower" in expansions:
        tiles = tuple(tuple(spec.get("tiles", ())) for spec in seats)
        placed = tuple((x, age, 0) for x in visible)  # turn 0: before this turn
        s = with_tower(s, hands=tiles, placed=placed)
    return s
