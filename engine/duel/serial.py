"""Lossless JSON-safe dump/load of a Duel state (hidden cards and the RNG state included)."""

from __future__ import annotations

from typing import Any

from engine.common import EngineError, Event
from engine.duel.state import State

__all__ = ["FORMAT", "dump", "load"]

FORMAT = 1
_PAIRS = ("coins", "masks", "tokens")
_PAIR_TUPLES = ("built", "tucked", "wonders")
_TUPLES = ("draft", "pyramid", "removed", "discard", "wage", "board", "box", "offer")
_INTS = (
    "seed",
    "rng",
    "phase",
    "player",
    "age",
    "first",
    "taken",
    "face_up",
    "access",
    "nbuilt",
    "ruin",
    "pawn",
    "loot",
    "last",
    "victory",
    "winner",
)


def dump(state: State) -> dict[str, Any]:
    """Every field of the state; ids are small ints (see engine.duel.data)."""
    out: dict[str, Any] = {"game": "duel", "format": FORMAT}
    for name in _INTS:
        out[name] = getattr(state, name)
    for name in _TUPLES + _PAIRS:
        out[name] = list(getattr(state, name))
    for name in _PAIR_TUPLES:
        out[name] = [list(x) for x in getattr(state, name)]
    out["decks"] = [list(d) for d in state.decks]
    out["again"] = state.again
    out["events"] = [e.model_dump(mode="json") for e in state.events]
    return out


def load(data: dict[str, Any]) -> State:
    """Inverse of :func:`dump`; raises ``EngineError`` on anything malformed."""
    if data.get("game") != "duel" or data.get("format") != FORMAT:
        raise EngineError("not a Duel state dump (game 'duel', format 1)")
    try:
        f: dict[str, Any] = {n: int(data[n]) for n in _INTS}
        for name in _TUPLES:
            f[name] = tuple(int(x) for x in data[name])
        for name in _PAIRS:
            a, b = (int(x) for x in data[name])
            f[name] = (a, b)
        for name in _PAIR_TUPLES:
            a2, b2 = (tuple(int(x) for x in y) for y in data[name])
            f[name] = (a2, b2)
        f["decks"] = tuple(tuple(int(x) for x in d) for d in data["decks"])
        f["again"] = bool(data["again"])
        f["events"] = tuple(Event.model_validate(e) for e in data["events"])
        return State(**f)
    except (KeyError, TypeError, ValueError) as exc:
        raise EngineError(f"corrupt Duel state: {exc!r}") from exc
