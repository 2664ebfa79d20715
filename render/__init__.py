"""Board images (PNG bytes) from engine views: pure functions, no I/O, no Discord.

    board_png(kind, view, names)               classic table / Duel board or draft
    board_detail_png(kind, view, names)        classic: every city with each card by name
    hand_png(kind, view, names)                a seat's private view
    scores_png(kind, outcome, names, view=None)

``names[i]`` is the display name of seat i; ``view`` is ``engine.<kind>.view(state, seat)``: a
:data:`GameView` (``ClassicView`` or ``DuelView``, told apart by their ``game`` field), so the
typed entry points accept nothing else. ``kind`` must agree with the view's ``game`` (a mismatch
is a caller's bug and raises ``ValueError`` rather than drawing one game as the other).
The renderer draws only what the view holds, so a spectator view yields a spectator image.

Duel: ``board_png`` is the public board (whose turn, the prompt, the pyramid with face-down backs,
track, tokens, both cities); it never draws prices, legal moves, private events or the Great
Library draw, even when handed a seat's view. ``hand_png`` is the same board from ``view.seat``'s
side with its decision aids: its price of each accessible card (affordable ones ringed green),
its unbuilt Wonders' prices, its trading prices, and the choice on offer in special phases.
Names are drawn in their own script with the bundled Noto fonts (``render.glyphs``); emoji are
dropped, and a name left with no letter at all is shown as "Seat N".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

from render.scores import scores_png

if TYPE_CHECKING:  # the views' engines are imported by the renderer that draws them
    from engine.classic.views import ClassicView
    from engine.duel.views import DuelView

__all__ = ["GameView", "board_detail_png", "board_png", "hand_png", "scores_png"]

GameView: TypeAlias = "ClassicView | DuelView"


def _checked(kind: str, view: GameView) -> GameView:
    if kind != view.game:
        raise ValueError(f"game kind {kind!r} does not match a {view.game!r} view")
    return view


def board_png(kind: str, view: GameView, names: Sequence[str]) -> bytes:
    """The public table (classic) or board / wonder draft (Duel)."""
    view = _checked(kind, view)
    if view.game == "classic":
        from render.classic_table import table_png

        return table_png(view, names)
    from render.duel import duel_png

    return duel_png(view, names)


def board_detail_png(kind: str, view: GameView, names: Sequence[str]) -> bytes:
    """The full public position (``/wonders board detail:true``): classic cities with every
    built card named; Duel's board already shows every card, so it is the same image."""
    view = _checked(kind, view)
    if view.game == "classic":
        from render.classic_table import detail_png

        return detail_png(view, names)
    return board_png(kind, view, names)


def hand_png(kind: str, view: GameView, names: Sequence[str]) -> bytes:
    """The private image of ``view.seat``: classic hand, or the Duel board from that side."""
    view = _checked(kind, view)
    if view.game == "classic":
        from render.classic_hand import hand_image

        return hand_image(view, names)
    from render.duel import duel_png

    return duel_png(view, names, private=True)
