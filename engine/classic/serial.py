"""Lossless dump/load of a state (positions: :mod:`engine.classic.position`)."""

from __future__ import annotations

from typing import Any

from engine.classic.plugin import active, registered_plugins, slot_of
from engine.classic.production import dump_changes, load_changes
from engine.classic.state import City, State, parse_pick
from engine.common import EngineError, Event

__all__ = ["dump", "load"]

FORMAT = 1


def _city(c: City) -> list[Any]:
    out = [
        c.board,
        c.side,
        c.stages,
        c.coins,
        list(c.built),
        list(c.tucked),
        list(c.tokens),
        c.free_used_age,
    ]
    if c.prod:  # a plug-in's production changes (absent otherwise: older dumps read the same)
        out.append(dump_changes(c.prod))
    return out


def dump(state: State) -> dict[str, Any]:
    """JSON-safe dict of the full state, hidden cards included (card ids are small ints)."""
    # Each plug-in in play under its own key (absent in a base game: its dump is unchanged).
    extra = {p.dump_key(): p.dump(slot_of(state, p)) for p in active(state)}
    return extra | {
        "game": "classic",
        "format": FORMAT,
        "players": state.players,
        "seed": state.seed,
        "age": state.age,
        "turn": state.turn,
        "phase": state.phase,
        "hands": [list(h) for h in state.hands],
        "cities": [_city(c) for c in state.cities],
        "picks": [str(p) if p else None for p in state.picks],
        "discard": list(state.discard),
        "decks": [list(d) for d in state.decks],
        "pending": list(state.pending),
        "hali": list(state.hali),
        "events": [e.model_dump(mode="json") for e in state.last_events],
        "passed": [[list(h) for h in p] for p in state.passed],
        "shown": [list(t) for t in state.shown],
    }


def load(data: dict[str, Any]) -> State:
    try:
        if data.get("game") != "classic" or data.get("format") != FORMAT:
            raise EngineError("not a classic state dump")
        cities = tuple(
            City(
                board=c[0],
                side=c[1],
                stages=c[2],
                coins=c[3],
                built=tuple(c[4]),
                tucked=tuple(c[5]),
                tokens=tuple(c[6]),
                free_used_age=c[7],
                prod=load_changes(c[8]) if len(c) > 8 else (),
            )
            for c in data["cities"]
        )
        return State(
            players=data["players"],
            seed=data["seed"],
            age=data["age"],
            turn=data["turn"],
            phase=data["phase"],
            hands=tuple(tuple(h) for h in data["hands"]),
            cities=cities,
            picks=tuple(parse_pick(p) if p else None for p in data["picks"]),
            discard=tuple(data["discard"]),
            decks=tuple(tuple(d) for d in data["decks"]),
            pending=tuple(data["pending"]),
            hali=tuple(data["hali"]),
            last_events=tuple(Event.model_validate(e) for e in data["events"]),
            # Absent in dumps written before these fields existed: no history known.
            passed=tuple(tuple(tuple(h) for h in p) for p in data.get("passed", [])),
            shown=tuple(tuple(t) for t in data.get("shown", [])),
            **_slots(data),
        )
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise EngineError(f"corrupt classic state: {exc!r}") from exc


def _slots(data: dict[str, Any]) -> dict[str, Any]:
    """The State fields of the plug-ins a dump holds (a plug-in's key absent: not in play)."""
    out: dict[str, Any] = {}
    ext: list[tuple[str, Any]] = []
    for p in registered_plugins():
        key = p.dump_key()
        if key not in data:
            continue
        value = p.load(data[key])
        if p.field is not None:
            out[p.field] = value
        else:
            ext.append((p.name, value))
    if ext:
        out["ext"] = tuple(ext)
    return out
