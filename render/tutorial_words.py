"""The tutorial's "Words of the game" picture: the player's own view with a label in the
right margin beside each part the page names (City, Age, Wonder stage, Trading, Hand,
Chain; Duel: Conflict pawn, Progress tokens, Pyramid, City), joined to it by a line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from render.kit import BG, GOLD, PANEL2, Canvas, to_png

if TYPE_CHECKING:
    from engine.classic.views import ClassicView
    from engine.duel.views import DuelView

__all__ = ["MARGIN", "classic_words_png", "duel_words_png"]

MARGIN = 230  # the labels' column, right of the picture
_BADGE_H = 40


def classic_words_png(view: ClassicView, names: Sequence[str]) -> bytes:
    """Seat ``view.seat``'s hand image, its parts labelled."""
    from render.classic_hand import hand_canvas

    marks: dict[str, int] = {}
    base = hand_canvas(view, names, marks, with_city=True)
    return to_png(_labelled(base, marks))


def duel_words_png(view: DuelView, names: Sequence[str]) -> bytes:
    """The Duel board as ``view.seat`` sees it, its parts labelled."""
    from render.duel import (
        _TOP,
        _city_height,
        _middle_height,
        city_order,
        draw_scene,
        pyramid_origin,
        track_box,
    )
    from render.duel_adapt import scene_of

    scene = scene_of(view, True)
    base = draw_scene(scene, names)
    box = track_box()
    _, top = pyramid_origin(scene)
    middle = _middle_height(scene)
    first = next(c for c in scene.cities if c.seat == city_order(scene)[0])
    city_top = top + middle + 16
    marks = {
        "Conflict pawn": (box[1] + box[3]) // 2,
        **({"Progress tokens": _TOP + 54} if scene.progress and scene.phase != "token" else {}),
        "Pyramid": top + middle // 2,
        "City": city_top + _city_height(first) // 2,
    }
    return to_png(_labelled(base, marks))


def _labelled(base: Canvas, marks: Mapping[str, int]) -> Canvas:
    """``base`` widened by a margin holding one badge per mark, each joined by a line to the
    picture's edge at its y (badges pushed down where two marks are close)."""
    width, height = base.img.size
    out = Canvas(width + MARGIN, height, BG)
    out.img.paste(base.img, (0, 0))
    floor = 0
    for word, y in sorted(marks.items(), key=lambda m: m[1]):
        top = max(y - _BADGE_H // 2, floor)
        top = min(top, height - _BADGE_H - 2)
        mid = top + _BADGE_H // 2
        out.d.line([(width - 14, y), (width + 6, y), (width + 14, mid)], fill=GOLD, width=3)
        out.d.ellipse((width - 20, y - 6, width - 8, y + 6), fill=GOLD)
        box = (width + 14, top, width + MARGIN - 8, top + _BADGE_H)
        out.rect(box, PANEL2, radius=10, outline=GOLD, width=2)
        out.line_in((box[0] + 10, top, box[2] - 8, top + _BADGE_H), word, 24, GOLD)
        floor = top + _BADGE_H + 6
    return out
