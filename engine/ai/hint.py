"""A hint: the move the Hard AI (the ``heuristic`` level) would make in a seat's view, and why.

The reasons are the largest terms of the same evaluation the AI used for that move (chains,
science, military, production, coins and who gets them, points), each with its weight in
VP-equivalents, so the sentence is built from the evaluation rather than written per card.
Pure: a view, the legal moves and a seeded ``random.Random`` in, a ``Hint`` out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["HINT_LEVEL", "Hint", "Reason", "compose", "explain", "hint"]

HINT_LEVEL = "heuristic"  # shown to players as the Hard AI
_MAX_REASONS = 2


@dataclass(frozen=True)
class Reason:
    """One evaluation term: ``weight`` in VP-equivalents (negative: a cost) and its phrase."""

    weight: float
    text: str


@dataclass(frozen=True)
class Hint:
    move: Any  # the legal move object, as the engine's ``legal_moves`` returned it
    subject: str  # the card, wonder, token or choice the move is about
    headline: str  # e.g. "Build Scriptorium"
    reasons: tuple[Reason, ...]  # the largest positive terms, largest first
    costs: tuple[Reason, ...]  # what the move costs (coins paid and to whom)
    text: str  # one or two plain sentences


def compose(
    headline: str, terms: Sequence[Reason]
) -> tuple[tuple[Reason, ...], tuple[Reason, ...], str]:
    """Keeps the largest gains and the costs, and writes the sentence."""
    gains = sorted((t for t in terms if t.weight > 0), key=lambda t: -t.weight)[:_MAX_REASONS]
    costs = tuple(t for t in terms if t.weight < 0 and t.text)
    if not gains:
        gains = [Reason(0.0, "nothing else available is worth more now")]
    text = f"{headline}: {' and '.join(g.text for g in gains)}."
    if costs:
        paid = "; ".join(c.text for c in costs)
        text += f" {paid[0].upper()}{paid[1:]}."
    return tuple(gains), costs, text


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
