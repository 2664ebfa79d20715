"""Final score sheet for both games, phone first: one row per seat, best first.

Each row shows the rank, the name and the total in large figures, then one coloured, labelled
chip per scoring category. The winner's row is framed in gold, and a line under the title says
how a tie on points was broken (coins in 7 Wonders, civilian points in Duel) or that the
victory is shared. A seat that asked for hints has "used N hints" under its name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.common import Outcome, Score
from render.kit import CARD_COLORS, DIM, GOLD, INK, PANEL, TEXT, Canvas, card_text_color, to_png
from render.widgets import name_of

if TYPE_CHECKING:
    from engine.classic.views import ClassicView
    from engine.duel.views import DuelView
    from render.table_parts import ScoreRow

__all__ = ["WIDTH", "hints_note", "ranking", "row_box", "scores_png", "seat_note", "tie_note"]

WIDTH = 800
_M = 16
_TOP = 150
_ROW_H = 132
_GAP = 10

# (Score field, label, colour family for the chip): the card colours that score each category.
_CATS: list[tuple[str, str, str]] = [
    ("military", "Military", "red"),
    ("treasury", "Treasury", "yellow"),
    ("wonders", "Wonders", "grey"),
    ("civilian", "Civilian", "blue"),
    ("science", "Science", "green"),
    ("commercial", "Trade", "yellow"),
    ("guilds", "Guilds", "purple"),
]
_PROGRESS = ("progress", "Progress", "green")  # Duel only
_WHITE = (226, 222, 210)  # a chip of the "white" family (the Leaders' cards)
# Chips per row whose labels fit in full; past it the long labels get their short form.
_ROOMY = 9
_SHORT = {"treasury": "Coins", "wonders": "Wonder"}
_VICTORY = {
    "civilian": "Civilian victory (most points)",
    "military": "Military supremacy",
    "science": "Scientific supremacy",
}


def _tiebreak(kind: str, outcome: Outcome, view: ClassicView | DuelView | None) -> list[int] | None:
    """Each seat's tie-break figure: coins (classic, from the final view) or civilian points."""
    if kind == "duel":
        return [s.civilian for s in outcome.scores]
    cities = getattr(view, "cities", None)
    if cities is None or len(cities) != len(outcome.scores):
        return None
    return [int(getattr(city, "coins", 0)) for city in cities]


def ranking(outcome: Outcome, tiebreak: Sequence[int] | None) -> list[int]:
    """Seats best first: winners, then by points, then by the tie-break figure, then seat."""
    won = set(outcome.winners)

    def key(i: int) -> tuple[int, int, int, int]:
        tb = tiebreak[i] if tiebreak is not None else 0
        return (i not in won, -outcome.scores[i].total, -tb, i)

    return sorted(range(len(outcome.scores)), key=key)


def tie_note(
    kind: str, outcome: Outcome, names: Sequence[str], view: ClassicView | DuelView | None = None
) -> str:
    """How the winner was decided when the top totals tie; "" when they do not."""
    if outcome.victory in ("military", "science"):
        return ""
    found = _neutral(kind, outcome, names, view)  # not a player: never in a tie
    players = [i for i in range(len(outcome.scores)) if found is None or i != found[0]]
    top = max(outcome.scores[i].total for i in players)
    tied = [i for i in players if outcome.scores[i].total == top]
    if len(tied) < 2:
        return ""
    what = "coins" if kind == "classic" else "civilian points"
    figures = _tiebreak(kind, outcome, view)
    if len(outcome.winners) > 1:
        both = f" ({figures[outcome.winners[0]]} each)" if figures else ""
        return f"Tie on points ({top}) and on {what}{both}: shared victory"
    if figures is None:
        return f"Tie on points ({top}), broken by {what}"
    order = sorted(tied, key=lambda i: -figures[i])
    vs = " vs ".join(str(figures[i]) for i in order)
    return f"Tie on points ({top}), broken by {what}: {vs}"


def row_box(n_rows: int, rank: int) -> tuple[int, int, int, int]:
    """The box of the ``rank``-th row (0 = best) on a sheet of ``n_rows`` rows (for probes)."""
    del n_rows
    y = _TOP + rank * (_ROW_H + _GAP)
    return (_M, y, WIDTH - _M, y + _ROW_H)


def hints_note(used: int) -> str:
    """The line under a seat's name ("used 3 hints"); "" for a seat that used none."""
    if used <= 0:
        return ""
    return f"used {used} hint{'s' if used != 1 else ''}"


def seat_note(used: int, change: int | None) -> str:
    """The hints note and the seat's rating change ("rating +23"), either may be absent."""
    rated = None if change is None else f"rating {change:+d}"
    return " · ".join(n for n in (hints_note(used), rated) if n)


