"""The Babel panel of the 7 Wonders table: the Tower of Babel's visible tiles with their laws
(oldest first: the next tile covers it), the tiles each city built, and the current Great
Project with its cost, reward, penalty and every city's participation tokens. Phone first:
24 px lines on the 800 px table (12 px at a phone's 400 px), one fact per line."""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic import ClassicView
from render.kit import DIM, GOLD, TEXT, Canvas
from render.table_parts import TablePart
from render.widgets import name_of

__all__ = ["PART", "babel_height", "babel_lines", "babel_panel"]

_M = 12
_LINE = 34
_HEAD = 44


def babel_lines(v: ClassicView, names: Sequence[str]) -> list[tuple[str, str]]:
    """(text, kind) per line: "tile" (a visible law), "built", "project", "tokens"."""
    out: list[tuple[str, str]] = []
    t = v.tower
    if t is not None:
        head = f"Tower of Babel ({len(t.visible)}/{t.spaces} visible"
        head += f", covered: {', '.join(map(str, t.covered))})" if t.covered else ")"
        out.append((head, "head"))
        out += [(f"Tile {law}", "tile") for law in t.laws]
        built = [f"{name_of(names, s)} {len(b)}" for s, b in enumerate(t.built) if b]
        if built:
            out.append(("Tiles built: " + ", ".join(built), "built"))
    p = v.projects
    if p is not None:
        cost = " + ".join([f"{p.coins} coins"] + [f"{q} {r}" for r, q in p.resources.items()])
        sure = "" if p.confirmed else " (data unconfirmed)"
        out.append((f"Great Project: {p.name} ({p.color}){sure}", "head"))
        out.append((f"Join after a {p.color} card: {cost} · reward: {p.reward}", "project"))
        out.append((f"If it fails, the others must {p.penalty}", "project"))
        who = [f"{name_of(names, s)} {k}" for s, k in enumerate(p.tokens) if k]
        out.append((f"Tokens: {', '.join(who) or 'none yet'} · {p.left} left", "tokens"))
    return out


def babel_height(v: ClassicView, names: Sequence[str]) -> int:
    lines = babel_lines(v, names)
    return 0 if not lines else _HEAD + _LINE * len(lines) + 8


def babel_panel(c: Canvas, v: ClassicView, names: Sequence[str], y: int, width: int) -> int:
    """Draw the panel at ``y``; returns the y below it (``y`` without Babel)."""
    lines = babel_lines(v, names)
    if not lines:
        return y
    c.text((_M, y + 4), "Babel", 24, DIM)
    for i, (text, kind) in enumerate(lines):
        top = y + _HEAD + i * _LINE
        fill = GOLD if kind in ("head", "tile") else TEXT
        c.line_in((_M, top, width - _M, top + _LINE), text, 24, fill, min_size=18)
    return y + babel_height(v, names)


PART = TablePart("babel", panel_height=babel_height, panel=babel_panel)  # render.classic_parts
