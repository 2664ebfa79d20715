"""The renderer's flat colours (a leaf module: ``kit`` draws with them, ``palette`` fixes the
PNG palette from them)."""

from __future__ import annotations

__all__ = ["BG", "CARD_COLORS", "DIM", "GOLD", "INK", "PANEL", "PANEL2", "RGB", "TEXT"]

RGB = tuple[int, int, int]

BG: RGB = (24, 28, 38)
PANEL: RGB = (38, 44, 58)
PANEL2: RGB = (50, 58, 76)
TEXT: RGB = (244, 244, 240)
DIM: RGB = (170, 178, 196)
INK: RGB = (16, 16, 20)
GOLD: RGB = (246, 196, 52)

# Card frame colours by card colour (both games use the same families).
CARD_COLORS: dict[str, RGB] = {
    "brown": (150, 96, 50),
    "grey": (140, 148, 158),
    "gray": (140, 148, 158),
    "blue": (52, 118, 222),
    "yellow": (232, 184, 30),
    "red": (214, 58, 58),
    "green": (44, 160, 80),
    "purple": (138, 84, 204),
    "black": (52, 52, 58),  # Cities' black cards (white text; a light edge on dark panels)
}
