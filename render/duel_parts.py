"""Duel drawing parts that do not depend on the view model: pyramid, military track, tokens.

Pyramid geometry (rules facts encoded here so the renderer needs nothing at run time): slots are
numbered row by row from the back row; each row lists the column of every slot in half-card
units (1..11), as in the rulebook's set-up diagrams.
"""

from __future__ import annotations

from dataclasses import dataclass

from render import icons
from render.kit import (
    CARD_COLORS,
    DIM,
    GOLD,
    INK,
    PANEL,
    TEXT,
    Canvas,
    card_text_color,
)

__all__ = [
    "AFFORD",
    "LAYOUTS",
    "NO_AFFORD",
    "Slot",
    "draw_pyramid",
    "draw_track",
    "pyramid_size",
    "slot_rect",
    "track_x",
]

LAYOUTS: dict[int, list[list[int]]] = {
    1: [[5, 7], [4, 6, 8], [3, 5, 7, 9], [2, 4, 6, 8, 10], [1, 3, 5, 7, 9, 11]],
    2: [[1, 3, 5, 7, 9, 11], [2, 4, 6, 8, 10], [3, 5, 7, 9], [4, 6, 8], [5, 7]],
    3: [[5, 7], [4, 6, 8], [3, 5, 7, 9], [4, 8], [3, 5, 7, 9], [4, 6, 8], [5, 7]],
}
AFFORD = (96, 214, 120)  # the viewer can build it now
NO_AFFORD = (236, 120, 110)  # the viewer cannot pay for it
# 800 px images: six half-overlapping columns fill the width; rows no longer overlap (a row
# step taller than a card), so nothing printed on a card is hidden by the row in front of it.
CARD_W = 128
CARD_H = 140
ROW_STEP = 146


@dataclass(frozen=True)
class Slot:
    """One pyramid slot as the renderer needs it (built from whatever the view holds)."""

    index: int
    name: str | None  # None: face down (or taken)
    color: str = "grey"
    back: int | str = 1  # age numeral or "guild" for a face-down card
    accessible: bool = False
    taken: bool = False
    cost: str = ""  # printed cost, e.g. "2 wood, 3 coins"
    effect: str = ""  # one-line printed effect
    price: str = ""  # what the viewer pays (private images only)
    affordable: bool | None = None  # None: no price shown (public image)
    gives: str = ""  # the effect in full words, as the prompt's select says it (private hand)


def _positions(age: int) -> list[tuple[int, int]]:
    return [(r, col) for r, row in enumerate(LAYOUTS.get(age, LAYOUTS[1])) for col in row]


def pyramid_size(age: int) -> tuple[int, int]:
    rows = len(LAYOUTS.get(age, LAYOUTS[1]))
    return 6 * CARD_W + 8, (rows - 1) * ROW_STEP + CARD_H + 8


def slot_rect(age: int, index: int, x0: int, y0: int) -> tuple[int, int, int, int]:
    r, col = _positions(age)[index]
    x = x0 + (col - 1) * CARD_W // 2 + 4
    y = y0 + r * ROW_STEP + 4
    return x, y, x + CARD_W - 6, y + CARD_H


