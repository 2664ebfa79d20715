"""Final score sheet for both games: one row per category, one column per seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.common import Outcome
from render.kit import GOLD, PANEL, PANEL2, TEXT, Canvas, text_width, to_png
from render.widgets import name_of

if TYPE_CHECKING:
    from engine.classic.views import ClassicView
    from engine.duel.views import DuelView

__all__ = ["column_x", "scores_png"]

_LABEL_W = 260

_CATS: list[tuple[str, str, tuple[int, int, int]]] = [
    ("military", "Military", (214, 58, 58)),
    ("treasury", "Treasury", (232, 184, 30)),
    ("wonders", "Wonders", (200, 170, 90)),
    ("civilian", "Civilian", (52, 118, 222)),
    ("science", "Science", (44, 160, 80)),
    ("commercial", "Commercial", (232, 184, 30)),
    ("guilds", "Guilds", (138, 84, 204)),
    ("progress", "Progress", (44, 140, 90)),
]
_VICTORY = {
    "civilian": "Civilian victory (most points)",
    "military": "Military supremacy",
    "science": "Scientific supremacy",
}


def _col_w(n: int) -> int:
    return max(150, min(260, (1500 - _LABEL_W) // max(1, n)))


def column_x(n: int, i: int) -> tuple[int, int]:
    """Left and right x of seat ``i``'s column on a sheet of ``n`` seats (for probes)."""
    x = 20 + _LABEL_W + i * _col_w(n)
    return x, x + _col_w(n)


def scores_png(
    kind: str,
    outcome: Outcome,
    names: Sequence[str],
    view: ClassicView | DuelView | None = None,
) -> bytes:
    del view  # the outcome holds everything the sheet shows
    cats = [c for c in _CATS if kind == "duel" or c[0] != "progress"]
    n = len(outcome.scores)
    label_w = _LABEL_W
    col_w = _col_w(n)
    width = label_w + col_w * n + 40
    row_h = 64
    top = 150
    height = top + row_h * (len(cats) + 2) + 24
    c = Canvas(width, height)
    winners = set(outcome.winners)
    title = "Final scores"
    win_names = " & ".join(name_of(names, w) for w in outcome.winners)
    c.line_in((20, 14, width - 20, 74), title, 48, TEXT)
    sub = f"Winner: {win_names}" if len(winners) == 1 else f"Shared victory: {win_names}"
    if kind == "duel" and outcome.victory:
        sub += " - " + _VICTORY.get(outcome.victory, outcome.victory)
    c.line_in((20, 78, width - 20, 130), sub, 34, GOLD)
    x0 = 20 + label_w
    bottom = top + row_h * (len(cats) + 2)
    for r in range(1, len(cats) + 2):  # stripes first, so the winner's column stays on top
        y = top + r * row_h
        if r == len(cats) + 1:
            c.rect((20, y, width - 20, y + row_h), PANEL2)
        elif r % 2:
            c.rect((20, y, width - 20, y + row_h), PANEL)
    for w in sorted(winners):
        x = x0 + w * col_w
        c.rect(
            (x + 4, top - 6, x + col_w - 4, bottom + 6),
            (82, 70, 30),
            radius=12,
            outline=GOLD,
            width=3,
        )
    for i in range(n):
        x = x0 + i * col_w
        name = name_of(names, i)
        if text_width(name, 24) <= col_w - 20:  # one centred line when it fits at 24 px+
            c.line_in((x + 10, top, x + col_w - 10, top + row_h), name, 32, TEXT, "center")
        else:
            c.para(
                (x + 10, top + 2, x + col_w - 10, top + row_h),
                name.replace("-", "- "),
                26,
                TEXT,
                min_size=16,
                center=True,
            )
    for r, (key, label, col) in enumerate(cats, start=1):
        y = top + r * row_h
        c.rect((24, y + 14, 52, y + row_h - 14), col, radius=6)
        c.line_in((64, y, x0 - 10, y + row_h), label, 32, TEXT)
        for i, sc in enumerate(outcome.scores):
            x = x0 + i * col_w
            c.line_in((x, y, x + col_w, y + row_h), str(getattr(sc, key)), 34, TEXT, "center")
    y = top + (len(cats) + 1) * row_h
    c.line_in((64, y, x0 - 10, y + row_h), "Total", 36, GOLD)
    for i, sc in enumerate(outcome.scores):
        x = x0 + i * col_w
        fill = GOLD if i in winners else TEXT
        c.line_in((x, y, x + col_w, y + row_h), str(sc.total), 40, fill, "center")
    return to_png(c)
