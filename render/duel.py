"""Duel board and wonder-draft images, drawn from a ``DuelScene``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import icons
from render.duel_parts import AFFORD, NO_AFFORD, draw_pyramid, draw_track, pyramid_size
from render.duel_scene import CityScene, DuelScene, Option, WonderScene
from render.kit import DIM, GOLD, INK, PANEL, PANEL2, TEXT, Canvas, text_width, to_png
from render.widgets import COLOR_ORDER, chip_flow, name_of, production_row, seat_names

if TYPE_CHECKING:  # engine.duel is imported by the adapter, when a board is drawn
    from engine.duel.views import DuelView

__all__ = ["WIDTH", "city_order", "duel_png", "draw_scene", "track_box"]

WIDTH = 1600
_M = 16
_ROMAN = {1: "I", 2: "II", 3: "III"}
_CITY_W = (WIDTH - 3 * _M) // 2
_PER_ROW = 5  # option boxes per row in the choice panel
_OPT_H = 120


def city_order(scene: DuelScene) -> tuple[int, int]:
    """Left and right seats: the viewer's own city on the left (seat 0 for spectators)."""
    return (1, 0) if scene.viewer == 1 else (0, 1)


def track_box() -> tuple[int, int, int, int]:
    return (_M + 150, 118, WIDTH - _M - 150, 196)


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
    c.line_in((_M, 8, 560, 68), _title(s, names), 44, TEXT, min_size=20)
    c.line_in((580, 12, WIDTH - _M, 64), _status(s, names), 34, GOLD, "right", min_size=18)
    plural = "" if s.discard == 1 else "s"
    c.line_in((_M, 70, WIDTH - _M, 104), f"Discard pile: {s.discard} card{plural}", 24, DIM)


def _track(c: Canvas, s: DuelScene, names: Sequence[str]) -> None:
    left, right = city_order(s)
    box = track_box()
    c.rect((_M, 108, WIDTH - _M, 250), PANEL, radius=14)
    c.line_in((_M + 12, 120, box[0] - 10, 196), name_of(names, left), 28, TEXT, min_size=20)
    c.line_in(
        (box[2] + 10, 120, WIDTH - _M - 12, 196),
        name_of(names, right),
        28,
        TEXT,
        "right",
        min_size=20,
    )
    draw_track(c, box, s.pawn, s.loot, flip=left == 1)
    c.line_in(
        (_M + 12, 214, WIDTH - _M - 12, 244),
        "Military: the pawn moves one space per shield toward the rival capital",
        20,
        DIM,
    )


def _progress(c: Canvas, s: DuelScene, top: int) -> int:
    if not s.progress:
        return top
    c.text((_M + 4, top + 30), "Progress", 26, DIM, "lm")
    x = _M + 130
    w = (WIDTH - _M - x) // max(5, len(s.progress)) - 10
    for name in s.progress:
        c.rect(
            (x, top + 4, x + w, top + 56),
            (44, 140, 90),
            radius=26,
            outline=(200, 240, 210),
            width=2,
        )
        c.line_in((x + 14, top + 4, x + w - 14, top + 56), name, 26, TEXT, "center")
        x += w + 10
    return top + 70


