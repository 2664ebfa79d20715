"""Lossless dump/load of a state (positions: :mod:`engine.classic.position`)."""

from __future__ import annotations

from typing import Any

from engine.classic.cities.ext import CitiesExt
from engine.classic.leaders.state import dump_leaders, load_leaders
from engine.classic.state import City, State, parse_pick
from engine.classic.variants import gods
from engine.common import EngineError, Event

__all__ = ["dump", "load"]

FORMAT = 1


def _city(c: City) -> list[Any]:
    return [
        c.board,
        c.side,
        c.stages,
        c.coins,
        list(c.built),
        list(c.tucked),
        list(c.tokens),
        c.free_used_age,
    ]


def dump(state: State) -> dict[str, Any]:
    """JSON-safe dict of the full state, hidden cards included (card ids are small ints)."""
    extra: dict[str, Any] = {"free_city": state.free_city} if state.free_city else {}
    if state.leaders is not None:
        extra["leaders"] = dump_leaders(state.leaders)
    if state.cx is not None:  # absent in a base game: its dump is unchanged
        extra["cities_ext"] = _cx(state.cx)
    if state.gods is not None:
        extra["gods"] = gods.dump(state.gods)
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


def _cx(cx: CitiesExt) -> dict[str, Any]:
    out: dict[str, Any] = {
        "debt": list(cx.debt),
        "diplomacy": list(cx.diplomacy),
        "losses": [list(x) for x in cx.losses],
        "owed": list(cx.owed),
    }
    if cx.causes:  # only in a debt phase: other dumps keep their shape
        out["causes"] = [list(x) for x in cx.causes]
    return out


def _load_cx(data: dict[str, Any] | None) -> CitiesExt | None:
    if data is None:
        return None
    return CitiesExt(
        debt=tuple(data["debt"]),
        diplomacy=tuple(data["diplomacy"]),
        losses=tuple((a, b, c) for a, b, c in data["losses"]),
        owed=tuple(data["owed"]),
        causes=tuple((a, b, c) for a, b, c in data.get("causes", ())),
    )


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
            free_city=int(data.get("free_city", 0)),  # absent: not the 2-player game
            leaders=load_leaders(data["leaders"]) if "leaders" in data else None,
            cx=_load_cx(data.get("cities_ext")),  # absent: not a Cities game
            gods=gods.load(data["gods"]) if "gods" in data else None,  # absent: no variant
        )
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise EngineError(f"corrupt classic state: {exc!r}") from exc
