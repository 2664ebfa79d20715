"""AI players for both games. Pure: an agent sees only its seat's view and legal moves.

Contract used by the bot and the arena::

    agent = make_agent("classic", "heuristic")      # kind: classic | duel; level: see LEVELS
    move = agent.choose(view, legal_moves, rng)      # rng: a seeded random.Random
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.ai import classic_parts as _classic_parts  # noqa: F401  (expansions' AI parts)

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Agent",
    "RandomAgent",
    "RankedAgent",
    "ScoredAgent",
    "make_agent",
]

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
    if level == "random":
        return RandomAgent()
    if kind == "duel":
        return _duel_agent(level, **options)
    from engine.ai.classic_eval import greedy_value, heuristic_value
    from engine.ai.classic_wonders import WonderPicker

    if level == "search":
        from engine.ai.classic_search import SearchAgent

        return WonderPicker(SearchAgent(**options))
    return WonderPicker(ScoredAgent(greedy_value if level == "greedy" else heuristic_value))


class ScoredAgent:
    """Plays the legal move with the best value; ties broken by ``rng`` (reproducible)."""

    def __init__(self, value: Callable[[Any, Any], float]) -> None:
        self._value = value

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if not legal_moves:
            raise ValueError("no legal move to choose from")
        by_text = {str(m): m for m in legal_moves}
        best: list[Any] = []
        best_v = float("-inf")
        for mv in view.legal_moves:
            if mv.move not in by_text:
                continue
            v = self._value(view, mv)
            if v > best_v + 1e-9:
                best, best_v = [mv.move], v
            elif abs(v - best_v) <= 1e-9:
                best.append(mv.move)
        if not best:
            return legal_moves[rng.randrange(len(legal_moves))]
        return by_text[best[rng.randrange(len(best))]]


def _duel_agent(level: str, **options: Any) -> Agent:
    from engine.ai.duel_eval import greedy_rank, heuristic_rank

    if level == "search":
        from engine.ai.duel_search import DuelSearchAgent

        return DuelSearchAgent(**options)
    return RankedAgent(greedy_rank if level == "greedy" else heuristic_rank)


class RankedAgent:
    """Plays the best of ``rank(view)`` = [(value, move text)]; ties broken by ``rng``."""

    def __init__(self, rank: Callable[[Any], list[tuple[float, str]]]) -> None:
        self._rank = rank

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if not legal_moves:
            raise ValueError("no legal move to choose from")
        by_text = {str(m): m for m in legal_moves}
        ranked = [(v, t) for v, t in self._rank(view) if t in by_text]
        if not ranked:
            return legal_moves[rng.randrange(len(legal_moves))]
        top = max(v for v, _ in ranked)
        best = [t for v, t in ranked if v >= top - 1e-9]
        return by_text[best[rng.randrange(len(best))]]
