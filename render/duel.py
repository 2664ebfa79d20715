"""Duel board and wonder-draft images, phone first (800 px), drawn from a ``DuelScene``.

Top to bottom: whose turn and what to do, the military track (with a warning when a player is
one step from military supremacy, or one symbol from scientific supremacy), progress tokens,
the choice of a special phase, the pyramid (rows do not overlap, so every printed effect shows)
or the wonder draft, then the two cities, the viewer's first, and the last events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import icons
from render.duel_parts import AFFORD, NO_AFFORD, draw_pyramid, draw_track, pyramid_size
from render.duel_scene import CityScene, DuelScene, Option, WonderScene
from render.kit import DIM, GOLD, INK, PANEL, PANEL2, TEXT, Canvas, text_width, to_png
from render.widgets import (
    COLOR_ORDER,
    chip_flow,
    name_of,
    production_row,
    resource_legend,
    seat_names,
)

if TYPE_CHECKING:  # engine.duel is imported by the adapter, when a board is drawn
    from engine.duel.views import DuelView

__all__ = [
    "WIDTH",
    "city_order",
    "duel_png",
    "draw_scene",
    "pyramid_origin",
    "threats",
    "track_box",
]

WIDTH = 800
_M = 12
_ROMAN = {1: "I", 2: "II", 3: "III"}
_PER_ROW = 3  # option boxes per row in the choice panel
_OPT_H = 120
_TOP = 300  # below the header and the track
_WARN = (250, 110, 90)
_SUPREMACY_SYMBOLS = 6  # distinct science symbols that win at once
_CAPITAL = 9  # track position of a capital
_LEGEND_H = 44  # the resource legend at the bottom


def city_order(scene: DuelScene) -> tuple[int, int]:
    """First and second seats: the viewer's own city first (seat 0 for spectators)."""
    return (1, 0) if scene.viewer == 1 else (0, 1)


def track_box() -> tuple[int, int, int, int]:
    return (_M + 8, 150, WIDTH - _M - 8, 210)


def threats(s: DuelScene, names: Sequence[str]) -> list[str]:
    """Supremacy one step away: a pawn next to a capital, five different science symbols
    (none once the game is over: nothing is one step away any more)."""
    out: list[str] = []
    if s.phase == "over":
        return out
    if abs(s.pawn) == _CAPITAL - 1:
        leader = 0 if s.pawn > 0 else 1  # +9 is seat 1's capital: seat 0 pushed it there
        out.append(f"{name_of(names, leader)} is one shield from military supremacy")
    for city in s.cities:
        if len(set(city.science)) == _SUPREMACY_SYMBOLS - 1:
            out.append(f"{name_of(names, city.seat)} is one symbol from scientific supremacy")
    return out


def _title(s: DuelScene, names: Sequence[str]) -> str:
    age = f"Age {_ROMAN.get(s.age, s.age)}"
    title = "Wonder draft" if s.phase == "draft" else age
    if s.phase == "over":
        title = f"{age} · game over"
    if s.private and s.viewer is not None:
        title += f" · {name_of(names, s.viewer)}"
    return title


def _status(s: DuelScene, names: Sequence[str]) -> str:
    """Whose turn it is and what they must do (or the result once the game is over)."""
    if s.phase == "over" or s.to_act is None:
        return seat_names(s.result, names) if s.result else "Game over"
    what = (
        seat_names(s.prompt, names)
        if s.prompt
        else ("pick a Wonder" if s.phase == "draft" else "play a card")
    )
    if s.private and s.to_act == s.viewer:
        return f"Your turn: {what}"
    return f"{name_of(names, s.to_act)}: {what}"


def _header(c: Canvas, s: DuelScene, names: Sequence[str]) -> None:
    c.line_in((_M, 4, WIDTH - _M, 52), _title(s, names), 38, TEXT, min_size=20)
    c.line_in((_M, 52, WIDTH - _M, 88), _status(s, names), 26, GOLD, min_size=18)
    plural = "" if s.discard == 1 else "s"
    c.line_in((_M, 88, WIDTH - _M, 114), f"Discard pile: {s.discard} card{plural}", 20, DIM)


