"""A hint: the move the Hard AI (the ``heuristic`` level) would make in a seat's view, and why.

The reasons are the largest terms of the same evaluation the AI used for that move (chains,
science, military, production, coins and who gets them, points), each with its weight in
VP-equivalents, so the sentence is built from the evaluation rather than written per card.
Pure: a view, the legal moves and a seeded ``random.Random`` in, a ``Hint`` out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.ai.hint_text import Hint, Reason, compose

__all__ = ["HINT_LEVEL", "Hint", "Reason", "compose", "explain", "hint"]

HINT_LEVEL = "heuristic"  # shown to players as the Hard AI


def hint(kind: str, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Hint:
    """The Hard AI's move for this view (same ``rng`` draw as the AI) and its explanation."""
    from engine.ai import make_agent

    return explain(kind, view, make_agent(kind, HINT_LEVEL).choose(view, legal_moves, rng))


def explain(kind: str, view: Any, move: Any) -> Hint:
    """Why ``move`` (a legal move of the viewing seat) is worth playing, in the hint's words."""
    if kind == "duel":
        from engine.ai.hint_duel import explain_duel

        return explain_duel(view, move)
    if kind == "classic":
        from engine.ai.hint_classic import explain_classic

        return explain_classic(view, move)
    raise ValueError(f"unknown game kind {kind!r}")
