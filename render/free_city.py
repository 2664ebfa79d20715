"""The 2-player game's Free City (docs/two-players.md) as the classic images show it.

The Free City is a third, neutral city (seat 2): it is never a player, so it is always named
"Free City" (whatever ``names`` holds for seat 2) and drawn under a coloured strip saying it is
neutral and which player plays its card this turn. Only the controller, while picking its card,
sees its hand; that view is flagged ``free_city.picking`` by the engine. Its part of the table
(name, strip, framed row, the waiting line's "(Free City's card)") and of the hand image (its
strip, and the controller's pick: the Free City's hand, sellers, title and footnote) is
``PART``, registered in render.classic_parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.classic import ClassicView
from engine.classic.views import CityView
from engine.common import Outcome
from render.city_row import WIDTH, city_row
from render.kit import Canvas
from render.palette import register_colors
from render.table_parts import OtherHand, TablePart
from render.widgets import name_of

__all__ = [
    "FREE_CITY",
    "FREE_DARK",
    "FREE_TEAL",
    "PART",
    "STRIP_H",
    "controller_text",
    "display_names",
    "hand_note",
    "is_free_city",
    "payees",
    "picking",
    "sells_text",
    "strip",
]

FREE_CITY = "Free City"
FREE_TEAL = (70, 190, 200)
FREE_DARK = (28, 70, 78)
STRIP_H = 40
register_colors([FREE_TEAL, FREE_DARK])


def is_free_city(v: ClassicView, seat: int) -> bool:
    return v.free_city is not None and seat == v.free_city.seat


def picking(v: ClassicView) -> bool:
    """Whether this view is the controller's second pick: the Free City's card."""
    return v.free_city is not None and v.free_city.picking


def display_names(v: ClassicView, names: Sequence[str]) -> list[str]:
    """A drawable name per city, the Free City's fixed: a caller may pass two names or three."""
    return _fixed_names(v, [name_of(names, s) for s in range(max(len(v.cities), len(names)))])


def controller_text(v: ClassicView, names: Sequence[str]) -> str:
    """Who plays the Free City's card this turn, from the viewer's side when it has one."""
    assert v.free_city is not None
    who = v.free_city.controller
    if v.phase == "over":
        return ""
    if v.seat == who:
        return "you play its card this turn (2nd pick)"
    return f"{name_of(names, who)} plays its card this turn"


def strip(
    c: Canvas, box: tuple[int, int, int, int], text: str, head: str = "Neutral · cannot win"
) -> None:
    """The Free City's label bar: ``head``, then ``text`` on the right."""
    x0, y0, x1, y1 = box
    c.rect(box, FREE_DARK, radius=12)
    used = c.line_in((x0 + 14, y0, x0 + 300, y1), head, 22, FREE_TEAL)
    if text:
        c.line_in((x0 + used + 30, y0, x1 - 12, y1), text, 22, FREE_TEAL, "right")


def hand_note(v: ClassicView, names: Sequence[str]) -> str:
    """The hand image's reminder of this turn's Free City pick."""
    assert v.free_city is not None
    who = v.free_city.controller
    if v.free_city.picking:
        return "Your 2nd pick: its hand, its coins, its prices"
    if v.seat == who:
        return "After your card, you pick the Free City's"
    return f"{name_of(names, who)} picks the Free City's card"


def payees(v: ClassicView, names: Sequence[str]) -> tuple[str, str]:
    """Who the Free City pays on its left and right, named from the viewer's side ("you")."""
    assert v.free_city is not None
    n = len(v.cities)
    seat = v.free_city.seat
    return tuple(  # type: ignore[return-value]
        "you" if s == v.seat else name_of(names, s) for s in ((seat - 1) % n, (seat + 1) % n)
    )


def sells_text(v: ClassicView, seat: int) -> str:
    """What a city sells, without prices (the Free City's own prices are on each card)."""
    sells = v.cities[seat].sells
    fixed = [f"{q} {r}" if q > 1 else r for r, q in sells.fixed.items()]
    return ", ".join(fixed + ["/".join(ch) for ch in sells.choices]) or "nothing"


