"""Seeded work for the thread-safety tests: AI searches and random games, each returning what it
decided so that runs can be compared (same seeds => same moves and events)."""

from __future__ import annotations

import random
from typing import Any

from engine import classic, duel
from engine.ai import make_agent

Record = list[str]


def _module(kind: str) -> Any:
    return classic if kind == "classic" else duel


def search_game(kind: str, seed: int, decisions: int, playouts: int = 3) -> Record:
    """The first ``decisions`` moves of a game where seat 0 searches (a fixed playout budget,
    so no clock is involved) and the others play the heuristic."""
    mod = _module(kind)
    config = classic.Config(players=3) if kind == "classic" else duel.Config()
    s = mod.new_game(config, seed)
    seats = 3 if kind == "classic" else 2
    agents = [make_agent(kind, "search", playouts=playouts)] + [
        make_agent(kind, "heuristic") for _ in range(seats - 1)
    ]
    rngs = [random.Random(seed * 7919 + i) for i in range(seats)]
    out: Record = []
    while len(out) < decisions and (acting := sorted(mod.to_act(s))):
        for seat in acting:
            move = agents[seat].choose(mod.view(s, seat), mod.legal_moves(s, seat), rngs[seat])
            out.append(f"{seat}:{move}")
            s, _ = mod.apply(s, seat, move)
    return out


def random_game_steps(kind: str, seed: int) -> tuple[Any, Any, random.Random]:
    """A fresh game and its random player (the steps are taken by :func:`step`)."""
    mod = _module(kind)
    config = classic.Config(players=4) if kind == "classic" else duel.Config()
    return mod, mod.new_game(config, seed), random.Random(seed)


def step(mod: Any, s: Any, rng: random.Random, out: Record) -> Any:
    """Every acting seat plays a random legal move; the moves and event texts go to ``out``.
    Returns the new state, or None when the game is over."""
    acting = sorted(mod.to_act(s))
    if not acting:
        out.append(str(mod.outcome(s)))
        return None
    for seat in acting:
        moves = mod.legal_moves(s, seat)
        move = moves[rng.randrange(len(moves))]
        s, events = mod.apply(s, seat, move)
        out.append(f"{seat}:{move}:" + "|".join(e.text for e in events))
    return s


def random_game(kind: str, seed: int) -> Record:
    mod, s, rng = random_game_steps(kind, seed)
    out: Record = []
    while s is not None:
        s = step(mod, s, rng, out)
    return out