def _option_box(c: Canvas, o: Option, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    c.rect(box, PANEL2, radius=14, outline=(120, 220, 160), width=3)
    c.line_in((x0 + 14, y0 + 6, x1 - 14, y0 + 44), o.label, 30, TEXT, min_size=16)
    c.para((x0 + 14, y0 + 48, x1 - 14, y1 - 8), o.detail, 22, DIM, min_size=14)


def _panel_height(s: DuelScene) -> int:
    if not s.panel_title and not s.options:
        return 0
    boxed = [o for o in s.options if o.detail]
    chips = [(o.label, o.color or "grey") for o in s.options if not o.detail]
    rows = -(-len(boxed) // _PER_ROW)
    h = 48 + rows * (_OPT_H + 12)
    if chips:
        h = chip_flow(None, (0, h, WIDTH - 2 * _M), chips, size=26) + 12
    return h + 8


def _panel(c: Canvas, s: DuelScene, top: int, names: Sequence[str]) -> int:
    """The choice on offer in a special phase (tokens, cards to destroy or revive, seats)."""
    h = _panel_height(s)
    if not h:
        return top
    c.rect((_M, top, WIDTH - _M, top + h - 8), PANEL, radius=14)
    c.line_in(
        (_M + 16, top + 6, WIDTH - _M - 16, top + 44),
        seat_names(s.panel_title, names),
        30,
        GOLD,
        min_size=16,
    )
    boxed = [o for o in s.options if o.detail]
    n = min(_PER_ROW, max(1, len(boxed)))
    w = (WIDTH - 2 * _M - 32 - (n - 1) * 12) // n
    y = top + 48
    for i, o in enumerate(boxed):
        x = _M + 16 + (i % _PER_ROW) * (w + 12)
        yy = y + (i // _PER_ROW) * (_OPT_H + 12)
        _option_box(c, o, (x, yy, x + w, yy + _OPT_H))
    y += -(-len(boxed) // _PER_ROW) * (_OPT_H + 12)
    chips = [(seat_names(o.label, names), o.color or "grey") for o in s.options if not o.detail]
    if chips:
        chip_flow(c, (_M + 16, y, WIDTH - _M - 16), chips, size=26)
    return top + h


def _offer(c: Canvas, s: DuelScene, top: int) -> int:
    n = max(1, len(s.offer))
    w = (WIDTH - 2 * _M - (n - 1) * 16) // n
    for i, wd in enumerate(s.offer):
        x = _M + i * (w + 16)
        c.rect((x, top, x + w, top + 250), PANEL2, radius=16, outline=GOLD, width=3)
        c.para((x + 16, top + 12, x + w - 16, top + 96), wd.name, 36, GOLD, min_size=18)
        c.para((x + 16, top + 100, x + w - 16, top + 200), wd.effect, 24, TEXT, min_size=14)
        c.line_in((x + 16, top + 206, x + w - 16, top + 240), wd.cost, 24, DIM)
    return top + 266


def _city_height(city: CityScene) -> int:
    chips = _sorted_chips(city)
    bottom = chip_flow(None, (0, 0, _CITY_W - 32), chips, size=22)
    return 330 + bottom + (40 if city.tokens else 0) + (36 if city.trade else 0)


def _sorted_chips(city: CityScene) -> list[tuple[str, str]]:
    rank = {col: i for i, col in enumerate(COLOR_ORDER)}
    return sorted(city.cards, key=lambda nc: rank.get(nc[1], 99))


def _wonder_row(c: Canvas, w: WonderScene, x: int, y: int, right: int) -> None:
    icons.stage(c, x, y + 4, 28, w.built)
    if w.price:  # the viewer's own unbuilt wonder: its price, green when it can be paid
        pill = AFFORD if w.affordable else NO_AFFORD
        pw = min(180, text_width(w.price, 22) + 20)
        c.rect((right - pw, y + 3, right, y + 33), pill, radius=8)
        c.line_in((right - pw + 8, y + 3, right - 6, y + 33), w.price, 22, INK, min_size=14)
        right -= pw + 10
    fill = GOLD if w.built else DIM if w.out else TEXT
    text = w.name + (
        "" if w.built else "  (left the game)" if w.out else f"  ({w.cost})" if w.cost else ""
    )
    c.line_in((x + 40, y, right, y + 36), text, 26, fill, min_size=14)


def _city(c: Canvas, city: CityScene, x: int, top: int, h: int, name: str, acting: bool) -> None:
    c.rect(
        (x, top, x + _CITY_W, top + h), PANEL, radius=14, outline=GOLD if acting else None, width=3
    )
    c.line_in((x + 16, top + 8, x + _CITY_W - 200, top + 56), name, 36, TEXT, min_size=24)
    icons.coin(c, x + _CITY_W - 180, top + 12, 40, city.coins)
    if city.vp is not None:
        icons.laurel(c, x + _CITY_W - 120, top + 12, 40, city.vp)
        c.text((x + _CITY_W - 74, top + 32), "VP", 20, DIM, "lm")
    y = top + 64
    for w in city.wonders:
        _wonder_row(c, w, x + 16, y, x + _CITY_W - 16)
        y += 38
    y = max(y, top + 64 + 4 * 38) + 6
    sx = x + 16
    for sym in city.science:
        icons.science(c, sx, y, 36, sym)
        sx += 42
    if city.science:
        sx += 12
    production_row(c, sx, y, x + _CITY_W - 16, city.production, city.choices, 34)
    y += 52
    if city.trade:
        c.line_in((x + 16, y, x + _CITY_W - 16, y + 30), city.trade, 22, DIM, min_size=14)
        y += 36
    if city.tokens:
        c.line_in(
            (x + 16, y, x + _CITY_W - 16, y + 32),
            "Tokens: " + ", ".join(city.tokens),
            24,
            (120, 220, 160),
        )
        y += 40
    chips = _sorted_chips(city)
    if chips:
        chip_flow(c, (x + 16, y, x + _CITY_W - 16), chips, size=22)
    else:
        c.line_in((x + 16, y, x + _CITY_W - 16, y + 34), "no buildings yet", 22, DIM)


def draw_scene(s: DuelScene, names: Sequence[str]) -> Canvas:
    left, right = city_order(s)
    cities = {city.seat: city for city in s.cities}
    pw, ph = pyramid_size(s.age)
    pyramid = any(not slot.taken for slot in s.slots)  # an emptied pyramid is not drawn
    mid_h = 266 if s.phase == "draft" else ph if pyramid else 0
    show_progress = s.phase != "token"  # the token panel lists them with their effects
    prog_h = 70 if s.progress and show_progress else 0
    city_h = max((_city_height(cities[k]) for k in (left, right) if k in cities), default=0)
    ev_h = 16 + 32 * min(6, len(s.events)) if s.events else 0
    height = 262 + prog_h + _panel_height(s) + mid_h + 20 + city_h + ev_h + 16
    c = Canvas(WIDTH, height)
    _header(c, s, names)
    _track(c, s, names)
    y = _progress(c, s, 262) if show_progress else 262
    y = _panel(c, s, y, names)
    if s.phase == "draft":
        y = _offer(c, s, y)
    elif pyramid:
        draw_pyramid(c, s.age, s.slots, (WIDTH - pw) // 2, y)
        y += ph
    y += 20
    for k, x in ((left, _M), (right, 2 * _M + _CITY_W)):
        if k in cities:
            _city(c, cities[k], x, y, city_h, name_of(names, k), s.to_act == k)
    y += city_h + 8
    for i, text in enumerate(s.events[:6]):
        c.line_in(
            (_M, y + 8 + i * 32, WIDTH - _M, y + 38 + i * 32),
            "· " + seat_names(text, names),
            24,
            TEXT,
            min_size=14,
        )
    return c


def duel_png(view: DuelView, names: Sequence[str], private: bool = False) -> bytes:
    """Public board (``private=False``) or the image of ``view.seat`` with its decision aids."""
    from render.duel_adapt import scene_of  # the adapter imports engine.duel

    return to_png(draw_scene(scene_of(view, private), names))
