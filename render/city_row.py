"""One 7 Wonders city as a compact, phone-readable row (800 px images).

Used by the public table (one row per player), the detail image (row plus every card by name)
and the hand (the viewer's city and both neighbours). Figures that decide a move are drawn at
28 px or more on an 800 px image, i.e. at least 14 px at a phone's 400 px display width.
"""

from __future__ import annotations

from engine.classic.views import CityView
from render import icons
from render.cardinfo import classic_card
from render.kit import (
    CARD_COLORS,
    DIM,
    GOLD,
    PANEL,
    TEXT,
    Canvas,
    card_text_color,
    text_width,
)
from render.table_parts import parts
from render.widgets import COLOR_ORDER, production_row

__all__ = ["ICON", "WIDTH", "arrow", "card_counts", "city_row", "row_height"]

WIDTH = 800
M = 12  # outer margin
ICON = 50  # coin / shield / laurel discs: their numbers are drawn at 30 px
_PROD = 36  # resource glyphs in the production line
_LOSS = (240, 120, 120)  # defeat tokens


def card_counts(city: CityView) -> list[tuple[str, int]]:
    """(card colour, how many built) in the game's usual colour order, colours present only."""
    counts: dict[str, int] = {}
    for name in city.built:
        color = classic_card(name)[0]
        counts[color] = counts.get(color, 0) + 1
    rank = {col: i for i, col in enumerate(COLOR_ORDER)}
    return sorted(counts.items(), key=lambda kv: rank.get(kv[0], 99))


def _prod_left() -> int:
    return M + 14


def row_height(city: CityView) -> int:
    """Name line + figures line + cards line + production (which may wrap)."""
    bottom = production_row(
        None, _prod_left(), 0, WIDTH - M - 14, city.production.fixed, city.production.choices, _PROD
    )
    return 166 + bottom + 12


def arrow(c: Canvas, x: int, y: int, size: int, left: bool, fill: tuple[int, int, int]) -> int:
    """A drawn arrow (the fonts have no arrow glyph); returns its width."""
    w, h = size, size * 2 // 3
    mid = y + h // 2
    shaft = (
        (x + h // 2, mid - h // 6, x + w, mid + h // 6)
        if left
        else (x, mid - h // 6, x + w - h // 2, mid + h // 6)
    )
    c.d.rectangle(shaft, fill=fill)
    tip = (
        [(x, mid), (x + h // 2 + 2, y), (x + h // 2 + 2, y + h)]
        if left
        else [
            (x + w, mid),
            (x + w - h // 2 - 2, y),
            (x + w - h // 2 - 2, y + h),
        ]
    )
    c.d.polygon(tip, fill=fill)
    return w


def _tick(c: Canvas, x: int, y: int) -> None:
    """'picked' badge with a drawn check mark."""
    green = (90, 210, 120)
    c.rect((x, y, x + 112, y + 34), (36, 80, 50), radius=17)
    c.d.line((x + 12, y + 17, x + 20, y + 26, x + 32, y + 8), fill=green, width=4)
    c.text((x + 40, y + 17), "picked", 20, green, "lm")


def _name_line(c: Canvas, city: CityView, y: int, name: str, mark: str) -> None:
    x0, x1 = M + 14, WIDTH - M - 14
    right = x1 - (120 if city.has_picked else 0)
    if mark == "left":
        x0 += arrow(c, x0, y + 12, 30, True, GOLD) + 8
    if mark == "right":
        right -= arrow(c, right - 30, y + 12, 30, False, GOLD) + 8
    board = f"{city.board} {city.side}"
    used = c.line_in((x0, y, right - 150, y + 44), name, 32, TEXT, min_size=20)
    c.line_in((x0 + used + 14, y + 4, right, y + 44), board, 22, DIM, "right", min_size=16)
    if city.has_picked:
        _tick(c, x1 - 112, y + 5)


def _figures(c: Canvas, city: CityView, y: int) -> None:
    x = M + 14
    icons.coin(c, x, y, ICON, city.coins)
    icons.shield(c, x + ICON + 12, y, ICON, city.shields)
    x += 2 * (ICON + 12)
    if city.military_tokens:
        wins = sum(t for t in city.military_tokens if t > 0)
        losses = sum(1 for t in city.military_tokens if t < 0)
        icons.laurel(c, x, y, ICON, wins)
        x += ICON + 6
        if losses:
            c.text((x, y + ICON // 2), f"-{losses}", 28, _LOSS, "lm")
            x += 44
        x += 8
    for k in range(city.stages_total):
        icons.stage(c, x, y + 10, 30, k < city.stages_built)
        x += 34
    c.text((x + 4, y + ICON // 2), f"{city.stages_built}/{city.stages_total}", 28, TEXT, "lm")
    x += 70
    for sym, count in ((k, v) for k, v in city.science.items() if v):
        icons.science(c, x, y + 4, 42, sym)
        c.text((x + 46, y + ICON // 2), str(count), 28, TEXT, "lm")
        x += 82


def _counts(c: Canvas, city: CityView, y: int) -> None:
    x = M + 14
    counts = card_counts(city)
    if not counts:
        c.text((x, y + 20), "no buildings yet", 22, DIM, "lm")
        return
    for color, n in counts:
        fill = CARD_COLORS.get(color, (110, 110, 110))
        edge = DIM if color == "black" else None  # black cards on a dark panel: an edge
        c.rect((x, y, x + 56, y + 40), fill, radius=8, outline=edge, width=2)
        c.text((x + 28, y + 20), str(n), 28, card_text_color(color), "mm")
        x += 64
    if city.tucked:
        c.text((x + 8, y + 20), f"+{city.tucked} under the wonder", 20, DIM, "lm")
    _chips(c, city, y)


def _chips(c: Canvas, city: CityView, y: int) -> None:
    """The expansions' tokens (render.table_parts ``city_chips``: Cities' Debt and Diplomacy),
    right-aligned on the cards line."""
    chips = [chip for part in parts() for chip in part.city_chips(city)]
    x = WIDTH - M - 14
    for text, fill in reversed(chips):
        c.text((x, y + 20), text, 24, fill, "rm")
        x -= text_width(text, 24) + 18


def city_row(
    c: Canvas,
    city: CityView,
    top: int,
    height: int,
    name: str,
    *,
    highlight: bool = False,
    mark: str = "",
) -> None:
    """Draw ``city`` in [top, top + height); ``mark`` is "left" / "right" for a neighbour."""
    c.rect(
        (M, top, WIDTH - M, top + height),
        PANEL,
        radius=14,
        outline=GOLD if highlight else None,
        width=3,
    )
    _name_line(c, city, top + 6, name, mark)
    _figures(c, city, top + 56)
    _counts(c, city, top + 118)
    production_row(
        c,
        _prod_left(),
        top + 166,
        WIDTH - M - 14,
        city.production.fixed,
        city.production.choices,
        _PROD,
    )
