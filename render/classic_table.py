"""The 7 Wonders table image: one band per city, a header with the turn, the last events."""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic import ClassicView
from engine.classic.views import CityView
from engine.common import Event
from render import icons
from render.cardinfo import classic_card
from render.kit import DIM, GOLD, PANEL, PANEL2, TEXT, Canvas, drawable, text_width, to_png
from render.widgets import COLOR_ORDER, chip_flow, name_of, production_row, seat_names

__all__ = ["table_png", "city_band", "band_height"]

WIDTH = 1600
_M = 16
_LEFT_W = 430
_PROD_W = 360
_ROMAN = {1: "I", 2: "II", 3: "III"}


def _chips(city: CityView) -> list[tuple[str, str]]:
    colored = [(n, classic_card(n)[0]) for n in city.built]
    rank = {col: i for i, col in enumerate(COLOR_ORDER)}
    return sorted(colored, key=lambda nc: rank.get(nc[1], 99))


def _tick(c: Canvas, x: int, y: int) -> None:
    """'picked' badge with a drawn check mark (the bundled font has no check glyph)."""
    green = (90, 210, 120)
    c.rect((x, y, x + 100, y + 32), (36, 80, 50), radius=16)
    c.d.line((x + 10, y + 16, x + 17, y + 24, x + 28, y + 8), fill=green, width=4)
    c.text((x + 34, y + 16), "picked", 20, green, "lm")


def _mid_box(top: int) -> tuple[int, int, int]:
    return (_M + _LEFT_W + 16, top + 14, WIDTH - _M - _PROD_W - 16)


def band_height(city: CityView) -> int:
    chips_bottom = chip_flow(None, _mid_box(0), _chips(city))
    px = WIDTH - _M - _PROD_W
    prod_bottom = production_row(
        None, px + 12, 44, WIDTH - _M - 20, city.production.fixed, city.production.choices, 32
    )
    prod_bottom += 44 if city.tucked else 16
    return max(176, chips_bottom + 16, prod_bottom + 10)


def city_band(
    c: Canvas, city: CityView, top: int, height: int, name: str, highlight: bool = False
) -> None:
    """Draw one city in the band [top, top + height)."""
    x0, x1 = _M, WIDTH - _M
    c.rect(
        (x0, top, x1, top + height), PANEL, radius=14, outline=GOLD if highlight else None, width=3
    )
    lx = x0 + 16
    c.line_in((lx, top + 8, x0 + _LEFT_W - 110, top + 56), name, 36, TEXT)
    if city.has_picked:
        _tick(c, x0 + _LEFT_W - 104, top + 16)
    c.line_in(
        (lx, top + 56, x0 + _LEFT_W, top + 88), f"{city.board} {city.side} · {city.wonder}", 22, DIM
    )
    y = top + 96
    x = lx
    for k in range(city.stages_total):
        icons.stage(c, x, y, 30, k < city.stages_built)
        x += 36
    c.text((x + 4, y + 15), f"{city.stages_built}/{city.stages_total}", 26, TEXT, "lm")
    x = lx
    y2 = top + 134
    icons.coin(c, x, y2, 34, city.coins)
    icons.shield(c, x + 48, y2, 34, city.shields)
    tx = x + 96
    total = sum(city.military_tokens)
    if city.military_tokens:
        wins = sum(t for t in city.military_tokens if t > 0)
        losses = sum(1 for t in city.military_tokens if t < 0)
        icons.laurel(c, tx, y2, 34, wins)
        c.text((tx + 40, y2 + 17), f"-{losses}" if losses else "", 26, (240, 120, 120), "lm")
        tx += 90
    del total
    sci = [(k, v) for k, v in city.science.items() if v]
    for sym, count in sci:
        icons.science(c, tx, y2, 34, sym)
        c.text((tx + 38, y2 + 17), str(count), 24, TEXT, "lm")
        tx += 70
    chips = _chips(city)
    if chips:
        chip_flow(c, _mid_box(top), chips)
    else:
        mb = _mid_box(top)
        c.line_in((mb[0], mb[1], mb[2], mb[1] + 40), "no buildings yet", 24, DIM)
    px = WIDTH - _M - _PROD_W
    c.rect((px, top + 10, x1 - 10, top + height - 10), PANEL2, radius=10)
    c.text((px + 12, top + 16), "Produces", 20, DIM)
    production_row(
        c, px + 12, top + 44, x1 - 20, city.production.fixed, city.production.choices, 32
    )
    if city.tucked:
        c.line_in(
            (px + 12, top + height - 44, x1 - 20, top + height - 14),
            f"{city.tucked} card{'s' if city.tucked > 1 else ''} under the wonder",
            18,
            DIM,
        )


def _header(c: Canvas, v: ClassicView, names: Sequence[str]) -> None:
    age = _ROMAN.get(v.age, str(v.age))
    arrow = "<<" if v.pass_direction == "left" else ">>"
    title = f"Age {age} · Turn {v.turn} of 6"
    if v.phase == "over":
        title = "Game over"
    c.line_in((_M, 10, 760, 70), title, 48, TEXT)
    c.line_in(
        (760, 14, WIDTH - _M, 66),
        f"Cards pass {arrow} {v.pass_direction}  ·  Discard pile: {v.discard_size}",
        30,
        DIM,
        "right",
    )
    waiting = [name_of(names, s) for s in v.to_act if s not in v.picked]
    width = WIDTH - 2 * _M
    if v.phase == "seventh":
        text = _listing("Babylon plays its 7th card: ", waiting, width)
    elif v.phase == "discard_build":
        text = _listing("Halikarnassos builds from the discard: ", waiting, width)
    elif v.phase == "over":
        text = "Final position"
    else:
        text = _listing("Waiting for: ", waiting, width) if waiting else "All picks are in"
    c.line_in((_M, 74, WIDTH - _M, 110), text, 28, GOLD)


def _listing(head: str, items: list[str], width: int, size: int = 22) -> str:
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


def table_png(v: ClassicView, names: Sequence[str], me: int | None = None) -> bytes:
    heights = [band_height(city) for city in v.cities]
    events = _events(v, names)
    ev_h = 0 if not events else 56 + 34 * ((len(events) + 1) // 2)
    top = 124
    height = top + sum(h + 12 for h in heights) + ev_h + 8
    c = Canvas(WIDTH, height)
    _header(c, v, names)
    y = top
    for city, h in zip(v.cities, heights, strict=True):
        city_band(c, city, y, h, name_of(names, city.seat), highlight=city.seat == me)
        y += h + 12
    if events:
        c.text((_M, y + 8), "Last turn", 28, DIM)
        half = (WIDTH - 2 * _M) // 2
        for i, text in enumerate(events):
            col, row = i % 2, i // 2
            ex = _M + col * half
            c.line_in(
                (ex, y + 44 + row * 34, ex + half - 16, y + 44 + row * 34 + 32),
                "· " + text,
                26,
                TEXT,
            )
    return to_png(c)
