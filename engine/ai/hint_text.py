"""The shape of a hint (:class:`Hint`, :class:`Reason`) and its sentence (:func:`compose`): a
leaf module the per-game explainers (``hint_classic``, ``hint_duel``) and ``hint`` share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Hint", "Reason", "compose", "plural"]

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


def plural(n: int, word: str) -> str:
    """ "1 coin", "2 coins"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
