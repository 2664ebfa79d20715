"""The private Duel image of one seat: its options, not the board again (800 px, phone first).

The board post just above it shows the pyramid, the track, the tokens and both cities; this
image shows what that post doesn't: each card the seat may take now with its price for the
seat, what it gives in full and what it costs; the seat's unbuilt Wonders with their price and
full effect; its trading prices and what a discard pays; the choice of a special phase (with
every option's effect); and the events only this seat may see (the Great Library's draw).
"""

from __future__ import annotations

from collections.abc import Sequence

from render import icons
from render.duel import WIDTH, _offer, _status, _title
from render.duel_parts import AFFORD, NO_AFFORD, Slot
from render.duel_scene import CityScene, DuelScene, WonderScene
from render.kit import CARD_COLORS, DIM, GOLD, INK, PANEL, PANEL2, TEXT, Canvas, text_width
from render.widgets import chip_flow, seat_names

__all__ = ["hand_height", "hand_scene_png"]

_M = 12
_HEAD = 130  # title, whose turn, coins and trade line
_SECTION = 44  # a section's heading
_CARD = 124  # one card the seat may take
_WONDER = 104  # one unbuilt Wonder
_EVENT = 30
_OPTION = 92  # one option of a special phase, its effect in full


def _choices_height(s: DuelScene) -> int:
    """The choice of a special phase: a row per option with an effect, chips for the rest."""
    if not s.panel_title and not s.options:
        return 0
    boxed = [o for o in s.options if o.detail]
    chips = [(o.label, o.color or "grey") for o in s.options if not o.detail]
    h = 48 + len(boxed) * (_OPTION + 8)
    if chips:
        h = chip_flow(None, (0, h, WIDTH - 2 * _M - 24), chips, size=22) + 12
    return h + 8


def _choices(c: Canvas, s: DuelScene, top: int, names: Sequence[str]) -> int:
    h = _choices_height(s)
    if not h:
        return top
    c.rect((_M, top, WIDTH - _M, top + h - 8), PANEL, radius=14)
    title = seat_names(s.panel_title, names)
    c.line_in((_M + 12, top + 6, WIDTH - _M - 12, top + 42), title, 26, GOLD, min_size=16)
    y = top + 48
    for o in (o for o in s.options if o.detail):
        box = (_M + 12, y, WIDTH - _M - 12, y + _OPTION)
        c.rect(box, PANEL2, radius=12, outline=(120, 220, 160), width=2)
        c.line_in((box[0] + 12, y + 4, box[2] - 12, y + 38), o.label, 24, TEXT, min_size=16)
        c.para((box[0] + 12, y + 38, box[2] - 12, y + _OPTION - 4), o.detail, 20, DIM, 16)
        y += _OPTION + 8
    chips = [(seat_names(o.label, names), o.color or "grey") for o in s.options if not o.detail]
    if chips:
        chip_flow(c, (_M + 12, y, WIDTH - _M - 12), chips, size=22)
    return top + h


def _takeable(s: DuelScene) -> list[Slot]:
    return [x for x in s.slots if x.accessible and not x.taken and x.name is not None]


def _mine(s: DuelScene) -> CityScene | None:
    return next((c for c in s.cities if c.seat == s.viewer), None)


def _open_wonders(city: CityScene | None) -> list[WonderScene]:
    if city is None:
        return []
    return [w for w in city.wonders if not w.built and not w.out and w.price]


