"""The private 7 Wonders hand: every card with cost, effect and its status for this seat."""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic import ClassicView
from engine.classic.views import HandCardView, PaymentView, TradeView
from render import icons
from render.cardinfo import classic_card
from render.classic_table import WIDTH, band_height, city_band
from render.kit import (
    CARD_COLORS,
    DIM,
    GOLD,
    PANEL,
    PANEL2,
    TEXT,
    Canvas,
    card_text_color,
    text_width,
    to_png,
)
from render.widgets import cost_row, name_of

__all__ = ["hand_image"]

_COLS = 2
_M = 16
_CARD_H = 196
_GAP = 14
_STATUS_COL = {
    "chain": (60, 200, 120),
    "free": (60, 200, 120),
    "affordable": (60, 200, 120),
    "trade": (240, 190, 60),
    "unaffordable": (235, 90, 90),
    "duplicate": (150, 150, 160),
}


def _cheapest(pays: Sequence[PaymentView]) -> PaymentView | None:
    return min(pays, key=lambda p: (p.left + p.right, p.left), default=None)


def _pay_text(p: PaymentView, names: Sequence[str], left: int, right: int) -> str:
    parts = []
    if p.left:
        parts.append(f"{p.left} to {name_of(names, left)}")
    if p.right:
        parts.append(f"{p.right} to {name_of(names, right)}")
    return "pay " + " + ".join(parts) if parts else "no trade needed"


def _status(card: HandCardView, names: Sequence[str], left: int, right: int) -> str:
    if card.status == "chain":
        return "FREE by chain"
    if card.status == "free":
        return "Free to build"
    if card.status == "affordable":
        best = _cheapest(card.build)
        bank = best.bank if best else 0
        return f"Affordable ({bank} coin{'s' if bank != 1 else ''})" if bank else "Affordable"
    if card.status == "trade":
        best = _cheapest(card.build)
        return "Trade: " + (_pay_text(best, names, left, right) if best else "")
    if card.status == "duplicate":
        return "Already built - can only discard / wonder"
    miss = ", ".join(f"{q} {r}" for r, q in card.missing.items())
    return "Can't: lacks " + miss if miss else "Can't afford"


def _sells_text(t: TradeView) -> str:
    """What a neighbour sells, with quantities and either/or units ("2 wood 2c, clay/ore")."""

    def price(r: str) -> str:
        return f"{t.prices.get(r, 2)}c"

    fixed = [
        f"{q} {r} {price(r)}" if q > 1 else f"{r} {price(r)}" for r, q in t.sells.fixed.items()
    ]
    either = ["/".join(f"{r} {price(r)}" for r in opts) for opts in t.sells.choices]
    return ", ".join(fixed + either)


def _card(
    c: Canvas,
    card: HandCardView,
    box: tuple[int, int, int, int],
    names: Sequence[str],
    left: int,
    right: int,
) -> None:
    x0, y0, x1, y1 = box
    frame = CARD_COLORS.get(card.color, (110, 110, 110))
    c.rect(box, PANEL, radius=14, outline=frame, width=5)
    c.rect((x0, y0, x1, y0 + 58), frame, radius=14)
    c.rect((x0, y0 + 40, x1, y0 + 58), frame)
    _, cost, coins, _ = classic_card(card.name)
    free_w = 0 if cost or coins else text_width("free", 22) + 4  # cost_row's "free" label
    cx = x1 - 16 - (len(cost) and sum(cost.values()) * 35) - (34 if coins else 0) - free_w
    cx = max(cx, x0 + (x1 - x0) // 2)
    c.line_in((x0 + 16, y0 + 4, cx - 10, y0 + 56), card.name, 36, card_text_color(card.color))
    c.rect((cx - 6, y0 + 8, x1 - 8, y0 + 50), (30, 34, 46), radius=8)
    cost_row(c, cx, y0 + 14, cost, coins, 30)
    c.para((x0 + 16, y0 + 66, x1 - 16, y0 + 130), card.gives, 28, TEXT, min_size=16)
    col = _STATUS_COL.get(card.status, TEXT)
    c.rect((x0 + 10, y1 - 60, x1 - 10, y1 - 10), (28, 32, 42), radius=10)
    c.rect((x0 + 10, y1 - 60, x0 + 22, y1 - 10), col, radius=4)
    c.line_in((x0 + 34, y1 - 60, x1 - 20, y1 - 10), _status(card, names, left, right), 28, col)


def _stage_line(v: ClassicView, names: Sequence[str]) -> tuple[str, tuple[int, int, int]]:
    me = v.cities[v.seat or 0]
    if me.next_stage_cost is None:
        return "Wonder complete", GOLD
    cost = ", ".join(f"{q} {r}" for r, q in me.next_stage_cost.items())
    n = me.stages_built + 1
    pays = [p for card in v.hand_cards for p in card.wonder]
    if not pays:
        return f"Wonder stage {n} ({cost}): not affordable now", (235, 90, 90)
    best = _cheapest(pays)
    assert best is not None
    nb = len(v.cities)
    left, right = ((v.seat or 0) - 1) % nb, ((v.seat or 0) + 1) % nb
    return (
        f"Wonder stage {n} ({cost}): {_pay_text(best, names, left, right)}",
        (60, 200, 120) if best.left + best.right == 0 else (240, 190, 60),
    )


def hand_image(v: ClassicView, names: Sequence[str]) -> bytes:
    seat = v.seat if v.seat is not None else 0
    n = len(v.cities)
    left, right = (seat - 1) % n, (seat + 1) % n
    me = v.cities[seat]
    band_h = band_height(me)
    rows = max(1, (len(v.hand_cards) + _COLS - 1) // _COLS)
    top = 70 + band_h + 70
    height = top + rows * (_CARD_H + _GAP) + 70
    c = Canvas(WIDTH, height)
    age = {1: "I", 2: "II", 3: "III"}.get(v.age, str(v.age))
    title = f"{name_of(names, seat)} - your hand · Age {age}, turn {v.turn} of 6"
    c.line_in((_M, 8, WIDTH - _M, 62), title, 40, TEXT)
    city_band(c, me, 70, band_h, name_of(names, seat), highlight=True)
    text, col = _stage_line(v, names)
    c.rect((_M, 80 + band_h, WIDTH - _M, 80 + band_h + 52), PANEL2, radius=10)
    icons.stage(c, _M + 14, 80 + band_h + 11, 30, False)
    c.line_in((_M + 56, 80 + band_h, WIDTH - _M - 10, 80 + band_h + 52), text, 30, col)
    cw = (WIDTH - 2 * _M - (_COLS - 1) * _GAP) // _COLS
    for i, card in enumerate(v.hand_cards):
        r, k = divmod(i, _COLS)
        x = _M + k * (cw + _GAP)
        y = top + r * (_CARD_H + _GAP)
        _card(c, card, (x, y, x + cw, y + _CARD_H), names, left, right)
    if not v.hand_cards:
        c.line_in((_M, top, WIDTH - _M, top + 60), "No cards in hand", 32, DIM)
    trade = " · ".join(
        f"{name_of(names, t.seat)} ({t.side}) sells " + (_sells_text(t) or "nothing")
        for t in v.trade
    )
    c.line_in(
        (_M, height - 60, WIDTH - _M, height - 14), "Discard any card: +3 coins · " + trade, 24, DIM
    )
    if v.my_pick_text:
        c.line_in(
            (_M, height - 100, WIDTH - _M, height - 64), f"Your pick: {v.my_pick_text}", 26, GOLD
        )
    return to_png(c)
