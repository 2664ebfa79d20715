"""The Gods & Heroes panel of the 7 Wonders table: each city's god (and whether it is locked,
ready or spent), its heroes, and the lasting powers in force. Phone first: 24 px lines on the
800 px table (12 px at a phone's 400 px), one line per city; the viewer's own lines under its
hand. Registered as ``PART`` (render.classic_parts)."""

from __future__ import annotations

from collections.abc import Sequence

from engine import classic
from engine.classic import ClassicView
from render.kit import DIM, GOLD, TEXT, Canvas
from render.table_parts import TablePart
from render.widgets import name_of, seat_names

__all__ = ["PART", "gods_height", "gods_lines", "gods_panel", "hand_lines"]

_M = 12
_LINE = 36
_HEAD = 44
_STATUS = {"locked": "locked", "ready": "READY", "used": "used"}


def gods_lines(v: ClassicView, names: Sequence[str]) -> list[tuple[str, str]]:
    """(text, status) per line: one per city, then one per lasting power ("effect")."""
    if v.gods is None:
        return []
    heroes: dict[int, list[str]] = {}
    for h in v.gods.heroes:
        heroes.setdefault(h.seat, []).append(f"{h.name} ({h.color})")
    out: list[tuple[str, str]] = []
    for g in v.gods.gods:
        text = f"{name_of(names, g.seat)}: {g.god} {_STATUS[g.status]}"
        if heroes.get(g.seat):
            text += " · " + ", ".join(heroes[g.seat])
        out.append((text, g.status))
    out += [(seat_names(e, names), "effect") for e in v.gods.effects]
    return out


def gods_height(v: ClassicView, names: Sequence[str]) -> int:
    lines = gods_lines(v, names)
    return 0 if not lines else _HEAD + _LINE * len(lines) + 8


def gods_panel(c: Canvas, v: ClassicView, names: Sequence[str], y: int, width: int) -> int:
    """Draw the panel at ``y``; returns the y below it (``y`` when the variant is off)."""
    lines = gods_lines(v, names)
    if not lines:
        return y
    c.text((_M, y + 4), "Gods & Heroes", 24, DIM)
    for i, (text, status) in enumerate(lines):
        top = y + _HEAD + i * _LINE
        fill = GOLD if status in ("ready", "effect") else DIM if status == "used" else TEXT
        c.line_in((_M, top, width - _M, top + _LINE), "· " + text, 24, fill, min_size=18)
    return y + gods_height(v, names)


def hand_lines(v: ClassicView, names: Sequence[str]) -> list[str]:
    """The viewer's own Gods & Heroes lines under its hand: its ready god or the power it
    invoked this turn, Seth's famine on it, Athena's foresight."""
    if v.gods is None or v.seat is None:
        return []
    out = []
    mine = next((g for g in v.gods.gods if g.seat == v.seat), None)
    if v.gods.my_power:
        what = classic.describe_move(None, classic.parse_move(v.gods.my_power))
        out.append(seat_names(f"This turn: {what}", names))
    elif mine is not None and mine.status == "ready" and v.phase == "pick" and not v.my_pick:
        out.append(f"{mine.god} is ready: invoke before your pick ({mine.power})")
    famine = v.gods.famine
    if famine is not None and famine["seat"] == v.seat:
        out.append(f"Seth's famine: no {famine['resource']} for you this turn")
    if v.gods.foresight is not None:
        hand = ", ".join(v.gods.foresight) or "nothing"
        out.append(f"Athena: your next hand is {hand}")
    return out


PART = TablePart("gods-heroes", panel_height=gods_height, panel=gods_panel, hand_lines=hand_lines)