def _slot(c: Canvas, s: Slot, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    if s.taken:
        c.rect(box, (32, 36, 48), radius=10, outline=(60, 66, 84))
        c.text((x0 + 8, y0 + 6), f"#{s.index}", 18, (90, 96, 116))
        return
    if s.accessible:
        ring = AFFORD if s.affordable and s.name is not None else GOLD
        c.rect((x0 - 4, y0 - 4, x1 + 4, y1 + 4), ring, radius=12)
    if s.name is None:
        icons.card_back(c, x0, y0, x1 - x0, y1 - y0, s.back)
        badge = (x0 + 3, y0 + 3, x0 + 40, y0 + 27)  # the slot number the move text uses
        c.rect(badge, GOLD if s.accessible else (20, 22, 30), radius=6)
        c.line_in(badge, f"#{s.index}", 18, INK if s.accessible else TEXT, "center", min_size=16)
    else:
        _face(c, s, box)


def _face(c: Canvas, s: Slot, box: tuple[int, int, int, int]) -> None:
    """A face-up card: name band, the viewer's price (or the printed cost), then the effect."""
    x0, y0, x1, y1 = box
    fill = CARD_COLORS.get(s.color, (110, 110, 110))
    c.rect(box, PANEL, radius=10, outline=fill, width=3)
    c.rect((x0, y0, x1, y0 + 48), fill, radius=10)
    ink = card_text_color(s.color)
    # the slot number leads the name ("#6 Pretorium"): one wrapped text, nothing overlaid
    c.para((x0 + 6, y0 + 3, x1 - 4, y0 + 47), f"#{s.index} {s.name}", 18, ink, min_size=16)
    if s.price:
        pill = AFFORD if s.affordable else NO_AFFORD
        c.rect((x0 + 4, y0 + 50, x1 - 4, y0 + 80), pill, radius=8)
        c.line_in((x0 + 8, y0 + 50, x1 - 8, y0 + 80), s.price, 24, INK, "center", min_size=16)
    elif s.cost:
        cost = s.cost.split(" · ")[0]  # the chain hint does not fit a phone-sized card
        c.line_in((x0 + 6, y0 + 52, x1 - 6, y0 + 78), cost, 18, DIM, min_size=16)
    if s.effect:
        c.para((x0 + 6, y0 + 80, x1 - 4, y1 - 2), s.effect, 24, GOLD, min_size=16)


def draw_pyramid(c: Canvas, age: int, slots: list[Slot], x0: int, y0: int) -> None:
    """Slots in index order: back rows first so the front rows overlap them as on the table.

    Empty (taken) places go underneath everything, so they never hide a card behind them.
    """
    for s in sorted(slots, key=lambda s: (not s.taken, s.index)):
        _slot(c, s, slot_rect(age, s.index, x0, y0))


def track_x(pos: int, x0: int, x1: int, flip: bool = False) -> int:
    """Centre x of track space ``pos`` (-9..9); +9 is on the right unless ``flip``."""
    step = (x1 - x0) / 19
    k = (-pos if flip else pos) + 9
    return int(x0 + step * (k + 0.5))


_ZONE_FILL = {
    0: (70, 76, 96),
    1: (86, 70, 60),
    2: (110, 70, 50),
    3: (140, 60, 50),
    4: (170, 40, 40),
}


def _zone(d: int) -> int:
    return 0 if d == 0 else 1 if d <= 2 else 2 if d <= 5 else 3 if d <= 8 else 4


def draw_track(
    c: Canvas, box: tuple[int, int, int, int], pawn: int, loot: dict[int, bool], flip: bool = False
) -> None:
    """Military track: 19 spaces, zone colours, loot tokens still on it, the conflict pawn.

    ``loot`` maps a token's track position (±4 for the 2-coin tokens, ±7 for the 5-coin ones)
    to whether it is still on the board.
    """
    x0, y0, x1, y1 = box
    step = (x1 - x0) / 19
    mid = (y0 + y1) // 2
    for pos in range(-9, 10):
        cx = track_x(pos, x0, x1, flip)
        fill = _ZONE_FILL[_zone(abs(pos))]
        c.rect((int(cx - step / 2) + 1, mid - 24, int(cx + step / 2) - 1, mid + 24), fill, radius=4)
    for where, label in ((0.0, "0"), (1.5, "2"), (4.0, "5"), (7.0, "10"), (9.0, "WIN")):
        for sign in (-1, 1):
            lx = x0 + step * (where * sign + 9.5)
            c.text((int(lx), mid + 38), label, 24, DIM, "mm")
    for pos, present in loot.items():
        if present:
            cx = track_x(pos, x0, x1, flip)
            value = 2 if abs(pos) < 6 else 5
            icons.coin(c, cx - 21, mid - 21, 42, value)
    px = track_x(max(-9, min(9, pawn)), x0, x1, flip)
    c.d.polygon(
        [(px, mid - 30), (px + 18, mid), (px, mid + 30), (px - 18, mid)],
        fill=(250, 60, 60),
        outline=(255, 255, 255),
        width=3,
    )
