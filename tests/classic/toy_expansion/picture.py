"""The toy expansion's picture: a panel under the cities of the 7 Wonders table saying what a
sale pays, registered with render.table_parts from the test (``registered(TOY_PART)``) — no
module of the renderer changes for it."""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic import ClassicView
from render.kit import CARD_COLORS, Canvas
from render.table_parts import TablePart

__all__ = ["PANEL_H", "PANEL_RGB", "TOY_PART"]

PANEL_H = 60
PANEL_RGB = CARD_COLORS["purple"]  # in the fixed palette: drawn exactly


def _height(v: ClassicView, names: Sequence[str]) -> int:
    return PANEL_H if "rich-markets" in v.expansions else 0


def _panel(c: Canvas, v: ClassicView, names: Sequence[str], y: int, width: int) -> int:
    if not _height(v, names):
        return y
    c.rect((12, y, width - 12, y + PANEL_H - 8), PANEL_RGB, radius=10)
    c.line_in((24, y, width - 24, y + PANEL_H - 8), "Rich Markets: a sale pays 4 coins", 24)
    return y + PANEL_H


TOY_PART = TablePart("rich-markets", panel_height=_height, panel=_panel)