def _offer_height(s: DuelScene) -> int:
    return -(-len(s.offer) // 2) * 220 if s.phase == "draft" else 0


def hand_height(s: DuelScene, private_events: Sequence[str]) -> int:
    cards = _takeable(s) if s.phase == "play" else []
    wonders = _open_wonders(_mine(s)) if s.phase == "play" else []
    h = _HEAD + _choices_height(s) + _offer_height(s)
    if cards:
        h += _SECTION + len(cards) * (_CARD + 8)
    if wonders:
        h += _SECTION + len(wonders) * (_WONDER + 8)
    if private_events:
        h += 8 + _EVENT * len(private_events)
    return h + 16


def _pill(c: Canvas, right: int, y: int, text: str, ok: bool | None) -> int:
    """The seat's price, right-aligned, green when it can pay; returns the pill's left x."""
    w = min(260, text_width(text, 24) + 24)
    c.rect((right - w, y, right, y + 38), AFFORD if ok else NO_AFFORD, radius=10)
    c.line_in((right - w + 10, y, right - 10, y + 38), text, 24, INK, "center", min_size=16)
    return right - w


def _card_row(c: Canvas, slot: Slot, top: int) -> None:
    x0, x1 = _M, WIDTH - _M
    fill = CARD_COLORS.get(slot.color, (110, 110, 110))
    c.rect((x0, top, x1, top + _CARD), PANEL, radius=12, outline=fill, width=3)
    c.rect((x0, top, x0 + 14, top + _CARD), fill, radius=6)
    left = _pill(c, x1 - 12, top + 8, slot.price, slot.affordable)
    c.line_in((x0 + 26, top + 6, left - 12, top + 46), f"#{slot.index} {slot.name}", 28, TEXT)
    c.para((x0 + 26, top + 48, x1 - 14, top + 96), slot.gives, 24, GOLD, min_size=16)
    cost = f"cost {slot.cost}" if slot.cost else "no cost"
    c.line_in((x0 + 26, top + 96, x1 - 14, top + _CARD - 4), cost, 18, DIM, min_size=16)


def _wonder_row(c: Canvas, w: WonderScene, top: int) -> None:
    x0, x1 = _M, WIDTH - _M
    c.rect((x0, top, x1, top + _WONDER), PANEL2, radius=12, outline=GOLD, width=2)
    left = _pill(c, x1 - 12, top + 8, w.price, w.affordable)
    c.line_in((x0 + 16, top + 6, left - 12, top + 46), w.name, 26, GOLD)
    c.para((x0 + 16, top + 46, x1 - 14, top + 78), w.effect, 20, TEXT, min_size=16)
    c.line_in((x0 + 16, top + 78, x1 - 14, top + _WONDER - 4), f"cost {w.cost}", 18, DIM)


def _head(c: Canvas, s: DuelScene, names: Sequence[str]) -> None:
    """Title and the seat's coins (a key figure), whose turn, its trading prices."""
    city = _mine(s)
    right = WIDTH - _M
    if city is not None:
        icons.coin(c, right - 48, 4, 46, city.coins)
        right -= 60
    c.line_in((_M, 4, right, 52), _title(s, names), 38, TEXT, min_size=20)
    c.line_in((_M, 52, WIDTH - _M, 88), _status(s, names), 26, GOLD, min_size=18)
    trade = city.trade if city is not None and city.trade else "Your coins are top right"
    c.line_in((_M, 90, WIDTH - _M, 122), trade, 20, DIM, min_size=16)


def _section(c: Canvas, y: int, text: str) -> int:
    c.line_in((_M + 4, y + 6, WIDTH - _M, y + _SECTION - 4), text, 24, TEXT)
    return y + _SECTION


def draw_hand(s: DuelScene, names: Sequence[str], private_events: Sequence[str]) -> Canvas:
    c = Canvas(WIDTH, hand_height(s, private_events))
    _head(c, s, names)
    y = _choices(c, s, _HEAD, names)
    if s.phase == "draft":
        y = _offer(c, s, y)
    cards = _takeable(s) if s.phase == "play" else []
    if cards:
        y = _section(c, y, "Cards you can take now (your price)")
        for slot in cards:
            _card_row(c, slot, y)
            y += _CARD + 8
    wonders = _open_wonders(_mine(s)) if s.phase == "play" else []
    if wonders:
        y = _section(c, y, "Your Wonders still to build (your price)")
        for w in wonders:
            _wonder_row(c, w, y)
            y += _WONDER + 8
    for i, text in enumerate(private_events):
        line = "· " + seat_names(text, names)
        box = (_M, y + 8 + i * _EVENT, WIDTH - _M, y + 8 + (i + 1) * _EVENT)
        c.line_in(box, line, 20, TEXT, min_size=16)
    return c


def hand_scene_png(s: DuelScene, names: Sequence[str], private_events: Sequence[str]) -> bytes:
    from render.kit import to_png

    return to_png(draw_hand(s, names, private_events))
