"""The wonder-pick phase (table option ``wonders: choose`` / ``sides: choose``), phone first.

``choice_png``: a seat's private image, every board it may pick (name, wonder, side(s),
starting resource, each stage's cost and gain), or, once it has picked or holds a board, that
board with its status. ``table_png``: the public image, one row per seat saying whether it
holds a board (which, once revealed), has picked (never what) or is still choosing; after a
clash, the draw and the boards still free. Both read only the view: the public image is drawn
from ``wonder_pick.seated`` / ``picked`` and public events, never from a seat's options.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.classic import ClassicView, board_names, wonder_info
from engine.classic.board_text import stage_gains
from engine.classic.views import WonderPickView
from engine.common import Event
from engine.wording import and_list
from render import icons
from render.kit import DIM, GOLD, PANEL, PANEL2, TEXT, Canvas, to_png, wrap
from render.widgets import SIMULTANEOUS, cost_row, name_of, seat_names

__all__ = ["Pickable", "choice_png", "free_city_seat", "table_png"]

WIDTH = 800
_M = 12
_HEAD_H = 60  # a board panel's name line
_SIDE_H = 132  # one side's row of stages
_COST = 36  # cost icons; a 'x4' count is drawn at 24 px (12 px on a phone)
_ROW_H = 72  # a seat's row on the public image
_GREEN = (90, 210, 120)
_CLASH = (240, 160, 80)


@dataclass(frozen=True)
class Pickable:
    """A board with the side(s) on offer, in the order the engine lists them."""

    board: str
    sides: tuple[str, ...]


def _phase(v: ClassicView) -> WonderPickView:
    if v.wonder_pick is None:
        raise ValueError(f"not a wonder-pick view (phase {v.phase!r})")
    return v.wonder_pick


def free_city_seat(v: ClassicView) -> int | None:
    """The 2-player game's Free City during the pick: the one seat that never picks (it gets
    a board by draw once both players are seated), i.e. unseated, not to act, not picked."""
    wp = _phase(v)
    for seat, held in enumerate(wp.seated):
        if held is None and seat not in v.to_act and seat not in wp.picked:
            return seat
    return None


def _names(v: ClassicView, names: Sequence[str]) -> list[str]:
    out = [name_of(names, s) for s in range(len(_phase(v).seated))]
    fc = free_city_seat(v)
    if fc is not None:
        out[fc] = "Free City"
    return out


def _parse_pick(move: str | None) -> tuple[str, str] | None:
    """'board:Rhodos:A' -> ('Rhodos', 'A')."""
    parts = (move or "").split(":")
    return (parts[1], parts[2]) if len(parts) == 3 and parts[0] == "board" else None


def _held(label: str | None) -> tuple[str, str] | None:
    """'Rhodos A' (the view's seated text) -> ('Rhodos', 'A')."""
    if not label or " " not in label:
        return None
    board, side = label.rsplit(" ", 1)
    return (
        (board, side)
        if board in board_names(("cities", "leaders")) and side in ("A", "B")
        else None
    )


def pickables(v: ClassicView) -> list[Pickable]:
    """The viewer's options grouped by board (both sides of a board in one panel)."""
    order: dict[str, list[str]] = {}
    for opt in _phase(v).options:
        order.setdefault(opt.board, []).append(opt.side)
    return [Pickable(b, tuple(s)) for b, s in order.items()]


def _stage_box(c: Canvas, box: tuple[int, int, int, int], cost: dict[str, int], gain: str) -> None:
    x0, y0, x1, y1 = box
    c.rect(box, PANEL2, radius=10)
    units = sum(cost.values()) if all(q <= 3 for q in cost.values()) else 0
    size = _COST if units * (_COST + 3) <= x1 - x0 - 16 else 28
    cost_row(c, x0 + 8, y0 + 8, cost, 0, size)
    c.para((x0 + 8, y0 + 52, x1 - 6, y1 - 4), gain.replace("+", " + "), 24, TEXT, min_size=20)


def _side_row(c: Canvas, board: str, side: str, top: int, mine: bool) -> int:
    """One side's stages left to right; returns the row's height."""
    stages = wonder_info(board, side)["stages"]
    gains = stage_gains(board, side)
    x0, x1 = _M + 12, WIDTH - _M - 12
    c.rect((x0, top + 8, x0 + 48, top + _SIDE_H - 8), GOLD if mine else (70, 78, 98), radius=10)
    c.text((x0 + 24, top + _SIDE_H // 2), side, 34, (16, 16, 20) if mine else TEXT, "mm")
    left = x0 + 58
    w = (x1 - left - 8 * (len(stages) - 1)) // len(stages)
    for i, (st, gain) in enumerate(zip(stages, gains, strict=True)):
        x = left + i * (w + 8)
        _stage_box(c, (x, top + 8, x + w, top + _SIDE_H - 8), st["cost"], gain)
    return _SIDE_H


def _panel_height(p: Pickable) -> int:
    return _HEAD_H + len(p.sides) * _SIDE_H + 8


def _board_panel(c: Canvas, p: Pickable, top: int, mine: tuple[str, str] | None) -> int:
    """A board: city, wonder and starting resource, then a row per side offered."""
    info = wonder_info(p.board, p.sides[0])
    h = _panel_height(p)
    chosen = mine is not None and mine[0] == p.board
    c.rect(
        (_M, top, WIDTH - _M, top + h), PANEL, radius=14, outline=GOLD if chosen else None, width=4
    )
    c.line_in((_M + 14, top + 6, _M + 270, top + 54), info["board"], 34, TEXT, min_size=24)
    res = info["resource"]
    if res:  # Roma (Leaders) produces no resource
        icons.icon(c, _M + 276, top + 12, 36, res)
    c.line_in((_M + 318, top + 10, _M + 420, top + 50), res or "none", 22, DIM)
    c.line_in((_M + 420, top + 10, WIDTH - _M - 14, top + 50), info["wonder"], 22, DIM, "right")
    y = top + _HEAD_H
    for side in p.sides:
        y += _side_row(c, p.board, side, y, chosen and mine is not None and mine[1] == side)
    return h


def _status_line(v: ClassicView, names: list[str]) -> tuple[str, tuple[int, int, int]]:
    wp = _phase(v)
    seat = v.seat if v.seat is not None else -1
    held = _held(wp.seated[seat]) if 0 <= seat < len(wp.seated) else None
    if held:
        return f"You hold {held[0]} side {held[1]}", GOLD
    pick = _parse_pick(v.my_pick)
    if pick:
        return f"Your pick: {pick[0]} side {pick[1]} (hidden until all have picked)", GOLD
    taken = [f"{lab} ({names[s]})" for s, lab in enumerate(wp.seated) if lab]
    if taken:
        return "Taken: " + ", ".join(taken), _CLASH
    return "Pick one; nobody sees it until all have picked", DIM


def _own_panels(v: ClassicView) -> tuple[list[Pickable], tuple[str, str] | None]:
    """What to draw: the options, or the board the viewer picked / holds."""
    wp = _phase(v)
    seat = v.seat if v.seat is not None else -1
    held = _held(wp.seated[seat]) if 0 <= seat < len(wp.seated) else None
    mine = held or _parse_pick(v.my_pick)
    offered = pickables(v)
    if not offered and mine:
        offered = [Pickable(mine[0], (mine[1],))]
    return offered, mine


def choice_png(v: ClassicView, names: Sequence[str]) -> bytes:
    """The viewer's private wonder pick: the boards it may choose, each stage in full."""
    wp = _phase(v)
    shown = _names(v, names)
    panels, mine = _own_panels(v)
    height = 150 + sum(_panel_height(p) + 10 for p in panels) + (60 if not panels else 0) + 50
    c = Canvas(WIDTH, height)
    what = "side" if len(panels) == 1 and len(panels[0].sides) == 2 else "wonder"
    c.line_in((_M, 6, WIDTH - _M, 56), f"Choose your {what} · round {wp.round}", 36, TEXT)
    text, col = _status_line(v, shown)
    c.line_in((_M, 60, WIDTH - _M, 96), text, 24, col)
    c.line_in((_M, 98, WIDTH - _M, 134), _who_line(v, shown), 22, DIM)
    y = 146
    for p in panels:
        y += _board_panel(c, p, y, mine) + 10
    if not panels:
        c.line_in((_M, y, WIDTH - _M, y + 50), "Nothing to pick: wait for the others", 28, DIM)
        y += 60
    c.line_in(
        (_M, y, WIDTH - _M, y + 40), "Stage costs left to right: build them in order", 20, DIM
    )
    return to_png(c)


def _who_line(v: ClassicView, names: list[str]) -> str:
    wp = _phase(v)
    picked = [names[s] for s in wp.picked]
    waiting = [names[s] for s in v.to_act if s not in wp.picked and s not in v.picked]
    parts = []
    if picked:
        parts.append("Picked: " + ", ".join(picked))
    if waiting:
        parts.append("Choosing: " + ", ".join(waiting))
    return " · ".join(parts) or "Every pick is in"


def _hourglass(c: Canvas, x: int, y: int, s: int) -> None:
    """A drawn hourglass (the fonts have no emoji): 'still choosing'."""
    top = [(x, y), (x + s, y), (x + s // 2, y + s // 2)]
    bottom = [(x + s // 2, y + s // 2), (x, y + s), (x + s, y + s)]
    c.d.polygon(top, fill=(120, 128, 150))
    c.d.polygon(bottom, fill=GOLD)


def _badge(c: Canvas, box: tuple[int, int, int, int], state: str, label: str) -> None:
    x0, y0, x1, y1 = box
    mid = (y0 + y1) // 2
    if state == "seated":
        c.rect((x0, y0 + 6, x1, y1 - 6), (70, 60, 20), radius=12, outline=GOLD, width=2)
        c.line_in((x0 + 12, y0 + 6, x1 - 12, y1 - 6), label, 26, GOLD, "center")
    elif state == "picked":
        c.rect((x1 - 170, y0 + 12, x1, y1 - 12), (36, 80, 50), radius=16)
        c.d.line((x1 - 156, mid, x1 - 146, mid + 10, x1 - 130, mid - 10), fill=_GREEN, width=4)
        c.text((x1 - 120, mid), "picked", 24, _GREEN, "lm")
    elif state == "choosing":
        _hourglass(c, x1 - 170, mid - 14, 28)
        c.text((x1 - 134, mid), "choosing", 24, DIM, "lm")
    else:
        c.line_in((x0, y0, x1, y1), label, 22, DIM, "right")


def _seat_state(v: ClassicView, seat: int, fc: int | None) -> tuple[str, str]:
    wp = _phase(v)
    held = wp.seated[seat]
    if held:
        return "seated", held
    if seat == fc:
        return "neutral", "neutral: gets a free board by draw"
    if seat in wp.picked:
        return "picked", ""
    return "choosing", ""


def _events(v: ClassicView, names: list[str]) -> list[tuple[str, tuple[int, int, int]]]:
    out = []
    for e in v.last_events:
        text = _event_text(e, names)
        if text:
            out.append((text, _CLASH if e.kind == "wonder_draw" else TEXT))
    return out


def _event_text(e: Event, names: list[str]) -> str:
    if e.kind == "wonder_draw":
        seats, winner = e.data.get("seats"), e.data.get("winner")
        if isinstance(seats, list) and isinstance(winner, int):
            who = [names[s] for s in seats if isinstance(s, int) and 0 <= s < len(names)]
            others = [n for s, n in zip(seats, who, strict=False) if s != winner]
            return (
                f"Clash: {', '.join(who)} chose {e.data.get('board')}; the draw gave it to "
                f"{names[winner]}; {and_list(others)} {'picks' if len(others) == 1 else 'pick'} "
                "again"
            )
    if e.kind == "wonder_seated":
        return seat_names(e.text, names).rstrip(".")
    return ""


def _counter(c: Canvas, v: ClassicView, fc: int | None) -> None:
    """'2/4' seats holding a board or picked this round, top right."""
    wp = _phase(v)
    seats = [s for s in range(len(wp.seated)) if s != fc]
    done = sum(1 for s in seats if wp.seated[s] or s in wp.picked)
    c.text((WIDTH - _M - 82, 34), f"{done}/{len(seats)}", 34, GOLD, "rm")
    c.text((WIDTH - _M - 74, 34), "picked", 22, DIM, "lm")


def _boards_left(v: ClassicView) -> list[str]:
    held = {h[0] for h in (_held(s) for s in _phase(v).seated) if h}
    cities = "cities" in v.expansions
    return [b for b in board_names(("cities",) if cities else ()) if b not in held]


def table_png(v: ClassicView, names: Sequence[str]) -> bytes:
    """The public pick phase: who holds what (once revealed), who has picked, who is choosing."""
    wp = _phase(v)
    shown = _names(v, names)
    fc = free_city_seat(v)
    events = _events(v, shown)
    seated_any = any(wp.seated) and not all(wp.seated)
    left = _boards_left(v) if seated_any else []
    ev_h = [30 * len(wrap("· " + t, 22, WIDTH - 2 * _M)) + 8 for t, _ in events]
    height = 140 + len(wp.seated) * (_ROW_H + 8) + sum(ev_h) + (92 if left else 0) + 30
    c = Canvas(WIDTH, height)
    c.line_in((_M, 6, WIDTH - _M - 150, 58), f"Choosing wonders · round {wp.round}", 38, TEXT)
    _counter(c, v, fc)
    c.line_in((_M, 60, WIDTH - _M, 94), "Picks stay hidden until everyone has picked", 22, DIM)
    waiting = [shown[s] for s in v.to_act if s not in wp.picked]
    # Posted once as the round starts; the AIs pick just after: see classic_table._pick_line.
    starts = len(v.to_act) > 1 and not wp.picked and not v.picked
    line = "Waiting for: " + ", ".join(waiting) if waiting else "All picks are in"
    line = SIMULTANEOUS if waiting and starts else line
    c.line_in((_M, 96, WIDTH - _M, 130), line, 24, GOLD)
    y = 140
    for seat in range(len(wp.seated)):
        state, label = _seat_state(v, seat, fc)
        c.rect((_M, y, WIDTH - _M, y + _ROW_H), PANEL, radius=12)
        c.line_in((_M + 14, y, _M + 380, y + _ROW_H), shown[seat], 30, TEXT, min_size=20)
        _badge(c, (_M + 390, y + 4, WIDTH - _M - 14, y + _ROW_H - 4), state, label)
        y += _ROW_H + 8
    for (text, col), h in zip(events, ev_h, strict=True):
        c.para((_M, y, WIDTH - _M, y + h), "· " + text, 22, col, min_size=22)
        y += h
    if left:
        c.text((_M, y + 4), "Boards still free", 22, DIM)
        c.para((_M, y + 34, WIDTH - _M, y + 90), ", ".join(left), 24, TEXT, min_size=18)
    return to_png(c)
