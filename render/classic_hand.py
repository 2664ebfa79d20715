"""The private 7 Wonders hand, phone first (800 px): my options, not the board again.

The board post above it shows every city; this image shows what it doesn't: my coins, my next
Wonder stage and how I would pay it, what my neighbours sell me and at which price (marked with
an arrow, left / right as seen from the viewer's seat), and one row per card with its cost, what
it gives in full and its status for this seat (free, affordable, the trade it needs, what it
lacks). An expansion's steps and lines (a leader draft, a god's power, the 2-player game's
Free City pick: another city's hand) come from its registered part (render.table_parts).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.classic import ClassicView
from engine.classic.views import HandCardView, PaymentView, TradeView
from engine.wording import lack_text
from render import classic_parts as _classic_parts  # noqa: F401  (the expansions' parts)
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
from render.table_parts import OtherHand, drawn_names, first, last_turn, parts
from render.widgets import cost_row, name_of

__all__ = ["WIDTH", "hand_image", "host_text"]

_M = 12
_CARD_H = 140
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


def _pay_text(p: PaymentView, payees: tuple[str, str]) -> str:
    """``payees``: how the left and right sellers are named ("Bo (left)", or "you")."""
    parts = []
    if p.left:
        parts.append(f"{p.left} to {payees[0]}")
    if p.right:
        parts.append(f"{p.right} to {payees[1]}")
    return "pay " + " + ".join(parts) if parts else "no trade needed"


def _status(card: HandCardView, payees: tuple[str, str]) -> str:
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
        return "Trade: " + (_pay_text(best, payees) if best else "")
    if card.status == "duplicate":
        return "Already built - can only discard / wonder"
    return "Can't: " + lack_text(card.missing)


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
    payees: tuple[str, str],
) -> None:
    x0, y0, x1, y1 = box
    frame = CARD_COLORS.get(card.color, (110, 110, 110))
    c.rect(box, PANEL, radius=14, outline=frame, width=5)
    c.rect((x0, y0, x1, y0 + 50), frame, radius=14)
    c.rect((x0, y0 + 36, x1, y0 + 50), frame)
    _, cost, coins, _ = classic_card(card.name)
    free_w = 0 if cost or coins else text_width("free", _COST * 3 // 4) + 4
    units = sum(cost.values()) if cost else 0
    cx = x1 - 16 - units * (_COST + 3) - (_COST + 4 if coins else 0) - free_w
    cx = max(cx, x0 + (x1 - x0) // 2)
    c.line_in((x0 + 16, y0 + 2, cx - 12, y0 + 48), card.name, 32, card_text_color(card.color))
    c.rect((cx - 6, y0 + 3, x1 - 8, y0 + 47), (30, 34, 46), radius=8)
    cost_row(c, cx, y0 + 4, cost, coins, _COST)
    c.para((x0 + 16, y0 + 52, x1 - 16, y0 + 96), host_text(card.gives), 24, TEXT, min_size=18)
    col = _STATUS_COL.get(card.status, TEXT)
    c.rect((x0 + 10, y1 - 44, x1 - 10, y1 - 6), (28, 32, 42), radius=10)
    c.rect((x0 + 10, y1 - 44, x0 + 22, y1 - 6), col, radius=4)
    c.line_in((x0 + 32, y1 - 44, x1 - 18, y1 - 6), _status(card, payees), 24, col)


def _stage_line(
    v: ClassicView, owner: int, payees: tuple[str, str]
) -> tuple[str, tuple[int, int, int]]:
    """The next wonder stage of ``owner`` (the viewer, or the Free City it picks for)."""
    me = v.cities[owner]
    if me.next_stage_cost is None:
        return "Wonder complete", GOLD
    cost = ", ".join(f"{q} {r}" for r, q in me.next_stage_cost.items())
    n = me.stages_built + 1
    pays = [p for card in v.hand_cards for p in card.wonder]
    head = f"Wonder stage {n} ({cost})"
    step = first(part.stage_line(v, head) for part in parts())
    if step is not None:  # an expansion's step (a recruitment: a stage with a leader)
        return step
    if not pays:
        return f"Wonder stage {n} ({cost}): not affordable now", (235, 90, 90)
    best = _cheapest(pays)
    assert best is not None
    return (
        f"Wonder stage {n} ({cost}): {_pay_text(best, payees)}",
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


def _sellers(c: Canvas, other: OtherHand, top: int) -> int:
    """The sellers of the city picked for (their prices are on each card, the view carries
    the viewer's own); returns the height used."""
    for i, (head, line) in enumerate(other.sellers):
        y = top + i * _NB_H
        c.rect((_M, y, WIDTH - _M, y + _NB_H - 8), PANEL2, radius=10)
        c.line_in((_M + 14, y + 4, WIDTH - _M - 14, y + 38), head, 26, TEXT)
        c.line_in((_M + 14, y + 38, WIDTH - _M - 14, y + _NB_H - 10), line, 20, DIM)
    return len(other.sellers) * _NB_H


def _title(v: ClassicView, other: OtherHand | None) -> str:
    age = {1: "I", 2: "II", 3: "III"}.get(v.age, str(v.age))
    head = other.head if other else "Your hand"
    last = last_turn(v)
    return f"{head} · Age {age}, turn {v.turn} of {last}"


def hand_image(v: ClassicView, names: Sequence[str]) -> bytes:
    """The viewer's hand; in the 2-player game, when it picks the Free City's card, the Free
    City's hand, city and payments instead (its sellers named from the viewer's side)."""
    return to_png(hand_canvas(v, names, {}))


def hand_canvas(
    v: ClassicView, names: Sequence[str], marks: dict[str, int], with_city: bool = False
) -> Canvas:
    """The hand image as a canvas; ``marks`` gets the y of each part the tutorial's words
    name (Age, City, Wonder stage, Trading, Hand, Chain). The city row is left out of a turn's
    hand (the board post shows it) and drawn only for the tutorial's labelled picture."""
    names = drawn_names(v, names)
    seat = v.seat if v.seat is not None else 0
    other = first(p.other_hand(v, names) for p in parts())  # the 2-player game's Free City
    owner = other.seat if other else seat
    payees = other.payees if other else _payees(v, names, seat)
    me = v.cities[owner]
    trades = sorted(v.trade, key=lambda t: t.side != "left")
    strip_h = sum(p.hand_top_height(v) for p in parts())
    row_h = row_height(me) if with_city else 0
    top = (
        60
        + strip_h
        + (row_h + 10 if with_city else 0)
        + 60
        + len(other.sellers if other else trades) * _NB_H
    )
    lead_h = sum(p.hand_height(v) for p in parts())  # an expansion's cards (the leaders)
    cards_h = len(v.hand_cards) * (_CARD_H + _GAP) if v.hand_cards or lead_h else _CARD_H + _GAP
    lines = [line for p in parts() for line in p.hand_lines(v, names)]  # Gods & Heroes
    height = top + cards_h + lead_h + (44 if v.my_pick_text else 0) + 44 * len(lines) + 50
    c = Canvas(WIDTH, height)
    title = first(p.hand_title(v) for p in parts()) or _title(v, other)
    c.line_in((_M, 6, WIDTH - _M - 60, 54), title, 34, other.color if other else TEXT)
    icons.coin(c, WIDTH - _M - 48, 6, 48, me.coins)  # the coins this hand spends
    marks["Age"] = 30
    y = 60
    for part in parts():
        y = part.hand_top(c, v, names, y)
    if with_city:
        city_row(c, me, y, row_h, names[owner], highlight=True)
        marks["City"] = y + row_h // 2
        y += row_h + 10
    text, col = _stage_line(v, owner, payees)
    c.rect((_M, y, WIDTH - _M, y + 50), PANEL2, radius=10)
    icons.stage(c, _M + 12, y + 10, 30, False)
    c.line_in((_M + 52, y, WIDTH - _M - 10, y + 50), text, 24, col, min_size=16)
    marks["Wonder stage"] = y + 25
    y += 60
    if other:
        y += _sellers(c, other, y)
    else:
        if trades:
            marks["Trading"] = y + _NB_H // 2
        for t in trades:
            _neighbour(c, t, y, names)
            y += _NB_H
    marks["Hand"] = y + _CARD_H // 2
    chained = [i for i, card in enumerate(v.hand_cards) if card.status == "chain"]
    if chained:
        marks["Chain"] = y + chained[0] * (_CARD_H + _GAP) + _CARD_H // 2
    y = _cards(c, v, y, payees, lead_h)
    for part in parts():
        y = part.hand_block(c, v, y)
    _closing_lines(c, v, y, lines, other.own_pick if other else "Your pick")
    return c


def _payees(v: ClassicView, names: Sequence[str], seat: int) -> tuple[str, str]:
    """Who the viewer's left and right payments go to, as the payment lines name them."""
    n = len(v.cities)
    return (
        f"{name_of(names, (seat - 1) % n)} (left)",
        f"{name_of(names, (seat + 1) % n)} (right)",
    )


def _cards(c: Canvas, v: ClassicView, y: int, payees: tuple[str, str], lead_h: int) -> int:
    """One row per hand card (or "No cards in hand"); returns the next free y."""
    for card in v.hand_cards:
        _card(c, card, (_M, y, WIDTH - _M, y + _CARD_H), payees)
        y += _CARD_H + _GAP
    if not v.hand_cards and not lead_h:
        c.line_in((_M, y, WIDTH - _M, y + 60), "No cards in hand", 30, DIM)
        y += _CARD_H + _GAP
    return y


def _closing_lines(c: Canvas, v: ClassicView, y: int, lines: list[str], mine: str) -> None:
    """The viewer's pick (``mine``: its label), the expansions' lines (Gods & Heroes) and the
    footnote on discarding."""
    if v.my_pick_text:
        c.line_in((_M, y, WIDTH - _M, y + 40), f"{mine}: {v.my_pick_text}", 24, GOLD)
        y += 44
    for line in lines:
        c.line_in((_M, y, WIDTH - _M, y + 40), line, 24, GOLD, min_size=16)
        y += 44
    step_foot = first(p.foot(v) for p in parts())  # a step's, or the Free City's pick
    foot = "Discard any card: +3 coins" if step_foot is None else step_foot
    c.line_in((_M, y, WIDTH - _M, y + 40), foot, 22, DIM)
