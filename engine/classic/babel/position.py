"""Babel in hand-written positions (``load_position`` / ``dump_position``) and in states built
from a seat's view (``state_from_view``, the search AI's samples).

Top-level keys, each optional (absent: dealt from the position's ``seed`` as a new game deals
them, every seat keeping the tiles it was dealt; the project of each Age drawn):

- ``"babel-tower": {"hands": [[tile, ...] per seat], "built": [[tile, ...] per seat],
  "placed": [[tile, age, turn], ...], "box": [tile, ...], "spaces": 3 | 4}``: tiles kept and
  not built, tiles built, the tower oldest first (default: the built tiles in number order,
  placed before the game's first turn), the tiles never dealt (default: every other tile);
- ``"babel-projects": {"projects": [Age I, II, III names], "tokens": [per seat], "left": n,
  "held": [[reward token, ...] per seat], "penalty": [VP per seat], "offers": [[seat, wild]]}``:
  ``offers`` are this turn's builds of the project's colour (the join step at the turn's end).

A position is a pick turn, a seventh card or a discard build: the tile draft and the join step
are not position phases. From a view, what the seat does not know is sampled with the
position's ``seed`` (as the later decks are): the other seats' unbuilt tiles and the box from
the tiles it has not seen, the other Ages' projects from their Age's projects.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.classic.babel.data import DECISIONS, PROJECTS, PROJECTS_BY_AGE, REWARD_TOKENS, TILES
from engine.classic.babel.projects_state import Projects
from engine.classic.babel.tower_state import Tower
from engine.classic.state import PICK
from engine.common import EngineError

__all__ = [
    "projects_from_position",
    "projects_from_view",
    "projects_to_position",
    "tower_from_position",
    "tower_from_view",
    "tower_to_position",
]

TOWER, PROJECTS_KEY = "babel-tower", "babel-projects"
_ALL = frozenset(t.number for t in TILES)
_BY_NAME = {p.name: p.pid for p in PROJECTS}


def _rows(d: Mapping[str, Any], key: str, n: int, what: str) -> tuple[tuple[Any, ...], ...]:
    rows = d.get(key, [[]] * n)
    if len(rows) != n:
        raise EngineError(f"{what}.{key} needs one list per seat ({n})")
    return tuple(tuple(row) for row in rows)


def _tiles(rows: Sequence[Sequence[Any]]) -> tuple[tuple[int, ...], ...]:
    out = tuple(tuple(sorted(int(x) for x in row)) for row in rows)
    for x in (x for row in out for x in row):
        if x not in _ALL:
            raise EngineError(f"there is no Babel tile {x} (tiles 1 to {len(TILES)})")
    return out


def tower_from_position(d: Mapping[str, Any], n: int, age: int, turn: int) -> Tower:
    """The Tower part of a position (``d``: its ``babel-tower`` value), checked."""
    hands = _tiles(_rows(d, "hands", n, TOWER))
    built = tuple(tuple(int(x) for x in row) for row in _rows(d, "built", n, TOWER))
    _tiles(built)
    on_tower = sorted(x for row in built for x in row)
    placed = tuple((int(a), int(b), int(c)) for a, b, c in d.get("placed", ()))
    if not placed:
        placed = tuple((x, 1, 0) for x in on_tower)
    if sorted(x for x, _, _ in placed) != on_tower:
        raise EngineError("babel-tower.placed must hold exactly the tiles built")
    if any((a, t) > (age, turn) for _, a, t in placed):
        raise EngineError("babel-tower.placed has a tile placed after the position's turn")
    used = [x for row in hands for x in row] + on_tower
    box = _tiles([d["box"]])[0] if "box" in d else tuple(sorted(_ALL - set(used)))
    if sorted(used + list(box)) != sorted(set(used) | set(box)):
        raise EngineError("each Babel tile is in one place only (a hand, a tower or the box)")
    spaces = int(d.get("spaces", 3 if n <= 4 else 4))
    if spaces not in (3, 4):
        raise EngineError("babel-tower.spaces must be 3 or 4")
    # After the draft: nothing to draft; ``resume`` is read by the draft only.
    coins_first = bool(d.get("coins_first", False))  # a game stored before classic-6 (Nero)
    return Tower(spaces, hands, ((),) * n, PICK, built, placed, box, (), coins_first)


def tower_to_position(t: Tower) -> dict[str, Any]:
    return {
        "spaces": t.spaces,
        "hands": [list(h) for h in t.hands],
        "built": [list(b) for b in t.built],
        "placed": [list(p) for p in t.placed],
        "box": list(t.box),
        **({"coins_first": True} if t.coins_first else {}),
    }


def tower_from_view(view: Any, data: dict[str, Any]) -> None:
    """The Tower part of a sampled position: the other seats' unbuilt tiles (each seat keeps
    ``tiles_per_player`` tiles) and the box drawn from the tiles ``view``'s seat has not seen."""
    tv = view.tower
    if tv is None:
        return
    seen = set(tv.mine) | set(tv.draft_hand) | {x for row in tv.built for x in row}
    unseen = sorted(_ALL - seen)
    random.Random(f"babel-tower-sample:{data.get('seed', 0)}").shuffle(unseen)
    k = DECISIONS["tiles_per_player"]
    hands: list[list[int]] = []
    for seat, built in enumerate(tv.built):
        if seat == view.seat:
            hands.append(list(tv.mine))
            continue
        want = max(0, k - len(built))
        hands.append(sorted(unseen[:want]))
        unseen = unseen[want:]
    data[TOWER] = {
        "spaces": tv.spaces,
        "hands": hands,
        "built": [list(b) for b in tv.built],
        "placed": [list(p) for p in tv.placed],
        "box": sorted(unseen),
    }