_M = 12
_TEAL_HEAD = "The Free City's card"
_FOOT = "The Free City discards only if it can neither build nor stage"


def _other_hand(v: ClassicView, names: Sequence[str]) -> OtherHand | None:
    """While its controller picks its card, the hand image shows the Free City's hand."""
    if not picking(v):
        return None
    assert v.free_city is not None
    pay = payees(v, names)
    n = len(v.cities)
    seat = v.free_city.seat
    sellers = tuple(
        (f"{'You sell' if who == 'you' else f'{who} sells'} to the Free City", sells_text(v, nb))
        for who, nb in zip(pay, ((seat - 1) % n, (seat + 1) % n), strict=True)
    )
    return OtherHand(seat, pay, _TEAL_HEAD, FREE_TEAL, sellers, "Your own pick")


def _foot(v: ClassicView) -> str | None:
    return _FOOT if picking(v) else None


def _hand_top_h(v: ClassicView) -> int:
    """The hand's strip (this turn's Free City pick) while the game goes on."""
    return STRIP_H + 10 if v.free_city and v.phase != "over" else 0


def _hand_top(c: Canvas, v: ClassicView, names: Sequence[str], y: int) -> int:
    if not _hand_top_h(v):
        return y
    strip(c, (_M, y, WIDTH - _M, y + STRIP_H), hand_note(v, names), FREE_CITY)
    return y + _hand_top_h(v)


def _strip_h(v: ClassicView, seat: int) -> int:
    return STRIP_H if is_free_city(v, seat) else 0


def _draw_city(
    c: Canvas,
    v: ClassicView,
    city: CityView,
    box: tuple[int, int],
    names: Sequence[str],
    me: int | None,
) -> bool:
    """The Free City's row in [top, bottom): under its strip, framed in its colour."""
    if not is_free_city(v, city.seat):
        return False
    top, bottom = box
    c.rect((_M, top, WIDTH - _M, bottom), FREE_DARK, radius=14)
    strip(c, (_M, top, WIDTH - _M, top + STRIP_H), controller_text(v, names))
    city_row(c, city, top + STRIP_H, bottom - top - STRIP_H, FREE_CITY)
    c.d.rounded_rectangle((_M, top, WIDTH - _M, bottom), 14, outline=FREE_TEAL, width=3)
    return True


def _waiting(v: ClassicView, names: Sequence[str]) -> list[str]:
    """The Free City's card, while its controller has picked its own and not the city's."""
    if not v.free_city or v.free_city.seat in v.picked or v.phase != "pick":
        return []
    who = v.free_city.controller
    if who in v.to_act and who in v.picked:
        return [f"{name_of(names, who)} (Free City's card)"]
    return []


def _fixed_names(v: ClassicView, names: list[str]) -> list[str]:
    if v.free_city is not None and v.free_city.seat < len(names):
        return [*names[: v.free_city.seat], FREE_CITY, *names[v.free_city.seat + 1 :]]
    return names


def _neutral(view: Any, outcome: Outcome, names: Sequence[str]) -> tuple[int, str] | None:
    """The score sheet's Free City: from the final view, or, without one, the third score of a
    game given two names."""
    fc = getattr(view, "free_city", None)
    if fc is not None:
        return int(fc.seat), f"{FREE_CITY} (cannot win)"
    if view is None and len(names) == 2 and len(outcome.scores) == 3:
        return 2, f"{FREE_CITY} (cannot win)"
    return None


PART = TablePart(
    "free-city",
    neutral=_neutral,
    waiting=_waiting,
    display_names=_fixed_names,
    city_strip=_strip_h,
    draw_city=_draw_city,
    other_hand=_other_hand,
    foot=_foot,
    hand_top_height=_hand_top_h,
    hand_top=_hand_top,
)
