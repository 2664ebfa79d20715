"""The Edifice panel of the 7 Wonders table: the three projects (one per Age) with their
participation pawns — taken ones named by their holder, free ones as empty rings — their
state (waiting, open, completed, failed), cost, reward and penalty, and each seat's Edifice
debt; the score sheet's Edifices row. Phone first: 22-24 px text on the 800 px table (11-12 px
at a phone's 400 px). Registered as ``PART`` (render.classic_parts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.classic import ClassicView
from engine.classic.edifice.views import EdificeProjectView
from engine.common import Outcome
from render.colors import CARD_COLORS, DIM, GOLD, PANEL, PANEL2, TEXT
from render.kit import Canvas
from render.table_parts import ScoreRow, TablePart
from render.widgets import name_of

__all__ = ["PART", "edifice_height", "edifice_panel"]

_M = 12
_HEAD = 44
_BLOCK = 124  # one project: title + pawns, cost/reward, penalty
_LINE = 36
_PAWN = 30
_STATE = {
    "waiting": ("later", DIM),
    "open": ("OPEN", GOLD),
    "completed": ("COMPLETED", CARD_COLORS["green"]),
    "failed": ("FAILED", CARD_COLORS["red"]),
}
_ROMAN = {1: "I", 2: "II", 3: "III"}


def _debt_line(v: ClassicView, names: Sequence[str]) -> str:
    assert v.edifice is not None
    owed = [f"{name_of(names, s)} {d}" for s, d in enumerate(v.edifice.debt) if d]
    return "Edifice debt: " + ", ".join(owed) if owed else ""


def edifice_height(v: ClassicView, names: Sequence[str]) -> int:
    if v.edifice is None:
        return 0
    return _HEAD + 3 * _BLOCK + (_LINE if _debt_line(v, names) else 0) + 8


def _pawns(c: Canvas, p: EdificeProjectView, names: Sequence[str], x: int, y: int) -> None:
    """Taken pawns (gold, the holder's initial) then the free ones (empty rings)."""
    holders = [s for s, k in enumerate(p.pawns) for _ in range(k)]
    for i, seat in enumerate(holders):
        box = (x + i * (_PAWN + 6), y, x + i * (_PAWN + 6) + _PAWN, y + _PAWN)
        c.d.ellipse(box, fill=GOLD)
        c.text((box[0] + _PAWN // 2, y + _PAWN // 2), name_of(names, seat)[:1], 20, PANEL, "mm")
    for j in range(p.pawns_left):
        k = len(holders) + j
        box = (x + k * (_PAWN + 6), y, x + k * (_PAWN + 6) + _PAWN, y + _PAWN)
        c.d.ellipse(box, outline=TEXT, width=3)


def _block(c: Canvas, p: EdificeProjectView, names: Sequence[str], y: int, width: int) -> None:
    word, colour = _STATE[p.status]
    c.rect((_M, y, width - _M, y + _BLOCK - 8), PANEL2 if p.status == "open" else PANEL, 12)
    c.line_in((_M + 12, y + 4, width // 2, y + 40), f"Age {_ROMAN[p.age]}: {p.name}", 24, TEXT)
    c.line_in((width // 2, y + 4, width // 2 + 150, y + 40), word, 22, colour, min_size=16)
    _pawns(c, p, names, width // 2 + 160, y + 7)
    c.line_in(
        (_M + 12, y + 42, width - _M - 12, y + 76),
        f"Join {p.cost} · Reward: {p.reward}",
        22,
        TEXT,
        min_size=16,
    )
    c.line_in(
        (_M + 12, y + 78, width - _M - 12, y + 112),
        f"If it fails: {p.penalty}",
        22,
        DIM,
        min_size=16,
    )


def edifice_panel(c: Canvas, v: ClassicView, names: Sequence[str], y: int, width: int) -> int:
    """Draw the panel at ``y``; returns the y below it (``y`` without Edifice)."""
    if v.edifice is None:
        return y
    unconfirmed = any(not p.confirmed for p in v.edifice.projects)
    head = "Edifice projects" + (" (data unconfirmed)" if unconfirmed else "")
    c.text((_M, y + 4), head, 24, DIM)
    for i, p in enumerate(v.edifice.projects):
        _block(c, p, names, y + _HEAD + i * _BLOCK, width)
    debt = _debt_line(v, names)
    if debt:
        top = y + _HEAD + 3 * _BLOCK
        c.line_in((_M, top, width - _M, top + _LINE), debt, 24, TEXT, min_size=18)
    return y + edifice_height(v, names)


# The score sheet's row (docs/edifice.md): completed projects' VP and Edifice debt tokens.
_ROWS: list[ScoreRow] = [("edifices", "Edifices", "grey")]


def _score_rows(view: Any, outcome: Outcome) -> list[ScoreRow]:
    played = "edifice" in getattr(view, "expansions", ())
    return _ROWS if played or any(s.edifices for s in outcome.scores) else []


PART = TablePart(
    "edifice", panel_height=edifice_height, panel=edifice_panel, score_rows=_score_rows
)