def projects_from_position(d: Mapping[str, Any], n: int, age: int, turn: int) -> Projects:
    """The Great Projects part of a position (``d``: its ``babel-projects`` value), checked."""
    names = list(d["projects"])
    if len(names) != 3:
        raise EngineError("babel-projects.projects names the project of each of the 3 Ages")
    order: list[int] = []
    for a, name in enumerate(names, start=1):
        pid = _BY_NAME.get(name)
        if pid is None:
            raise EngineError(f"unknown Great Project {name!r}")
        if pid not in PROJECTS_BY_AGE[a]:
            raise EngineError(f"{name} is not a project of Age {a}")
        order.append(pid)
    tokens = tuple(int(x) for x in d.get("tokens", [0] * n))
    held = _rows(d, "held", n, PROJECTS_KEY)
    bad = sorted({x for row in held for x in row} - set(REWARD_TOKENS))
    if bad:
        raise EngineError(f"unknown reward tokens {bad}; kept tokens are {list(REWARD_TOKENS)}")
    left = int(d.get("left", n - 1 - sum(tokens)))
    penalty = tuple(int(x) for x in d.get("penalty", [0] * n))
    if len(tokens) != n or len(penalty) != n or left < 0 or min(tokens) < 0:
        raise EngineError("babel-projects: tokens and penalty per seat, left 0 or more")
    offers = tuple((int(s), bool(w)) for s, w in d.get("offers", ()))
    stamp = (age, turn) if offers else (0, 0)
    return Projects((order[0], order[1], order[2]), tokens, left, held, penalty, offers, stamp)


def projects_to_position(p: Projects, age: int, turn: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "projects": [PROJECTS[pid].name for pid in p.order],
        "tokens": list(p.tokens),
        "left": p.left,
        "held": [list(h) for h in p.held],
        "penalty": list(p.penalty),
    }
    if p.offers and p.stamp == (age, turn):  # older offers are void
        out["offers"] = [[s, w] for s, w in p.offers]
    return out


def projects_from_view(view: Any, data: dict[str, Any]) -> None:
    """The Great Projects part of a sampled position: the current Age's project as shown, the
    other Ages' drawn from their Age's projects (a view shows the current one only)."""
    pv = view.projects
    if pv is None:
        return
    rng = random.Random(f"babel-projects-sample:{data.get('seed', 0)}")
    names = [PROJECTS[rng.choice(PROJECTS_BY_AGE[a])].name for a in (1, 2, 3)]
    names[view.age - 1] = pv.name
    data[PROJECTS_KEY] = {
        "projects": names,
        "tokens": list(pv.tokens),
        "left": pv.left,
        "held": [list(h) for h in pv.held],
        "penalty": list(pv.penalty_vp),
        "offers": [[s, w] for s, w in pv.offers],
    }
