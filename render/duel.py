"""Duel board and wonder-draft images (filled in once engine/duel/views.py lands)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.kit import DIM, TEXT, Canvas, to_png

__all__ = ["duel_png"]


def duel_png(view: Any, names: Sequence[str]) -> bytes:
    """Placeholder until the Duel view model exists: names of the players and the age."""
    c = Canvas(1200, 300)
    c.line_in((20, 20, 1180, 100), " vs ".join(names[:2]) or "Duel", 48, TEXT)
    c.line_in((20, 120, 1180, 180), f"Age {getattr(view, 'age', '?')}", 36, DIM)
    return to_png(c)
