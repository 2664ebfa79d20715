"""Where an expansion's render module plugs into the 7 Wonders images (table, detail, hand,
score sheet), so those shared modules loop over the parts and name no expansion.

An expansion's render module (``render/classic_gods.py`` ...) builds one :class:`TablePart`,
overriding only the hooks it needs (every default adds nothing), and
:mod:`render.classic_parts` registers it: adding an expansion's pictures is one line there.
Order matters where parts meet: the table's panels and the score sheet's rows follow the
registry's order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.classic import ClassicView
from engine.classic.views import CityView
from engine.common import Outcome
from render.kit import Canvas
from render.widgets import name_of

__all__ = [
    "Chip",
    "OtherHand",
    "ScoreRow",
    "TablePart",
    "drawn_names",
    "first",
    "last_turn",
    "parts",
    "register",
    "registered",
    "unregister",
]

T = TypeVar("T")
Color = tuple[int, int, int]
#: a city's token shown right-aligned on its cards line: (text, colour)
Chip = tuple[str, Color]
#: a score sheet row: (Score field, label, colour family of its chip)
ScoreRow = tuple[str, str, str]


def _zero(v: ClassicView, names: Sequence[str]) -> int:
    return 0


def _same_y(c: Canvas, v: ClassicView, names: Sequence[str], y: int, width: int) -> int:
    return y


def _none(v: ClassicView) -> None:
    return None


def _no_title(v: ClassicView, age: str) -> None:
    return None


def _no_lines(v: ClassicView, names: Sequence[str]) -> list[str]:
    return []


def _own_names(v: ClassicView, names: list[str]) -> list[str]:
    return names


def _no_strip(v: ClassicView, seat: int) -> int:
    return 0


def _not_drawn(
    c: Canvas,
    v: ClassicView,
    city: CityView,
    box: tuple[int, int],
    names: Sequence[str],
    me: int | None,
) -> bool:
    return False


def _no_chips(city: CityView) -> list[Chip]:
    return []


def _no_rows(view: Any, outcome: Outcome) -> list[ScoreRow]:
    return []


def _no_neutral(view: Any, outcome: Outcome, names: Sequence[str]) -> None:
    return None


def _no_hand_height(v: ClassicView) -> int:
    return 0


def _hand_same_y(c: Canvas, v: ClassicView, y: int) -> int:
    return y


def _no_stage(v: ClassicView, head: str) -> None:
    return None


def _no_other_hand(v: ClassicView, names: Sequence[str]) -> None:
    return None


def _hand_top_same_y(c: Canvas, v: ClassicView, names: Sequence[str], y: int) -> int:
    return y


@dataclass(frozen=True)
class OtherHand:
    """The hand image of a city the viewer picks for, not its own (the 2-player Free City)."""

    #: the city whose hand, coins and wonder the image shows
    seat: int
    #: who its left and right payments go to, as the payment lines name them ("you")
    payees: tuple[str, str]
    #: the title's head ("The Free City's card") and its colour
    head: str
    color: Color
    #: its sellers' panels, in place of the viewer's neighbours: (head, what it sells)
    sellers: tuple[tuple[str, str], ...]
    #: the label of the viewer's own pick this turn ("Your own pick")
    own_pick: str


@dataclass(frozen=True)
class TablePart:
    """An expansion's share of the classic images; each hook's default adds nothing."""

    name: str
    # -- the public table (classic_table) --
    #: (view, age in Roman figures) -> the header's title in the expansion's steps, or None
    title: Callable[[ClassicView, str], str | None] = _no_title
    #: view -> the turns of an Age when the expansion lengthens them (Cities: 7), or None
    last_turn: Callable[[ClassicView], int | None] = _none
    #: phase -> the head of its waiting line ("Coin loss, pay or take debt: ")
    phase_heads: Mapping[str, str] = field(default_factory=dict)
    #: (view, names) -> more names on the waiting line (the Free City's card)
    waiting: Callable[[ClassicView, Sequence[str]], list[str]] = _no_lines
    #: (view, names, one per city) -> the names as drawn (the Free City's fixed name)
    display_names: Callable[[ClassicView, list[str]], list[str]] = _own_names
    #: (view, seat) -> extra height of that seat's row (a label strip above it)
    city_strip: Callable[[ClassicView, int], int] = _no_strip
    #: (canvas, view, city, (top, bottom), names, viewer) -> True when it drew the row itself
    draw_city: Callable[
        [Canvas, ClassicView, CityView, tuple[int, int], Sequence[str], int | None], bool
    ] = _not_drawn
    #: (view, names) -> the height of its panel under the cities (0: none)
    panel_height: Callable[[ClassicView, Sequence[str]], int] = _zero
    #: (canvas, view, names, y, width) -> draws the panel at y, returns the y below it
    panel: Callable[[Canvas, ClassicView, Sequence[str], int, int], int] = _same_y
    # -- a city's row (city_row), wherever it is drawn --
    #: city -> its tokens on the cards line (Cities: debt, diplomacy)
    city_chips: Callable[[CityView], list[Chip]] = _no_chips
    # -- the score sheet (scores) --
    #: (final view or None, outcome) -> the expansion's rows when it was played
    score_rows: Callable[[Any, Outcome], list[ScoreRow]] = _no_rows
    #: (final view or None, outcome, names) -> a seat that is no player, listed last and
    #: unranked, and its row's name: (seat, name), or None
    neutral: Callable[[Any, Outcome, Sequence[str]], tuple[int, str] | None] = _no_neutral
    # -- the private hand (classic_hand) --
    #: view -> the hand image's title in the expansion's steps, or None
    hand_title: Callable[[ClassicView], str | None] = _none
    #: view -> the height of its cards block under the hand (the leaders)
    hand_height: Callable[[ClassicView], int] = _no_hand_height
    #: (canvas, view, y) -> draws the block at y, returns the y below it
    hand_block: Callable[[Canvas, ClassicView, int], int] = _hand_same_y
    #: (view, names) -> its lines under the hand (Gods & Heroes)
    hand_lines: Callable[[ClassicView, Sequence[str]], list[str]] = _no_lines
    #: (view, "Wonder stage 2 (2 wood)") -> the stage line in its steps: (text, colour), or None
    stage_line: Callable[[ClassicView, str], tuple[str, Color] | None] = _no_stage
    #: view -> the hand's footnote in its steps, or None
    foot: Callable[[ClassicView], str | None] = _none
    #: (view, names) -> the city the viewer picks for when it is not its own, or None
    other_hand: Callable[[ClassicView, Sequence[str]], OtherHand | None] = _no_other_hand
    #: view -> the height of its strip under the hand's title (0: none)
    hand_top_height: Callable[[ClassicView], int] = _no_hand_height
    #: (canvas, view, names, y) -> draws the strip at y, returns the y below it
    hand_top: Callable[[Canvas, ClassicView, Sequence[str], int], int] = _hand_top_same_y


_PARTS: list[TablePart] = []


def parts() -> tuple[TablePart, ...]:
    """The registered parts, in registry order."""
    return tuple(_PARTS)


def register(part: TablePart) -> None:
    if any(p.name == part.name for p in _PARTS):
        raise ValueError(f"a render part named {part.name!r} is registered already")
    _PARTS.append(part)


def unregister(name: str) -> None:
    _PARTS[:] = [p for p in _PARTS if p.name != name]


@contextmanager
def registered(part: TablePart) -> Iterator[TablePart]:
    """``part`` registered for the ``with`` block (a test's expansion)."""
    register(part)
    try:
        yield part
    finally:
        unregister(part.name)


def first(answers: Iterator[T | None]) -> T | None:
    """The first part's answer that is not None (a step's title, line or footnote)."""
    return next((a for a in answers if a is not None), None)


def drawn_names(v: ClassicView, names: Sequence[str]) -> list[str]:
    """A drawable name per city, as the expansions show them (the Free City's fixed)."""
    out = [name_of(names, s) for s in range(max(len(v.cities), len(names)))]
    for p in _PARTS:
        out = p.display_names(v, out)
    return out


def last_turn(v: ClassicView) -> int:
    """The last turn of an Age: 6, or more when an expansion lengthens it (Cities: 7)."""
    return max([6] + [t for p in _PARTS if (t := p.last_turn(v)) is not None])
