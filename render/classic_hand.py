"""The private 7 Wonders hand, phone first (800 px): my city, my neighbours, one card per row.

Each card shows its cost, what it gives and its status for this seat (free, affordable, the
trade it needs, what it lacks). Neighbours are marked with an arrow (left / right as seen from
the viewer's seat) beside what they sell and at which price.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.classic import ClassicView
from engine.classic.views import HandCardView, PaymentView, TradeView
from render import icons
from render.cardinfo import classic_card
from render.city_row import WIDTH, arrow, city_row, row_height
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

__all__ = ["WIDTH", "hand_image", "host_text"]

_M = 12
_CARD_H = 172
_GAP = 10
_COST = 40  # cost icons: a coin's figure is drawn at 24 px (12 px on a phone)
_NB_H = 86
_STATUS_COL = {
    "chain": (60, 200, 120),
    "free": (60, 200, 120),
    "affordable": (60, 200, 120),
    "trade": (240, 190, 60),
    "unaffordable": (235, 90, 90),
    "duplicate": (150, 150, 160),
}


_ONE_COINS = re.compile(r"\b1 coins\b")


def host_text(gives: str) -> str:
    """The engine's effect text as a host would say it ("1 coin", "per Wonder stage").

    Done here, not in the engine, because the AI reads the engine's wording.
    """
    return _ONE_COINS.sub("1 coin", gives.replace("wonder stages", "Wonder stage"))


def _cheapest(pays: Sequence[PaymentView]) -> PaymentView | None:
    return min(pays, key=lambda p: (p.left + p.right, p.left), default=None)


def _coins(n: int) -> str:
    return f"{n} coin{'' if n == 1 else 's'}"


def _pay_text(p: PaymentView, names: Sequence[str], left: int, right: int) -> str:
    parts = []
    if p.left:
        parts.append(f"{p.left} to {name_of(names, left)} (left)")
    if p.right:
        parts.append(f"{p.right} to {name_of(names, right)} (right)")
    return "pay " + " + ".join(parts) if parts else "no trade needed"


def _status(card: HandCardView, names: Sequence[str], left: int, right: int) -> str:
    if card.status == "chain":
        return "FREE by chain"
    if card.status == "free":
        return "Free to build"
    if card.status == "affordable":
        best = _cheapest(card.build)
        bank = best.bank if best else 0
        return f"Affordable ({_coins(bank)})" if bank else "Affordable"
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
    seats: tuple[int, int],
) -> None:
    x0, y0, x1, y1 = box
    frame = CARD_COLORS.get(card.color, (110, 110, 110))
    c.rect(box, PANEL, radius=14, outline=frame, width=5)
    c.rect((x0, y0, x1, y0 + 54), frame, radius=14)
    c.rect((x0, y0 + 36, x1, y0 + 54), frame)
    _, cost, coins, _ = classic_card(card.name)
    free_w = 0 if cost or coins else text_width("free", _COST * 3 // 4) + 4
    units = sum(cost.values()) if cost else 0
    cx = x1 - 16 - units * (_COST + 3) - (_COST + 4 if coins else 0) - free_w
    cx = max(cx, x0 + (x1 - x0) // 2)
    c.line_in((x0 + 16, y0 + 2, cx - 12, y0 + 52), card.name, 32, card_text_color(card.color))
    c.rect((cx - 6, y0 + 4, x1 - 8, y0 + 50), (30, 34, 46), radius=8)
    cost_row(c, cx, y0 + 5, cost, coins, _COST)
    c.para((x0 + 16, y0 + 60, x1 - 16, y0 + 114), host_text(card.gives), 24, TEXT, min_size=18)
    col = _STATUS_COL.get(card.status, TEXT)
    c.rect((x0 + 10, y1 - 54, x1 - 10, y1 - 8), (28, 32, 42), radius=10)
    c.rect((x0 + 10, y1 - 54, x0 + 22, y1 - 8), col, radius=4)
    c.line_in((x0 + 32, y1 - 54, x1 - 18, y1 - 8), _status(card, names, *seats), 24, col)


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


def _neighbour(c: Canvas, t: TradeView, top: int, names: Sequence[str]) -> None:
    """'<- Bo (left) sells wood 2c, ...' with the arrow on the neighbour's side."""
    left = t.side == "left"
    c.rect((_M, top, WIDTH - _M, top + _NB_H - 8), PANEL2, radius=10)
    ax = _M + 12 if left else WIDTH - _M - 46
    arrow(c, ax, top + 12, 34, left, GOLD)
    x0 = _M + 56 if left else _M + 14
    x1 = WIDTH - _M - 14 if left else WIDTH - _M - 56
    head = f"{name_of(names, t.seat)} ({t.side})"
    c.line_in((x0, top + 4, x1, top + 38), head, 26, TEXT, "left" if left else "right")
    sells = "sells " + (_sells_text(t) or "nothing")
    c.line_in((x0, top + 38, x1, top + _NB_H - 10), sells, 20, DIM, "left" if left else "right")


def hand_image(v: ClassicView, names: Sequence[str]) -> bytes:
    seat = v.seat if v.seat is not None else 0
    n = len(v.cities)
    seats = ((seat - 1) % n, (seat + 1) % n)
    me = v.cities[seat]
    row_h = row_height(me)
    trades = sorted(v.trade, key=lambda t: t.side != "left")
    top = 60 + row_h + 10 + 60 + len(trades) * _NB_H
    cards_h = max(1, len(v.hand_cards)) * (_CARD_H + _GAP)
    height = top + cards_h + (44 if v.my_pick_text else 0) + 50
    c = Canvas(WIDTH, height)
    age = {1: "I", 2: "II", 3: "III"}.get(v.age, str(v.age))
    title = f"Your hand · Age {age}, turn {v.turn} of {7 if 'cities' in v.expansions else 6}"
    c.line_in((_M, 6, WIDTH - _M, 54), title, 34, TEXT)
    city_row(c, me, 60, row_h, name_of(names, seat), highlight=True)
    y = 60 + row_h + 10
    text, col = _stage_line(v, names)
    c.rect((_M, y, WIDTH - _M, y + 50), PANEL2, radius=10)
    icons.stage(c, _M + 12, y + 10, 30, False)
    c.line_in((_M + 52, y, WIDTH - _M - 10, y + 50), text, 24, col, min_size=16)
    y += 60
    for t in trades:
        _neighbour(c, t, y, names)
        y += _NB_H
    for card in v.hand_cards:
        _card(c, card, (_M, y, WIDTH - _M, y + _CARD_H), names, seats)
        y += _CARD_H + _GAP
    if not v.hand_cards:
        c.line_in((_M, y, WIDTH - _M, y + 60), "No cards in hand", 30, DIM)
        y += _CARD_H + _GAP
    if v.my_pick_text:
        c.line_in((_M, y, WIDTH - _M, y + 40), f"Your pick: {v.my_pick_text}", 24, GOLD)
        y += 44
    c.line_in((_M, y, WIDTH - _M, y + 40), "Discard any card: +3 coins", 22, DIM)
    return to_png(c)
