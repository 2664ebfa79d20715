"""The Great Projects' part of a game state (``State.ext["babel-projects"]``) and its dump."""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Projects", "dump_projects", "load_projects", "new_projects"]


class Projects(NamedTuple):
    """``order``: the project of each Age (drawn at set-up; only the current Age's is shown).
    ``tokens``: participation tokens per seat on the current project; ``left``: tokens still
    on it. ``held``: reward tokens each seat keeps (one-use ones leave when used).
    ``penalty``: VP of each seat's penalty tokens (0 or less). ``offers``: (seat, wild) pairs
    that built a card this turn and may join (wild: only Factory's token allows it);
    ``stamp``: (age, turn) the offers were made in (older offers are void). ``old_rules``: a
    game stored under rules classic-3 or before (``Config.projects_v4`` False): Double Walls'
    penalty is a penalty token there, not a blocked resource."""

    order: tuple[int, int, int]
    tokens: tuple[int, ...]
    left: int
    held: tuple[tuple[str, ...], ...]
    penalty: tuple[int, ...]
    offers: tuple[tuple[int, bool], ...] = ()
    stamp: tuple[int, int] = (0, 0)
    old_rules: bool = False


def new_projects(
    order: tuple[int, int, int], n: int, tokens: int, old_rules: bool = False
) -> Projects:
    return Projects(order, (0,) * n, tokens, ((),) * n, (0,) * n, old_rules=old_rules)


def dump_projects(p: Projects) -> dict[str, Any]:
    old = {"old_rules": True} if p.old_rules else {}  # absent in new games: their dumps unchanged
    return old | {
        "order": list(p.order),
        "tokens": list(p.tokens),
        "left": p.left,
        "held": [list(h) for h in p.held],
        "penalty": list(p.penalty),
        "offers": [[s, w] for s, w in p.offers],
        "stamp": list(p.stamp),
    }


def load_projects(d: dict[str, Any]) -> Projects:
    a, b, c = d["order"]
    return Projects(
        (a, b, c),
        tuple(d["tokens"]),
        d["left"],
        tuple(tuple(h) for h in d["held"]),
        tuple(d["penalty"]),
        tuple((s, bool(w)) for s, w in d.get("offers", ())),
        (d.get("stamp", (0, 0))[0], d.get("stamp", (0, 0))[1]),
        bool(d.get("old_rules", False)),
    )
