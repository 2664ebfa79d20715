"""The Babel panel of the 7 Wonders table: the Tower of Babel drawn as a stepped tower of its
3 or 4 visible spaces (the newest tile on top, the oldest at the bottom: the next tile covers
it; each tile's number in a gold disc, its law in a few words, a stripe of the card colour it
concerns; free spaces as empty tiers), its base with the covered tiles and the tiles each city
built, then the current Great Project as a card with its cost, reward, penalty and its
participation tokens (taken ones gold with the holder's initial, free ones as rings). Phone
first: 22-24 px text on the 800 px table (11-12 px at a phone's 400 px), tile numbers and the
tokens left at 24 px."""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic import ClassicView
from engine.classic.babel.views import ProjectsView, TowerView
from render.colors import CARD_COLORS, DIM, GOLD, INK, PANEL, PANEL2, TEXT
from render.kit import Canvas
from render.table_parts import TablePart
from render.widgets import name_of

__all__ = ["PART", "babel_height", "babel_panel"]

_M = 12
_HEAD = 44
_TIER = 56  # one space of the tower
_STEP = 28  # each tier up is this much narrower on each side
_BASE = 84  # the tower's base: covered tiles, tiles built
_DISC = 40
_ROW = 34  # one line of the project card
_PROJECT = 5 * _ROW + 16
_TOKEN = 30


def _tower_height(t: TowerView | None) -> int:
    return 0 if t is None else _HEAD + t.spaces * _TIER + _BASE


def _project_height(p: ProjectsView | None) -> int:
    return 0 if p is None else _HEAD + _PROJECT


def babel_height(v: ClassicView, names: Sequence[str]) -> int:
    if v.tower is None and v.projects is None:
        return 0
    blocked = _ROW if _blocked_line(v, names) else 0
    return _tower_height(v.tower) + _project_height(v.projects) + blocked + 8


def _blocked_line(v: ClassicView, names: Sequence[str]) -> str:
    """Who lost its wonder's own resource to a failed Double Walls (for the rest of the game;
    the city's production already leaves it out)."""
    lost = [
        f"{name_of(names, c.seat)} {'/'.join(ch.resources)}"
        for c in v.cities
        for ch in c.production_changes
        if ch.blocked
    ]
    return "Wonder resource blocked: " + ", ".join(lost) if lost else ""


