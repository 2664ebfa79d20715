"""Lossless dump/load of a state and the hand-written position format of ENGINE_API.md."""

from __future__ import annotations

import random
from typing import Any

from engine.classic.data import BOARD_INDEX, BOARDS, CARDS
from engine.classic.state import PHASES, PICK, City, State, card_name_id, parse_move
from engine.classic.turns import deal_decks
from engine.common import EngineError, Event

__all__ = ["dump", "dump_position", "load", "load_position"]

FORMAT = 1


def _city(c: City) -> list[Any]:
    return [c.board, c.side, c.stages, c.coins, list(c.built), list(c.tucked), list(c.tokens),
            c.free_used_age]


def dump(state: State) -> dict[str, Any]:
    """JSON-safe dict of the full state, hidden cards included (card ids are small ints)."""
    return {
        "game": "classic", "format": FORMAT, "players": state.players, "seed": state.seed,
        "age": state.age, "turn": state.turn, "phase": state.phase,
        "hands": [list(h) for h in state.hands], "cities": [_city(c) for c in state.cities],
        "picks": [str(p) if p else None for p in state.picks], "discard": list(state.discard),
        "decks": [list(d) for d in state.decks], "pending": list(state.pending),
        "hali": list(state.hali),
        "events": [e.model_dump(mode="json") for e in state.last_events],
    }


def load(data: dict[str, Any]) -> State:
    try:
        if data.get("game") != "classic" or data.get("format") != FORMAT:
            raise EngineError("not a classic state dump")
        cities = tuple(City(board=c[0], side=c[1], stages=c[2], coins=c[3], built=tuple(c[4]),
                            tucked=tuple(c[5]), tokens=tuple(c[6]), free_used_age=c[7])
                       for c in data["cities"])
        return State(
            players=data["players"], seed=data["seed"], age=data["age"], turn=data["turn"],
            phase=data["phase"], hands=tuple(tuple(h) for h in data["hands"]), cities=cities,
            picks=tuple(parse_move(p) if p else None for p in data["picks"]),
            discard=tuple(data["discard"]), decks=tuple(tuple(d) for d in data["decks"]),
            pending=tuple(data["pending"]), hali=tuple(data["hali"]),
            last_events=tuple(Event.model_validate(e) for e in data["events"]))
    except (KeyError, IndexError, TypeError) as exc:
        raise EngineError(f"corrupt classic state: {exc!r}") from exc


def _ids(names: list[str], age: int | None = None) -> tuple[int, ...]:
    out = []
    for name in names:
        nid = card_name_id(name)
        # Prefer the copy of the current age (Loom I vs Loom II) when both exist.
        same = [c.id for c in CARDS if c.name == CARDS[nid].name]
        out.append(next((i for i in same if CARDS[i].age == age), same[0]))
    return tuple(out)


def load_position(data: dict[str, Any]) -> State:
    """Build a mid-game PICK state from a hand-written position (missing keys: defaults)."""
    seats = data.get("seats") or []
    if not 3 <= len(seats) <= 7:
        raise EngineError("a position needs 3 to 7 seats")
    age = int(data.get("age", 1))
    cities = []
    hands = []
    for i, s in enumerate(seats):
        board = s.get("wonder", BOARDS[i].city)
        if board not in BOARD_INDEX:
            raise EngineError(f"unknown board {board!r}")
        cities.append(City(board=BOARD_INDEX[board], side=0 if s.get("side", "A") == "A" else 1,
                           stages=int(s.get("stages_built", 0)), coins=int(s.get("coins", 3)),
                           built=_ids(s.get("built", [])), tucked=(),
                           tokens=tuple(s.get("military_tokens", [])),
                           free_used_age=age if s.get("free_build_used") else 0))
        hands.append(_ids(s.get("hand", []), age))
    n = len(seats)
    seed = int(data.get("seed", 0))
    # Later ages are dealt from fresh decks so that a position can be played to the end.
    decks = tuple(tuple(d) for d in deal_decks(n, random.Random(seed))[age:])
    return State(players=n, seed=seed, age=age, turn=int(data.get("turn", 1)),
                 phase=PICK, hands=tuple(hands), cities=tuple(cities), picks=(None,) * n,
                 discard=_ids(data.get("discard", [])), decks=decks, pending=(), hali=())


def dump_position(state: State) -> dict[str, Any]:
    return {
        "game": "classic", "age": state.age, "turn": state.turn, "phase": PHASES[state.phase],
        "seats": [{"wonder": BOARDS[c.board].city, "side": "AB"[c.side], "stages_built": c.stages,
                   "coins": c.coins, "built": [CARDS[i].name for i in c.built],
                   "military_tokens": list(c.tokens),
                   "hand": [CARDS[i].name for i in state.hands[k]]}
                  for k, c in enumerate(state.cities)],
        "discard": [CARDS[i].name for i in state.discard],
    }
