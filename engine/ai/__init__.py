"""AI players for both games. Pure: an agent sees only its seat's view and legal moves.

Contract used by the bot and the arena::

    agent = make_agent("classic", "heuristic")      # kind: classic | duel; level: see LEVELS
    move = agent.choose(view, legal_moves, rng)      # rng: a seeded random.Random
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Agent", "RandomAgent", "make_agent"]

LEVELS: tuple[str, ...] = ("random", "greedy", "heuristic", "search")
DEFAULT_LEVEL = "heuristic"


class Agent(Protocol):
    """Chooses one of ``legal_moves`` from what its seat may see (``view``)."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any: ...


class RandomAgent:
    """Uniform choice among the legal moves."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if not legal_moves:
            raise ValueError("no legal move to choose from")
        return legal_moves[rng.randrange(len(legal_moves))]


def make_agent(kind: str, level: str = DEFAULT_LEVEL, **options: Any) -> Agent:
    """An agent of ``level`` for game ``kind`` ("classic" or "duel")."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    if kind not in ("classic", "duel"):
        raise ValueError(f"unknown game kind {kind!r}")
    # Stronger levels are registered as they land; until then every level plays uniformly.
    return RandomAgent()
