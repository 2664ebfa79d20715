"""Composite widgets used by several images: card chips, production rows, token rows."""

from __future__ import annotations

import re
from collections.abc import Sequence

from render import icons
from render.kit import (
    CARD_COLORS,
    DIM,
    TEXT,
    Canvas,
    card_text_color,
    drawable,
    fit_font,
    text_width,
)

__all__ = [
    "COLOR_ORDER",
    "SIMULTANEOUS",
    "chip_flow",
    "cost_row",
    "name_of",
    "production_row",
    "resource_legend",
    "seat_names",
]

COLOR_ORDER = ("brown", "grey", "yellow", "red", "blue", "green", "purple", "black")

# The waiting line of a board posted as a turn of simultaneous picks starts (the AIs pick a
# moment later, so a list of names would be stale at once; the status message keeps it live).
SIMULTANEOUS = "Everyone picks at once · the status message shows who is left"


def name_of(names: Sequence[str], seat: int) -> str:
    """Seat ``seat``'s display name as the bundled fonts draw it, else "Seat N".

    Every common script is kept (see ``kit.drawable``); a name written only in characters no
    bundled font has (emoji) falls back to the seat label rather than empty boxes.
    """
    raw = names[seat] if 0 <= seat < len(names) else ""
    shown = drawable(raw)
    if not any(ch.isalnum() for ch in shown):
        return f"Seat {seat + 1}"
    return shown


_SEAT_RE = re.compile(r"\bSeat (\d+)\b", re.IGNORECASE)


def seat_names(text: str, names: Sequence[str]) -> str:
    """Replace the engines' 'Seat N' (0-based) by display names."""
    return _SEAT_RE.sub(lambda m: name_of(names, int(m.group(1))), text)


def chip_flow(
    c: Canvas | None,
    box: tuple[int, int, int],
    chips: Sequence[tuple[str, str]],
    size: int = 24,
    gap: int = 8,
) -> int:
    """Lay out (name, colour) chips left to right, wrapping; draw when ``c`` is given.

    ``box`` is (left, top, right). Returns the bottom y actually used (so callers can measure
    first with ``c=None`` and then draw).
    """
    left, top, right = box
    h = size + 16
    x, y = left, top
    maxw = right - left
    for name, color in chips:
        s = fit_font(name, maxw - 16, size, 14)
        w = min(maxw, text_width(name, s) + 20)
        if x + w > right and x > left:
            x, y = left, y + h + gap
        if c is not None:
            fill = CARD_COLORS.get(color, (110, 110, 110))
            c.rect((x, y, x + w, y + h), fill, radius=8)
            c.line_in((x + 10, y, x + w - 8, y + h), name, s, card_text_color(color))
        x += w + gap
    return y + h if chips else top


def production_row(
    c: Canvas | None,
    x: int,
    y: int,
    right: int,
    fixed: dict[str, int],
    choices: Sequence[Sequence[str]],
    s: int = 34,
) -> int:
    """Icons of produced resources: 'icon xN' for fixed units, 'a/b' groups for choices.

    Wraps within ``right``; returns the bottom y used.
    """
    cx, cy = x, y
    items: list[tuple[str, list[str], int]] = [("fixed", [r], q) for r, q in fixed.items() if q]
    items += [("choice", list(ch), 1) for ch in choices]
    if not items:
        if c is not None:
            c.text((x, y + s // 2), "no production", max(14, s * 2 // 3), DIM, "lm")
        return y + s
    for kind, res, q in items:
        advance = len(res) * (s + 4) + (46 if kind == "fixed" and q > 1 else 0) + 14
        if cx + advance > right and cx > x:
            cx, cy = x, cy + s + 10
        if c is not None:
            _production_item(c, cx, cy, s, kind, res, q)
        cx += advance
    return cy + s


def _production_item(c: Canvas, x: int, y: int, s: int, kind: str, res: list[str], q: int) -> None:
    if kind == "choice":
        c.rect((x - 3, y - 3, x + len(res) * (s + 4) + 1, y + s + 3), (70, 78, 98), radius=8)
    for r in res:
        icons.icon(c, x, y, s, r)
        x += s + 4
    if kind == "fixed" and q > 1:
        c.text((x + 2, y + s // 2), f"x{q}", max(14, s * 3 // 4), TEXT, "lm")


def cost_row(c: Canvas, x: int, y: int, cost: dict[str, int], coins: int, s: int = 28) -> int:
    """A cost as repeated resource icons and a coin; returns the x after the last icon."""
    if coins:
        icons.coin(c, x, y, s, coins)
        x += s + 4
    for r, q in cost.items():
        if q > 3:
            icons.icon(c, x, y, s, r)
            c.text((x + s + 2, y + s // 2), f"x{q}", max(12, s * 2 // 3), TEXT, "lm")
            x += s + 40
            continue
        for _ in range(q):
            icons.icon(c, x, y, s, r)
            x += s + 3
    if not coins and not cost:
        c.text((x, y + s // 2), "free", max(12, s * 3 // 4), DIM, "lm")
        x += text_width("free", max(12, s * 3 // 4))
    return x


RESOURCES = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")


def resource_legend(c: Canvas, x: int, y: int, names: Sequence[str] = RESOURCES) -> int:
    """One line: each resource glyph with its name (the glyphs carry no letters); returns the
    x after the last name."""
    for res in names:
        icons.resource(c, x, y + 4, 28, res)
        x += 32 + c.line_in((x + 32, y, x + 120, y + 36), res, 20, DIM, min_size=16) + 8
    return x
