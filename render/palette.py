"""A fixed 256-colour palette for PNG output.

Mapping an image onto a known palette costs ~4 ms where computing an adaptive one costs ~35 ms
(the largest part of a render). The palette holds every flat colour the kit and icons use
exactly, ramps for antialiased text over each background, and a coarse cube for the rest.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render import colors

__all__ = ["fixed_palette", "register_colors"]

RGB = tuple[int, int, int]

_EXTRA: list[RGB] = []


def register_colors(colors: list[RGB]) -> None:
    """Colours a module draws flat (icons, badges); call at import time, before any render."""
    _EXTRA.extend(colors)
    fixed_palette.cache_clear()


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _colors() -> list[RGB]:
    base = [
        colors.BG,
        colors.PANEL,
        colors.PANEL2,
        colors.TEXT,
        colors.DIM,
        colors.INK,
        colors.GOLD,
        (28, 32, 42),
        (20, 22, 30),
        (255, 255, 255),
        (0, 0, 0),
    ]
    cards = list(dict.fromkeys(colors.CARD_COLORS.values()))
    fgs = [
        colors.TEXT,
        colors.DIM,
        colors.GOLD,
        colors.INK,
        (60, 200, 120),
        (235, 90, 90),
        (240, 190, 60),
    ]
    bgs = [colors.BG, colors.PANEL, colors.PANEL2, (28, 32, 42)]
    out = base + cards + _EXTRA
    for fg in fgs:
        for bg in bgs:
            out += [_mix(bg, fg, t) for t in (0.2, 0.4, 0.6, 0.8)]
    for card in cards:
        for fg in (colors.TEXT, colors.INK):
            out += [_mix(card, fg, t) for t in (0.3, 0.6)]
    levels = (0, 85, 170, 255)
    out += [(r, g, b) for r in levels for g in levels for b in levels]
    uniq = list(dict.fromkeys(out))[:256]
    return uniq + [uniq[0]] * (256 - len(uniq))


@lru_cache(maxsize=1)
def fixed_palette() -> Image.Image:
    pal = Image.new("P", (1, 1))
    flat = [v for col in _colors() for v in col]
    pal.putpalette(flat)
    return pal
