"""The viewer's leaders on the hand image: the draft hand to keep one from, or the leader hand
with each leader's recruitment price now and why it cannot be recruited (phone-first sizes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.wording import coins
from render.kit import DIM, GOLD, INK, PANEL, TEXT, Canvas

if TYPE_CHECKING:
    from engine.classic.leaders.views import LeaderCardView
    from engine.classic.views import ClassicView

__all__ = ["draw_leaders", "leaders_height", "leaders_title"]

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