def _row(
    c: Canvas,
    box: tuple[int, int, int, int],
    place: str,
    name: str,
    sc: Score,
    cats: list[Any],
    note: str = "",
) -> None:
    x0, y0, x1, _ = box
    c.line_in((x0 + 14, y0 + 6, x0 + 70, y0 + 56), place, 36, DIM)
    if note:  # the name moves up to make room for the note under it
        c.line_in((x0 + 70, y0 + 2, x1 - 150, y0 + 40), name, 30, TEXT, min_size=20)
        c.line_in((x0 + 70, y0 + 40, x1 - 150, y0 + 62), note, 18, DIM, min_size=14)
    else:
        c.line_in((x0 + 70, y0 + 6, x1 - 150, y0 + 56), name, 34, TEXT, min_size=20)
    c.line_in((x1 - 150, y0 + 4, x1 - 16, y0 + 58), f"{sc.total} VP", 40, GOLD, "right")
    gap = 6
    w = (x1 - x0 - 24 - gap * (len(cats) - 1)) // len(cats)
    for k, (key, label, color) in enumerate(cats):
        cx = x0 + 12 + k * (w + gap)
        fill = _chip_fill(color)
        ink = INK if color == "white" else card_text_color(color)
        c.rect((cx, y0 + 64, cx + w, y0 + _ROW_H - 8), fill, radius=8)
        c.line_in((cx + 3, y0 + 66, cx + w - 3, y0 + 88), label, 18, ink, "center", min_size=16)
        c.line_in((cx, y0 + 88, cx + w, y0 + _ROW_H - 10), str(getattr(sc, key)), 30, ink, "center")


def _chip_fill(color: str) -> tuple[int, int, int]:
    if color == "white":
        return _WHITE
    return CARD_COLORS.get(color, (110, 110, 110))


def scores_png(
    kind: str,
    outcome: Outcome,
    names: Sequence[str],
    view: ClassicView | DuelView | None = None,
    hints: Mapping[int, int] | None = None,
    ratings: Mapping[int, int] | None = None,
) -> bytes:
    """The ranked sheet; ``view`` (the final view) supplies the coins that break a tie,
    ``hints`` (seat -> hints used) the "used N hints" notes and ``ratings`` (seat -> rating
    change) the "rating +23" notes."""
    used, changes = hints or {}, ratings or {}
    cats = _CATS + (_classic_rows(view, outcome) if kind == "classic" else [_PROGRESS])
    if len(cats) > _ROOMY:  # Leaders + Cities: ten chips, too narrow for the long labels
        cats = [(key, _SHORT.get(key, label), color) for key, label, color in cats]
    n = len(outcome.scores)
    found = _neutral(kind, outcome, names, view)
    neutral = found[0] if found is not None else None
    order = ranking(outcome, _tiebreak(kind, outcome, view))
    if neutral is not None:  # it cannot win: listed last, unranked, whatever its points
        order = [s for s in order if s != neutral] + [neutral]
    height = _TOP + n * (_ROW_H + _GAP) + _M
    c = Canvas(WIDTH, height)
    win_names = " & ".join(name_of(names, w) for w in outcome.winners)
    c.line_in((_M, 10, WIDTH - _M, 62), "Final scores", 44, TEXT)
    sub = f"Winner: {win_names}" if len(outcome.winners) == 1 else f"Shared victory: {win_names}"
    if kind == "duel" and outcome.victory:
        sub += " · " + _VICTORY.get(outcome.victory, outcome.victory)
    c.line_in((_M, 64, WIDTH - _M, 104), sub, 30, GOLD, min_size=18)
    note = tie_note(kind, outcome, names, view)
    c.line_in((_M, 106, WIDTH - _M, 140), note or "Ranked by points", 22, DIM, min_size=16)
    places = _places(outcome, order, _tiebreak(kind, outcome, view))
    for rank, seat in enumerate(order):
        box = row_box(n, rank)
        won = seat in outcome.winners
        c.rect(
            box, (82, 70, 30) if won else PANEL, radius=12, outline=GOLD if won else None, width=4
        )
        if found is not None and seat == found[0]:
            _row(c, box, "-", found[1], outcome.scores[seat], cats)
        else:
            name, note = name_of(names, seat), seat_note(used.get(seat, 0), changes.get(seat))
            _row(c, box, f"{places[rank]}.", name, outcome.scores[seat], cats, note)
    return to_png(c)


def _classic_rows(view: ClassicView | DuelView | None, outcome: Outcome) -> list[ScoreRow]:
    """The rows of the expansions played (render.table_parts ``score_rows``), in registry
    order: Leaders, Cities and Debt, Edifices."""
    from render import classic_parts as _classic_parts  # noqa: F401  (classic only: lazily)
    from render.table_parts import parts

    return [row for part in parts() for row in part.score_rows(view, outcome)]


def _neutral(
    kind: str, outcome: Outcome, names: Sequence[str], view: ClassicView | DuelView | None
) -> tuple[int, str] | None:
    """A seat that is no player (render.table_parts ``neutral``: the 2-player game's Free
    City) and how its row is named, or None."""
    if kind != "classic":
        return None
    from render import classic_parts as _classic_parts  # noqa: F401  (classic only: lazily)
    from render.table_parts import first, parts

    return first(part.neutral(view, outcome, names) for part in parts())


def _places(outcome: Outcome, order: list[int], tiebreak: Sequence[int] | None) -> list[int]:
    """Competition ranking ("1, 2, 2, 4"): equal points and equal tie-break share a place."""
    places: list[int] = []
    for k, seat in enumerate(order):
        if k and _same(outcome, order[k - 1], seat, tiebreak):
            places.append(places[-1])
        else:
            places.append(k + 1)
    return places


def _same(outcome: Outcome, a: int, b: int, tiebreak: Sequence[int] | None) -> bool:
    if (a in outcome.winners) != (b in outcome.winners):
        return False
    tb_equal = tiebreak is None or tiebreak[a] == tiebreak[b]
    return outcome.scores[a].total == outcome.scores[b].total and tb_equal