def _track(c: Canvas, s: DuelScene, names: Sequence[str]) -> None:
    first, second = city_order(s)
    box = track_box()
    c.rect((_M, 116, WIDTH - _M, _TOP - 8), PANEL, radius=14)
    c.line_in((_M + 12, 118, WIDTH // 2 - 10, 148), name_of(names, first), 26, TEXT, min_size=18)
    c.line_in(
        (WIDTH // 2 + 10, 118, WIDTH - _M - 12, 148), name_of(names, second), 26, TEXT, "right"
    )
    draw_track(c, box, s.pawn, s.loot, flip=first == 1)
    warn = threats(s, names)
    text = " · ".join(warn) if warn else "Military: the pawn moves one space per shield"
    c.line_in((_M + 12, 254, WIDTH - _M - 12, _TOP - 12), text, 20, _WARN if warn else DIM)


def _progress(c: Canvas, s: DuelScene, top: int) -> int:
    if not s.progress:
        return top
    c.text((_M + 4, top + 4), "Progress tokens", 20, DIM)
    n = max(1, len(s.progress))
    w = (WIDTH - 2 * _M - (n - 1) * 8) // n
    for i, name in enumerate(s.progress):
        x = _M + i * (w + 8)
        c.rect((x, top + 32, x + w, top + 76), (44, 140, 90), radius=22, outline=(200, 240, 210))
        c.line_in((x + 10, top + 32, x + w - 10, top + 76), name, 20, TEXT, "center", 16)
    return top + 84


def _option_box(c: Canvas, o: Option, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    c.rect(box, PANEL2, radius=14, outline=(120, 220, 160), width=3)
    c.line_in((x0 + 10, y0 + 6, x1 - 10, y0 + 40), o.label, 24, TEXT, min_size=16)
    c.para((x0 + 10, y0 + 42, x1 - 10, y1 - 6), o.detail, 18, DIM, min_size=16)


def _panel_height(s: DuelScene) -> int:
    if not s.panel_title and not s.options:
        return 0
    boxed = [o for o in s.options if o.detail]
    chips = [(o.label, o.color or "grey") for o in s.options if not o.detail]
    rows = -(-len(boxed) // _PER_ROW)
    h = 48 + rows * (_OPT_H + 10)
    if chips:
        h = chip_flow(None, (0, h, WIDTH - 2 * _M - 24), chips, size=22) + 12
    return h + 8


def _panel(c: Canvas, s: DuelScene, top: int, names: Sequence[str]) -> int:
    """The choice on offer in a special phase (tokens, cards to destroy or revive, seats)."""
    h = _panel_height(s)
    if not h:
        return top
    c.rect((_M, top, WIDTH - _M, top + h - 8), PANEL, radius=14)
    title = seat_names(s.panel_title, names)
    c.line_in((_M + 12, top + 6, WIDTH - _M - 12, top + 42), title, 26, GOLD, min_size=16)
    boxed = [o for o in s.options if o.detail]
    n = min(_PER_ROW, max(1, len(boxed)))
    w = (WIDTH - 2 * _M - 24 - (n - 1) * 10) // n
    y = top + 48
    for i, o in enumerate(boxed):
        x = _M + 12 + (i % _PER_ROW) * (w + 10)
        yy = y + (i // _PER_ROW) * (_OPT_H + 10)
        _option_box(c, o, (x, yy, x + w, yy + _OPT_H))
    y += -(-len(boxed) // _PER_ROW) * (_OPT_H + 10)
    chips = [(seat_names(o.label, names), o.color or "grey") for o in s.options if not o.detail]
    if chips:
        chip_flow(c, (_M + 12, y, WIDTH - _M - 12), chips, size=22)
    return top + h


_OFFER_H = 210


def _offer(c: Canvas, s: DuelScene, top: int) -> int:
    """Wonders on offer, two per row."""
    w = (WIDTH - 2 * _M - 12) // 2
    for i, wd in enumerate(s.offer):
        x = _M + (i % 2) * (w + 12)
        y = top + (i // 2) * (_OFFER_H + 10)
        c.rect((x, y, x + w, y + _OFFER_H), PANEL2, radius=14, outline=GOLD, width=3)
        c.line_in((x + 12, y + 6, x + w - 12, y + 44), wd.name, 28, GOLD, min_size=18)
        c.para((x + 12, y + 48, x + w - 12, y + 168), wd.effect, 20, TEXT, min_size=16)
        c.line_in((x + 12, y + 170, x + w - 12, y + 202), wd.cost, 20, DIM, min_size=16)
    rows = -(-len(s.offer) // 2)
    return top + rows * (_OFFER_H + 10)


def _sorted_chips(city: CityScene) -> list[tuple[str, str]]:
    rank = {col: i for i, col in enumerate(COLOR_ORDER)}
    return sorted(city.cards, key=lambda nc: rank.get(nc[1], 99))


_INNER = WIDTH - 2 * _M - 28


def _city_height(city: CityScene) -> int:
    chips = chip_flow(None, (0, 0, _INNER), _sorted_chips(city), size=20) if city.cards else 34
    prod = production_row(None, 0, 0, _INNER, city.production, city.choices, 34)
    wonders = 40 * max(1, len(city.wonders))
    extra = (34 if city.tokens else 0) + (34 if city.trade else 0)
    return 70 + wonders + 10 + max(prod, 42) + 12 + extra + chips + 16


def _wonder_row(c: Canvas, w: WonderScene, x: int, y: int, right: int) -> None:
    icons.stage(c, x, y + 5, 28, w.built)
    if w.price:  # the viewer's own unbuilt wonder: its price, green when it can be paid
        pill = AFFORD if w.affordable else NO_AFFORD
        pw = min(200, text_width(w.price, 24) + 20)
        c.rect((right - pw, y + 2, right, y + 36), pill, radius=8)
        c.line_in((right - pw + 8, y + 2, right - 6, y + 36), w.price, 24, INK, min_size=16)
        right -= pw + 10
    fill = GOLD if w.built else DIM if w.out else TEXT
    text = w.name + (
        "" if w.built else "  (left the game)" if w.out else f"  ({w.cost})" if w.cost else ""
    )
    c.line_in((x + 38, y, right, y + 38), text, 22, fill, min_size=16)


def _city(c: Canvas, city: CityScene, top: int, h: int, name: str, acting: bool) -> None:
    x, right = _M, WIDTH - _M
    c.rect((x, top, right, top + h), PANEL, radius=14, outline=GOLD if acting else None, width=3)
    c.line_in((x + 14, top + 8, right - 190, top + 58), name, 32, TEXT, min_size=20)
    icons.coin(c, right - 180, top + 8, 50, city.coins)
    if city.vp is not None:
        icons.laurel(c, right - 116, top + 8, 50, city.vp)
        c.text((right - 60, top + 33), "VP", 22, DIM, "lm")
    y = top + 70
    for w in city.wonders:
        _wonder_row(c, w, x + 14, y, right - 14)
        y += 40
    y = max(y, top + 110) + 10
    sx = x + 14
    for sym in city.science:
        icons.science(c, sx, y, 38, sym)
        sx += 44
    if city.science:
        sx += 10
    bottom = production_row(c, sx, y, right - 14, city.production, city.choices, 34)
    y = max(bottom, y + 42) + 12
    if city.trade:
        c.line_in((x + 14, y, right - 14, y + 30), city.trade, 20, DIM, min_size=16)
        y += 34
    if city.tokens:
        tokens = "Tokens: " + ", ".join(city.tokens)
        c.line_in((x + 14, y, right - 14, y + 30), tokens, 20, (120, 220, 160), min_size=16)
        y += 34
    chips = _sorted_chips(city)
    if chips:
        chip_flow(c, (x + 14, y, right - 14), chips, size=20)
    else:
        c.line_in((x + 14, y, right - 14, y + 30), "no buildings yet", 20, DIM)


def _middle_height(s: DuelScene) -> int:
    if s.phase == "draft":
        return -(-len(s.offer) // 2) * (_OFFER_H + 10)
    if any(not slot.taken for slot in s.slots):  # an emptied pyramid is not drawn
        return pyramid_size(s.age)[1]
    return 0


def pyramid_origin(s: DuelScene) -> tuple[int, int]:
    """Top-left of the pyramid on the image of ``s`` (for probes)."""
    show_progress = s.phase != "token"
    y = _TOP + (84 if s.progress and show_progress else 0) + _panel_height(s)
    return (WIDTH - pyramid_size(s.age)[0]) // 2, y


def draw_scene(s: DuelScene, names: Sequence[str]) -> Canvas:
    order = city_order(s)
    cities = {city.seat: city for city in s.cities}
    shown = [cities[k] for k in order if k in cities]
    heights = [_city_height(city) for city in shown]
    show_progress = s.phase != "token"  # the token panel lists them with their effects
    ev = s.events[:6]
    ev_h = 12 + 30 * len(ev) if ev else 0
    mid_h = _middle_height(s)
    px, py = pyramid_origin(s)
    height = py + mid_h + 16 + sum(h + 10 for h in heights) + ev_h + 12 + _LEGEND_H
    c = Canvas(WIDTH, height)
    _header(c, s, names)
    _track(c, s, names)
    y = _progress(c, s, _TOP) if show_progress else _TOP
    y = _panel(c, s, y, names)
    if s.phase == "draft":
        _offer(c, s, y)
    elif mid_h:
        draw_pyramid(c, s.age, s.slots, px, y)
    y += mid_h + 16
    for city, h in zip(shown, heights, strict=True):
        _city(c, city, y, h, name_of(names, city.seat), s.to_act == city.seat)
        y += h + 10
    for i, text in enumerate(ev):
        line = "· " + seat_names(text, names)
        c.line_in((_M, y + 4 + i * 30, WIDTH - _M, y + 32 + i * 30), line, 20, TEXT, min_size=16)
    resource_legend(c, _M + 4, height - _LEGEND_H)
    return c


def duel_png(view: DuelView, names: Sequence[str], private: bool = False) -> bytes:
    """Public board (``private=False``) or the image of ``view.seat`` with its decision aids."""
    from render.duel_adapt import scene_of  # the adapter imports engine.duel

    return to_png(draw_scene(scene_of(view, private), names))
