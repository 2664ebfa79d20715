"""The 7 Wonders table image, phone first (800 px wide, read at ~400 px on a phone).

``table_png``: a header with the turn and who is still to pick, then one compact row per city
(coins, shields, military, wonder stages, science, card counts by colour, production), the last
turn's events and a one-line legend of the icons. ``detail_png``: the same rows with every built
card named, for ``/wonders board detail:true``. What an expansion adds (a step's title, a longer
Age, a neutral city's row, its panel under the cities) comes from its registered part
(render.table_parts); this module names none.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic import ClassicView
from engine.classic.views import CityView
from engine.common import Event
from render import classic_parts as _classic_parts  # noqa: F401  (the expansions' parts)
from render import icons
from render.cardinfo import classic_card
from render.city_row import WIDTH, city_row, row_height
from render.kit import DIM, GOLD, TEXT, Canvas, drawable, text_width, to_png
from render.table_parts import drawn_names, first, last_turn, parts
from render.widgets import (
    COLOR_ORDER,
    SIMULTANEOUS,
    chip_flow,
    name_of,
    resource_legend,
    seat_names,
)

__all__ = ["WIDTH", "detail_png", "legend", "table_png"]

_M = 12
_ROMAN = {1: "I", 2: "II", 3: "III"}
_EVENT_H = 32
_LEGEND_H = 96


# The base game's steps where one seat plays alone: the head of their waiting line.
_PHASE_HEADS = {
    "seventh": "Babylon plays its 7th card: ",
    "discard_build": "Halikarnassos builds from the discard: ",
}


def _header(c: Canvas, v: ClassicView, names: Sequence[str]) -> int:
    """Title, passing direction and the waiting line; returns the y below them."""
    age = _ROMAN.get(v.age, str(v.age))
    title = first(p.title(v, age) for p in parts())
    if title is None:
        last = last_turn(v)
        title = "Game over" if v.phase == "over" else f"Age {age} · Turn {v.turn} of {last}"
    c.line_in((_M, 6, WIDTH - _M, 58), title, 40, TEXT)
    c.line_in(
        (_M, 58, WIDTH - _M, 90),
        f"Cards pass {v.pass_direction} · Discard pile: {v.discard_size}",
        24,
        DIM,
    )
    waiting = [name_of(names, s) for s in v.to_act if s not in v.picked]
    waiting += [who for p in parts() for who in p.waiting(v, names)]
    width = WIDTH - 2 * _M
    heads = dict(_PHASE_HEADS)
    for p in parts():
        heads.update(p.phase_heads)
    if v.phase in heads:
        text = _listing(heads[v.phase], waiting, width)
    elif v.phase == "over":
        text = "Final position"
    else:
        text = _pick_line(waiting, len(v.to_act) > 1 and not v.picked, width)
    c.line_in((_M, 92, WIDTH - _M, 126), text, 24, GOLD)
    return 134


def _pick_line(waiting: list[str], starts: bool, width: int) -> str:
    """The waiting line of a turn of picks. A board posted as a turn of simultaneous picks
    ``starts`` never changes, while the AIs pick a moment later: naming who is left would be
    stale at once ("Waiting for … Euclid (AI)"), so it says how the turn works and leaves the
    live list to the status message. Later (``/wonders board``) it names who is left."""
    if not waiting:
        return "All picks are in"
    if starts:
        return SIMULTANEOUS
    return _listing("Waiting for: ", waiting, width)


def _listing(head: str, items: list[str], width: int, size: int = 24) -> str:
    """``head`` and as many ``items`` as fit ``width`` at ``size``, the rest counted ("+2
    more"): a line cut short would silently drop the last names."""
    for shown in range(len(items), 0, -1):
        rest = len(items) - shown
        text = head + ", ".join(items[:shown]) + (f" +{rest} more" if rest else "")
        if text_width(drawable(text), size) <= width:
            return text
    return f"{head}{len(items)} players"


def _event_text(v: ClassicView, e: Event, names: Sequence[str]) -> str:
    """The engine's sentence with display names, plus the trade it paid ('paid Bo 2')."""
    text = seat_names(e.text, names).rstrip(".")
    seat = e.data.get("seat")
    if isinstance(seat, int):
        n = len(v.cities)
        paid = [
            f"{name_of(names, nb)} {amount}"
            for nb, amount in (
                ((seat - 1) % n, e.data.get("left", 0)),
                ((seat + 1) % n, e.data.get("right", 0)),
            )
            if isinstance(amount, int) and amount > 0
        ]
        if paid:
            text += " (paid " + ", ".join(paid) + ")"
    return text


def _events(v: ClassicView, names: Sequence[str]) -> list[str]:
    return [
        _event_text(v, e, names)
        for e in v.last_events
        if e.kind not in ("picked", "pick") and e.text
    ]


def legend(c: Canvas | None, y: int) -> int:
    """Two lines naming every icon (resources, coins, shields, military points); returns bottom."""
    if c is None:
        return y + _LEGEND_H
    resource_legend(c, _M + 4, y)
    x = _M + 4
    y2 = y + 46
    for draw, label in (
        (icons.coin, "coins"),
        (icons.shield, "shields"),
        (icons.laurel, "military points"),
    ):
        draw(c, x, y2 + 4, 28, None)
        x += 36 + c.line_in((x + 36, y2, x + 220, y2 + 36), label, 20, DIM, min_size=16) + 16
    icons.stage(c, x, y2 + 6, 26, True)
    c.line_in((x + 32, y2, WIDTH - _M, y2 + 36), "wonder stages · cards by colour", 20, DIM)
    return y + _LEGEND_H


def _rows(v: ClassicView) -> list[int]:
    """Each city's row height, with the strips the expansions put above it."""
    return [row_height(c) + sum(p.city_strip(v, c.seat) for p in parts()) for c in v.cities]


def _city(
    c: Canvas,
    v: ClassicView,
    city: CityView,
    box: tuple[int, int],
    names: Sequence[str],
    me: int | None,
) -> None:
    """A city's row in [top, bottom), unless an expansion draws it (the Free City)."""
    if any(p.draw_city(c, v, city, box, names, me) for p in parts()):
        return
    top, bottom = box
    city_row(c, city, top, bottom - top, name_of(names, city.seat), highlight=city.seat == me)


def table_png(v: ClassicView, names: Sequence[str], me: int | None = None) -> bytes:
    """The compact public table: one row per city, the expansions' panels, events, legend."""
    names = drawn_names(v, names)
    heights = _rows(v)
    events = _events(v, names)
    ev_h = 0 if not events else 44 + _EVENT_H * len(events)
    panels_h = sum(p.panel_height(v, names) for p in parts())
    height = 134 + sum(h + 10 for h in heights) + panels_h + ev_h + _LEGEND_H
    height += 10
    c = Canvas(WIDTH, height)
    y = _header(c, v, names)
    for city, h in zip(v.cities, heights, strict=True):
        _city(c, v, city, (y, y + h), names, me)
        y += h + 10
    for p in parts():
        y = p.panel(c, v, names, y, WIDTH)
    if events:
        c.text((_M, y + 4), "Last turn", 24, DIM)
        for i, text in enumerate(events):
            top = y + 40 + i * _EVENT_H
            c.line_in((_M, top, WIDTH - _M, top + _EVENT_H), "· " + text, 20, TEXT, min_size=16)
        y += ev_h
    legend(c, y + 4)
    return to_png(c)


def _chips(city: CityView) -> list[tuple[str, str]]:
    rank = {col: i for i, col in enumerate(COLOR_ORDER)}
    colored = [(n, classic_card(n)[0]) for n in city.built]
    return sorted(colored, key=lambda nc: rank.get(nc[1], 99))


def _chip_box(top: int) -> tuple[int, int, int]:
    return (_M + 14, top, WIDTH - _M - 14)


def detail_png(v: ClassicView, names: Sequence[str], me: int | None = None) -> bytes:
    """Every city in full: its compact row, then each built card by name in its colour."""
    names = drawn_names(v, names)
    heights = _rows(v)
    chip_h = [chip_flow(None, _chip_box(0), _chips(city), 22) + 16 for city in v.cities]
    height = 134 + sum(h + ch + 10 for h, ch in zip(heights, chip_h, strict=True)) + 10
    c = Canvas(WIDTH, height)
    y = _header(c, v, names)
    for city, h, ch in zip(v.cities, heights, chip_h, strict=True):
        _city(c, v, city, (y, y + h + ch), names, me)
        if city.built:
            chip_flow(c, _chip_box(y + h - 4), _chips(city), 22)
        y += h + ch + 10
    return to_png(c)
