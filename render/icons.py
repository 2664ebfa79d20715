"""Drawn icons (our own simple graphics): resources, coins, shields, science symbols, stages.

Every icon is drawn into a square box of side ``s`` at (x, y) on a ``Canvas``; resources are
distinct shapes (no letters), so they stay distinguishable without colour vision.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

from render.kit import GOLD, INK, TEXT, Canvas
from render.palette import register_colors

RGB = tuple[int, int, int]

__all__ = [
    "RESOURCE_COLORS",
    "card_back",
    "coin",
    "icon",
    "laurel",
    "resource",
    "science",
    "shield",
    "stage",
    "token_disc",
]

RESOURCE_COLORS: dict[str, tuple[int, int, int]] = {
    "wood": (122, 82, 40),
    "stone": (150, 150, 150),
    "clay": (204, 96, 54),
    "ore": (112, 124, 150),
    "glass": (80, 200, 230),
    "loom": (170, 90, 200),
    "papyrus": (232, 214, 160),
}
register_colors(
    list(RESOURCE_COLORS.values())
    + [
        (200, 50, 50),
        (40, 150, 70),
        (226, 240, 226),
        (44, 160, 80),
        (30, 60, 40),
        (150, 130, 90),
        (60, 66, 84),
        (150, 156, 176),
        (120, 80, 40),
        (50, 90, 160),
        (120, 60, 140),
        (70, 78, 98),
        (150, 110, 10),
        (200, 120, 20),
        (200, 150, 90),
        (235, 200, 180),
        (230, 235, 245),
        (240, 255, 255),
        (190, 160, 100),
    ]
)


def resource(c: Canvas, x: int, y: int, s: int, name: str) -> None:
    """A resource as a drawn glyph, no letter: log, rock, bricks, ingot, flask, cloth, scroll.

    Shapes differ as well as colours, so they read without colour vision and at small sizes.
    """
    col = RESOURCE_COLORS.get(name, (120, 120, 120))
    _GLYPHS.get(name, _rock)(c, x, y, s, col)


def _log(c: Canvas, x: int, y: int, s: int, col: RGB) -> None:
    top, bot = y + s // 5, y + s - s // 5
    c.d.rounded_rectangle((x, top, x + s, bot), s // 4, fill=col, outline=(70, 44, 20), width=2)
    ring = (x + s - (bot - top), top, x + s, bot)  # the sawn end with its growth ring
    c.d.ellipse(ring, fill=(200, 150, 90), outline=(70, 44, 20), width=2)
    k = (bot - top) // 4
    c.d.ellipse((ring[0] + k, ring[1] + k, ring[2] - k, ring[3] - k), outline=(120, 80, 40))


def _rock(c: Canvas, x: int, y: int, s: int, col: RGB) -> None:
    pts = [
        (x + s * 0.2, y + s * 0.1),
        (x + s * 0.8, y + s * 0.05),
        (x + s, y + s * 0.55),
        (x + s * 0.75, y + s),
        (x + s * 0.15, y + s * 0.9),
        (x, y + s * 0.45),
    ]
    c.d.polygon(pts, fill=col, outline=(90, 90, 90))
    crack = (x + s * 0.3, y + s * 0.3, x + s * 0.55, y + s * 0.5, x + s * 0.5, y + s * 0.8)
    c.d.line(crack, fill=(90, 90, 90), width=2)


def _bricks(c: Canvas, x: int, y: int, s: int, col: RGB) -> None:
    top, bot = y + s // 6, y + s - s // 6
    c.d.rectangle((x, top, x + s, bot), fill=col, outline=(120, 50, 30), width=2)
    mid = (top + bot) // 2
    mortar = (235, 200, 180)
    c.d.line((x, mid, x + s, mid), fill=mortar, width=2)
    c.d.line((x + s // 2, top, x + s // 2, mid), fill=mortar, width=2)
    for bx in (x + s // 4, x + 3 * s // 4):
        c.d.line((bx, mid, bx, bot), fill=mortar, width=2)


def _ingot(c: Canvas, x: int, y: int, s: int, col: RGB) -> None:
    top, bot = y + s // 4, y + s - s // 6
    shape = [(x + s // 5, top), (x + s - s // 5, top), (x + s, bot), (x, bot)]
    c.d.polygon(shape, fill=col, outline=(190, 200, 220), width=2)
    c.d.line((x + s // 3, top + 4, x + s // 2, top + 4), fill=(230, 235, 245), width=2)


def _flask(c: Canvas, x: int, y: int, s: int, col: RGB) -> None:
    cx, neck, rim = x + s // 2, s // 5, (220, 250, 255)
    c.d.rectangle((cx - neck // 2, y, cx + neck // 2, y + s // 2), fill=col, outline=rim)
    c.d.ellipse((x + s // 8, y + s // 3, x + s - s // 8, y + s), fill=col, outline=rim, width=2)
    shine = (x + s // 4, y + s // 2, x + s // 2, y + s - s // 6)
    c.d.arc(shine, 150, 230, fill=(240, 255, 255), width=2)


def _cloth(c: Canvas, x: int, y: int, s: int, col: RGB) -> None:
    c.d.rectangle((x, y + s // 8, x + s, y + s - s // 8), fill=col)
    thread = (220, 170, 240)
    for k in range(1, 4):
        c.d.line((x, y + s * k // 4, x + s, y + s * k // 4), fill=thread, width=2)
    c.d.line((x + s // 2, y + s // 8, x + s // 2, y + s - s // 8), fill=thread, width=2)


def _scroll(c: Canvas, x: int, y: int, s: int, col: RGB) -> None:
    roll = max(4, s // 5)
    c.d.rectangle((x + s // 6, y + roll // 2, x + s - s // 6, y + s - roll // 2), fill=col)
    for yy in (y, y + s - roll):  # the rolled ends
        end = (x + s // 12, yy, x + s - s // 12, yy + roll)
        c.d.rounded_rectangle(end, roll // 2, fill=(190, 160, 100), outline=(150, 130, 80))
    for k in (2, 3):
        yy = y + s * k // 5 + 2
        c.d.line((x + s // 3, yy, x + s - s // 3, yy), fill=(150, 130, 80), width=2)


_GLYPHS = {
    "wood": _log,
    "stone": _rock,
    "clay": _bricks,
    "ore": _ingot,
    "glass": _flask,
    "loom": _cloth,
    "papyrus": _scroll,
}


def coin(c: Canvas, x: int, y: int, s: int, value: int | None = None) -> None:
    c.d.ellipse((x, y, x + s, y + s), fill=GOLD, outline=(150, 110, 10), width=2)
    if value is not None:
        c.text((x + s // 2, y + s // 2), str(value), max(10, s * 3 // 5), INK, "mm")


def shield(c: Canvas, x: int, y: int, s: int, value: int | None = None) -> None:
    pts = [(x, y), (x + s, y), (x + s, y + s * 0.55), (x + s / 2, y + s), (x, y + s * 0.55)]
    c.d.polygon(pts, fill=(200, 50, 50), outline=(255, 210, 210))
    if value is not None:
        c.text((x + s // 2, y + s * 2 // 5), str(value), max(10, s * 3 // 5), TEXT, "mm")


def laurel(c: Canvas, x: int, y: int, s: int, value: int | None = None) -> None:
    """A victory-point token (green laurel disc)."""
    c.d.ellipse((x, y, x + s, y + s), fill=(40, 150, 70), outline=(190, 240, 190), width=2)
    if value is not None:
        c.text((x + s // 2, y + s // 2), str(value), max(10, s * 3 // 5), TEXT, "mm")


def _gear(c: Canvas, x: int, y: int, s: int, col: tuple[int, int, int]) -> None:
    cx, cy, r = x + s / 2, y + s / 2, s / 2
    pts = []
    for k in range(16):
        a = math.pi * 2 * k / 16
        rr = r if k % 2 == 0 else r * 0.72
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    c.d.polygon(pts, fill=col)
    c.d.ellipse((cx - r * 0.25, cy - r * 0.25, cx + r * 0.25, cy + r * 0.25), fill=INK)


class _Inner(NamedTuple):
    """Where a science symbol is drawn: the inner square (left, top, side), its centre and
    the disc's size (line widths follow it)."""

    ix: int
    iy: int
    iw: int
    cx: float
    cy: float
    s: int