def _tier(c: Canvas, t: TowerView, slot: int, box: tuple[int, int, int, int]) -> None:
    """Tier ``slot`` counted from the top: free spaces first, then the newest tile down to
    the oldest (the bottom one, covered next once every space is taken)."""
    x0, y0, x1, y1 = box
    free = t.spaces - len(t.visible)
    if slot < free:
        c.rect(box, PANEL, 8, outline=DIM, width=2)
        c.line_in((x0, y0, x1, y1), "free space", 22, DIM, "center", min_size=18)
        return
    k = len(t.visible) - 1 - (slot - free)  # index in t.visible (oldest first)
    c.rect(box, PANEL2, 8)
    disc = (x0 + 8, y0 + (_TIER - 8 - _DISC) // 2)
    c.d.ellipse((*disc, disc[0] + _DISC, disc[1] + _DISC), fill=GOLD)
    c.text((disc[0] + _DISC // 2, disc[1] + _DISC // 2), str(t.visible[k]), 24, INK, "mm")
    tag, colour = t.tags[k] if k < len(t.tags) else (t.laws[k], "")
    left = x0 + _DISC + 18
    if colour in CARD_COLORS:
        c.rect((left, y0 + 8, left + 10, y1 - 8), CARD_COLORS[colour], 3)
        left += 18
    full = len(t.visible) == t.spaces
    right = x1 - (150 if k == 0 and full else 10)
    c.line_in((left, y0, right, y1), tag, 24, TEXT, min_size=18)
    if k == 0 and full:
        c.line_in((right, y0, x1 - 10, y1), "covered next", 20, DIM, "right", min_size=16)


def _tower(c: Canvas, t: TowerView, names: Sequence[str], y: int, width: int) -> int:
    c.text((_M, y + 8), "Tower of Babel", 24, GOLD)
    c.line_in(
        (width // 2, y, width - _M, y + _HEAD),
        f"{len(t.visible)} of {t.spaces} spaces taken",
        22,
        DIM,
        "right",
        min_size=18,
    )
    top = y + _HEAD
    for slot in range(t.spaces):
        inset = (t.spaces - 1 - slot) * _STEP
        box = (_M + inset, top + slot * _TIER, width - _M - inset, top + (slot + 1) * _TIER - 8)
        _tier(c, t, slot, box)
    base = top + t.spaces * _TIER
    c.rect((_M, base, width - _M, base + _BASE - 8), PANEL, 8)
    shown = f" (tiles {', '.join(map(str, t.covered))})" if t.covered else ""
    covered = f"Covered: {len(t.covered)}{shown}"
    built = [f"{name_of(names, s)} {len(b)}" for s, b in enumerate(t.built) if b]
    lines = (covered, "Tiles built: " + (", ".join(built) or "none yet"))
    for i, text in enumerate(lines):
        row = base + 4 + i * 36
        c.line_in((_M + 12, row, width - _M - 12, row + 36), text, 22, TEXT, min_size=18)
    return base + _BASE


def _tokens(c: Canvas, p: ProjectsView, names: Sequence[str], x: int, y: int) -> int:
    """Taken tokens (gold, the holder's initial), then the free ones (rings); returns the x
    after them."""
    holders = [s for s, k in enumerate(p.tokens) for _ in range(k)]
    for i in range(len(holders) + p.left):
        box = (x, y, x + _TOKEN, y + _TOKEN)
        if i < len(holders):
            c.d.ellipse(box, fill=GOLD)
            initial = name_of(names, holders[i])[:1]
            c.text((x + _TOKEN // 2, y + _TOKEN // 2), initial, 20, INK, "mm")
        else:
            c.d.ellipse(box, outline=TEXT, width=3)
        x += _TOKEN + 6
    return x


def _project(c: Canvas, p: ProjectsView, names: Sequence[str], y: int, width: int) -> int:
    sure = "" if p.confirmed else " (data unconfirmed)"
    c.text((_M, y + 8), "Great Project" + sure, 24, GOLD)
    top = y + _HEAD
    c.rect((_M, top, width - _M, top + _PROJECT - 8), PANEL2, 10)
    c.rect((_M, top, _M + 12, top + _PROJECT - 8), CARD_COLORS.get(p.color, DIM), 4)
    x0, x1 = _M + 26, width - _M - 12
    cost = " + ".join([f"{p.coins} coins"] + [f"{q} {r}" for r, q in p.resources.items()])
    cost += " (resources may be bought)" if p.resources else ""
    rows = (
        (f"{p.name}: join after a {p.color} card", 24, TEXT),
        (f"Cost: {cost}", 22, TEXT),
        (f"Reward: {p.reward}", 22, TEXT),
        (f"If it fails, the others must {p.penalty}", 22, DIM),
    )
    for i, (text, size, fill) in enumerate(rows):
        row = top + 4 + i * _ROW
        c.line_in((x0, row, x1, row + _ROW), text, size, fill, min_size=18)
    row = top + 4 + 4 * _ROW
    after = _tokens(c, p, names, x0, row + 2)
    c.text((after + 8, row + _ROW // 2), str(p.left), 24, GOLD, "lm")
    joined = [f"{name_of(names, s)} {k}" for s, k in enumerate(p.tokens) if k]
    said = "left · joined: " + (", ".join(joined) or "nobody yet")
    c.line_in((after + 30, row, x1, row + _ROW), said, 22, TEXT, min_size=18)
    return top + _PROJECT


def babel_panel(c: Canvas, v: ClassicView, names: Sequence[str], y: int, width: int) -> int:
    """Draw the panel at ``y``; returns the y below it (``y`` without Babel)."""
    if v.tower is None and v.projects is None:
        return y
    end = y
    if v.tower is not None:
        end = _tower(c, v.tower, names, end, width)
    if v.projects is not None:
        end = _project(c, v.projects, names, end, width)
    blocked = _blocked_line(v, names)
    if blocked:
        c.line_in((_M, end, width - _M, end + _ROW), blocked, 22, TEXT, min_size=18)
        end += _ROW
    return end + 8


PART = TablePart("babel", panel_height=babel_height, panel=babel_panel)  # render.classic_parts
