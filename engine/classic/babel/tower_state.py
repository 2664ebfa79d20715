"""The Tower of Babel's part of a game state (``State.ext["babel-tower"]``) and its dump."""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Tower", "dump_tower", "load_tower"]


class Tower(NamedTuple):
    """``hands``: each seat's tiles kept and not built yet (hidden from the others);
    ``draft``: the tiles each seat drafts from now (empty once the draft is over);
    ``resume``: the phase the game goes on with after the draft; ``built``: the tiles each seat
    built (public once revealed); ``placed``: (tile, age, turn) in placement order (the last
    ``spaces`` are visible); ``box``: tiles never dealt (hidden); ``before``: each city's
    token count before the Age's conflicts (tiles 19 and 22 change what they added);
    ``coins_first``: the rules of games stored before tile 19 took back the coins a power
    (Nero) paid for a Victory token it removes (``Config.tile19_nero`` off)."""

    spaces: int
    hands: tuple[tuple[int, ...], ...]
    draft: tuple[tuple[int, ...], ...]
    resume: int
    built: tuple[tuple[int, ...], ...]
    placed: tuple[tuple[int, int, int], ...]
    box: tuple[int, ...]
    before: tuple[int, ...] = ()
    coins_first: bool = False


def dump_tower(t: Tower) -> dict[str, Any]:
    return {
        "spaces": t.spaces,
        "hands": [list(h) for h in t.hands],
        "draft": [list(h) for h in t.draft],
        "resume": t.resume,
        "built": [list(h) for h in t.built],
        "placed": [list(p) for p in t.placed],
        "box": list(t.box),
        "before": list(t.before),
        # Only games of the older rules carry the mark: new dumps keep their shape.
        **({"coins_first": True} if t.coins_first else {}),
    }


def load_tower(d: dict[str, Any]) -> Tower:
    return Tower(
        d["spaces"],
        tuple(tuple(h) for h in d["hands"]),
        tuple(tuple(h) for h in d["draft"]),
        d["resume"],
        tuple(tuple(h) for h in d["built"]),
        tuple((a, b, c) for a, b, c in d["placed"]),
        tuple(d["box"]),
        tuple(d.get("before", ())),
        bool(d.get("coins_first", False)),
    )
