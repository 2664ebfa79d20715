"""The Leaders expansion's pictures: on the hand image, the draft hand to keep one from, or the
leader hand with each leader's recruitment price now and why it cannot be recruited; on the
table, the title of a leaders step and one line per seat (its recruited leaders face up, how many
it still holds). Phone-first sizes; registered as ``PART`` (render.classic_parts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.common import Outcome
from engine.wording import coins
from render.kit import DIM, GOLD, INK, PANEL, TEXT, Canvas
from render.table_parts import ScoreRow, TablePart
from render.widgets import name_of

if TYPE_CHECKING:
    from engine.classic.leaders.views import LeaderCardView
    from engine.classic.views import ClassicView

__all__ = ["PART", "draw_leaders", "leaders_height", "leaders_title"]

_M = 16
_H = 150  # two lines of effect: the longest leader text is 127 characters
_GAP = 10
_WHITE = (226, 222, 210)
_OK = (60, 200, 120)
_NO = (235, 90, 90)


def _cards(v: ClassicView) -> tuple[str, list[LeaderCardView]]:
    lv = v.leaders
    if lv is None:
        return "", []
    if lv.stage == "draft":
        return "Leader draft: keep one", list(lv.draft)
    return "Your leaders", list(lv.mine)


def leaders_height(v: ClassicView) -> int:
    head, cards = _cards(v)
    return 0 if not cards else 50 + len(cards) * (_H + _GAP)


def leaders_title(v: ClassicView) -> str | None:
    """The hand image's title in a leaders step (None in an Age turn)."""
    lv = v.leaders
    if lv is None or v.phase != "leaders":
        return None
    age = {1: "I", 2: "II", 3: "III"}.get(v.age, str(v.age))
    return {
        "draft": f"Leader draft · pick {lv.draft_round + 1} of 3",
        "recruit": f"Recruitment before Age {age}",
        "court": "Courtesans' Guild: copy a leader",
        "roma": "Roma: recruit one more leader?",
    }.get(lv.stage, "Leaders")


def _status(card: LeaderCardView, draft: bool) -> tuple[str, tuple[int, int, int]]:
    if draft:
        return f"Keep it (recruiting costs {coins(card.cost)} later)", GOLD
    if card.recruit is not None:
        price = "free" if card.price == 0 else coins(card.price)
        return f"Recruit for {price}", _OK
    if card.why_not:
        return f"Can't recruit: {card.why_not}", _NO
    return f"Recruit later for {coins(card.price)}", DIM


def draw_leaders(c: Canvas, v: ClassicView, y: int) -> int:
    """Draw the leader cards from ``y``; returns the y below them."""
    head, cards = _cards(v)
    if not cards:
        return y
    c.line_in((_M, y, c.img.width - _M, y + 44), head, 28, TEXT)
    y += 50
    draft = head.startswith("Leader draft")
    for card in cards:
        x0, x1 = _M, c.img.width - _M
        c.rect((x0, y, x1, y + _H), PANEL, radius=14, outline=_WHITE, width=5)
        c.rect((x0, y, x1, y + 46), _WHITE, radius=14)
        c.line_in((x0 + 16, y + 2, x1 - 150, y + 44), card.name, 30, INK)
        c.line_in(
            (x1 - 150, y + 2, x1 - 16, y + 44),
            f"{card.cost} coin{'s' if card.cost != 1 else ''}",
            26,
            INK,
            "right",
        )
        c.para((x0 + 16, y + 50, x1 - 16, y + 106), card.text, 22, TEXT, min_size=16)
        text, col = _status(card, draft)
        c.line_in((x0 + 16, y + 108, x1 - 16, y + _H - 6), text, 24, col, min_size=16)
        y += _H + _GAP
    return y


_TABLE_TITLES = {
    "draft": "Leader draft",
    "recruit": "Age {age} · Recruitment",
    "court": "Courtesans' Guild: copy a leader",
    "roma": "Roma: one more recruitment",
}
_TABLE_M = 12
_LINE = 32


def _table_title(v: ClassicView, age: str) -> str | None:
    if v.phase != "leaders" or v.leaders is None:
        return None
    return _TABLE_TITLES.get(v.leaders.stage, "Leaders").format(age=age)


def table_lines(v: ClassicView, names: Sequence[str]) -> list[str]:
    """Per seat: its recruited leaders face up, how many it still holds (never which)."""
    lv = v.leaders
    if lv is None:
        return []
    out = []
    for seat, rec in enumerate(lv.recruited):
        text = f"{name_of(names, seat)}: {', '.join(rec) if rec else 'no leader yet'}"
        extra = [f"{lv.held[seat]} in hand"]
        if lv.tucked[seat]:
            extra.append(f"{lv.tucked[seat]} under the wonder")
        if lv.courtesan and lv.courtesan[seat]:
            extra.append(f"Courtesan on {lv.courtesan[seat]}")
        out.append(text + " · " + " · ".join(extra))
    return out


def _panel_height(v: ClassicView, names: Sequence[str]) -> int:
    lines = table_lines(v, names)
    return 0 if not lines else 44 + _LINE * len(lines)


def _panel(c: Canvas, v: ClassicView, names: Sequence[str], y: int, width: int) -> int:
    """The table's Leaders panel at ``y``; returns the y below it."""
    lines = table_lines(v, names)
    if not lines:
        return y
    c.text((_TABLE_M, y + 4), "Leaders", 24, DIM)
    for i, text in enumerate(lines):
        top = y + 40 + i * _LINE
        c.line_in((_TABLE_M, top, width - _TABLE_M, top + _LINE), text, 22, TEXT, min_size=16)
    return y + _panel_height(v, names)


def _stage_line(v: ClassicView, head: str) -> tuple[str, tuple[int, int, int]] | None:
    """In a recruitment, a wonder stage is built with a leader, not a card."""
    if v.phase != "leaders" or v.leaders is None:
        return None
    if any(card.wonder for card in v.leaders.mine):
        return f"{head}: build it with a leader", _OK
    return f"{head}: not affordable now", _NO


def _foot(v: ClassicView) -> str | None:
    if v.phase != "leaders":
        return None
    return "Discard a leader: +3 coins" if v.leaders and v.leaders.mine else ""


def _score_rows(view: Any, outcome: Outcome) -> list[ScoreRow]:
    """The score sheet's Leaders row (white cards), in Leaders games."""
    played = getattr(view, "leaders", None) is not None
    return (
        [("leaders", "Leaders", "white")]
        if played or any(s.leaders for s in outcome.scores)
        else []
    )


PART = TablePart(
    "leaders",
    title=_table_title,
    panel_height=_panel_height,
    panel=_panel,
    score_rows=_score_rows,
    hand_title=leaders_title,
    hand_height=leaders_height,
    hand_block=draw_leaders,
    stage_line=_stage_line,
    foot=_foot,
)