_SCIENCE_INK = (30, 60, 40)


def science(c: Canvas, x: int, y: int, s: int, name: str) -> None:
    """Science symbols of both games on a light disc."""
    c.d.ellipse((x, y, x + s, y + s), fill=(226, 240, 226), outline=(44, 160, 80), width=2)
    m = s // 5
    g = _Inner(x + m, y + m, s - 2 * m, x + s / 2, y + s / 2, s)
    draw = _SCIENCE.get(name)
    if draw is None:  # "any" wildcard and unknown symbols
        c.text((int(g.cx), int(g.cy)), "?", max(10, s * 3 // 5), _SCIENCE_INK, "mm")
    else:
        draw(c, g)


def _compass(c: Canvas, g: _Inner) -> None:
    ix, iy, iw, cx, col = g.ix, g.iy, g.iw, g.cx, _SCIENCE_INK
    c.d.line((cx, iy, ix, iy + iw), fill=col, width=max(2, g.s // 12))
    c.d.line((cx, iy, ix + iw, iy + iw), fill=col, width=max(2, g.s // 12))
    c.d.arc((ix, iy + iw * 0.3, ix + iw, iy + iw * 1.3), 200, 340, fill=col, width=2)


def _gear_symbol(c: Canvas, g: _Inner) -> None:
    _gear(c, g.ix, g.iy, g.iw, _SCIENCE_INK)


def _wheel(c: Canvas, g: _Inner) -> None:
    ix, iy, iw, col = g.ix, g.iy, g.iw, _SCIENCE_INK
    c.d.ellipse((ix, iy, ix + iw, iy + iw), outline=col, width=max(2, g.s // 12))
    for k in range(4):
        a = math.pi * k / 4
        dx, dy = iw / 2 * math.cos(a), iw / 2 * math.sin(a)
        c.d.line((g.cx - dx, g.cy - dy, g.cx + dx, g.cy + dy), fill=col, width=2)


def _tablet(c: Canvas, g: _Inner) -> None:
    ix, iy, iw = g.ix, g.iy, g.iw
    c.d.rounded_rectangle((ix + iw * 0.15, iy, ix + iw * 0.85, iy + iw), 3, fill=(150, 130, 90))
    for k in range(1, 4):
        yy = iy + iw * k / 4
        c.d.line((ix + iw * 0.25, yy, ix + iw * 0.75, yy), fill=_SCIENCE_INK, width=2)


def _globe(c: Canvas, g: _Inner) -> None:
    ix, iy, iw, col = g.ix, g.iy, g.iw, _SCIENCE_INK
    c.d.ellipse((ix, iy, ix + iw, iy + iw), outline=col, width=2)
    c.d.ellipse((ix + iw * 0.3, iy, ix + iw * 0.7, iy + iw), outline=col, width=2)
    c.d.line((ix, g.cy, ix + iw, g.cy), fill=col, width=2)


def _sundial(c: Canvas, g: _Inner) -> None:
    ix, iy, iw = g.ix, g.iy, g.iw
    c.d.pieslice((ix, iy + iw * 0.2, ix + iw, iy + iw * 1.2), 180, 360, fill=_SCIENCE_INK)
    c.d.line((g.cx, iy, g.cx, g.cy + iw * 0.2), fill=(200, 120, 20), width=3)


def _mortar(c: Canvas, g: _Inner) -> None:
    ix, iy, iw, col = g.ix, g.iy, g.iw, _SCIENCE_INK
    c.d.chord((ix, iy + iw * 0.1, ix + iw, iy + iw), 0, 180, fill=col)
    c.d.line((g.cx, iy, ix + iw * 0.8, iy + iw * 0.45), fill=col, width=max(2, g.s // 10))


def _pendulum(c: Canvas, g: _Inner) -> None:
    iy, iw, cx, col = g.iy, g.iw, g.cx, _SCIENCE_INK
    c.d.line((cx, iy, cx, iy + iw * 0.7), fill=col, width=2)
    c.d.polygon(
        [(cx - iw * 0.25, iy + iw * 0.55), (cx + iw * 0.25, iy + iw * 0.55), (cx, iy + iw)],
        fill=col,
    )


def _quill(c: Canvas, g: _Inner) -> None:
    ix, iy, iw = g.ix, g.iy, g.iw
    c.d.polygon(
        [
            (ix + iw, iy),
            (ix + iw * 0.55, iy + iw * 0.2),
            (ix, iy + iw),
            (ix + iw * 0.8, iy + iw * 0.45),
        ],
        fill=_SCIENCE_INK,
    )


def _scale(c: Canvas, g: _Inner) -> None:
    ix, iy, iw, col = g.ix, g.iy, g.iw, _SCIENCE_INK
    c.d.line((ix, iy + iw * 0.3, ix + iw, iy + iw * 0.3), fill=col, width=2)
    c.d.line((g.cx, iy, g.cx, iy + iw), fill=col, width=2)
    for px in (ix + iw * 0.15, ix + iw * 0.85):
        c.d.chord(
            (px - iw * 0.18, iy + iw * 0.35, px + iw * 0.18, iy + iw * 0.75), 0, 180, fill=col
        )


_SCIENCE: dict[str, Callable[[Canvas, _Inner], None]] = {
    "compass": _compass,
    "gear": _gear_symbol,
    "wheel": _wheel,
    "tablet": _tablet,
    "globe": _globe,
    "sundial": _sundial,
    "mortar": _mortar,
    "pendulum": _pendulum,
    "quill": _quill,
    "scale": _scale,
}


def stage(c: Canvas, x: int, y: int, s: int, built: bool) -> None:
    """A wonder stage as a pyramid step: solid gold when built, outlined when not."""
    pts = [(x, y + s), (x + s * 0.2, y), (x + s * 0.8, y), (x + s, y + s)]
    if built:
        c.d.polygon(pts, fill=GOLD, outline=(255, 240, 180))
    else:
        c.d.polygon(pts, fill=(60, 66, 84), outline=(150, 156, 176))


def token_disc(
    c: Canvas, x: int, y: int, s: int, label: str, fill: tuple[int, int, int] = (44, 140, 90)
) -> None:
    """A round token (progress tokens, loot) with a short label."""
    c.d.ellipse((x, y, x + s, y + s), fill=fill, outline=(230, 240, 230), width=2)
    c.line_in((x + 3, y, x + s - 3, y + s), label, max(10, s // 3), TEXT, "center", min_size=9)


def card_back(c: Canvas, x: int, y: int, w: int, h: int, age: int | str) -> None:
    """Face-down card: colour and numeral per age (III is purple-ish for guild decks)."""
    fills = {1: (120, 80, 40), 2: (50, 90, 160), 3: (120, 60, 140), "guild": (90, 50, 130)}
    fill = fills.get(age, (80, 80, 80))
    c.rect((x, y, x + w, y + h), fill, radius=8, outline=(220, 220, 230), width=2)
    c.rect((x + 6, y + 6, x + w - 6, y + h - 6), fill, radius=6, outline=(255, 255, 255))
    label = {1: "I", 2: "II", 3: "III", "guild": "G"}.get(age, "?")
    c.text((x + w // 2 + 12, y + h // 2), label, max(12, min(w, h) * 2 // 5), TEXT, "mm")


def icon(c: Canvas, x: int, y: int, s: int, name: str) -> None:
    """Any resource or science symbol by name."""
    if name in RESOURCE_COLORS:
        resource(c, x, y, s, name)
    else:
        science(c, x, y, s, name)
