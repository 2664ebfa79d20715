"""Board images (PNG bytes) from engine views: pure functions, no I/O, no Discord.

    board_png(kind, view, names)               classic table / Duel board or draft
    board_detail_png(kind, view, names)        classic: every city with each card by name
    hand_png(kind, view, names)                a seat's private view
    scores_png(kind, outcome, names, view=None, hints=None, ratings=None)
    wonder_choice_png(view, names)             classic wonder pick: the seat's boards to choose
    wonder_table_png(view, names)              classic wonder pick: who has picked (public)

``names[i]`` is the display name of seat i; ``view`` is ``engine.<kind>.view(state, seat)``: a
:data:`GameView` (``ClassicView`` or ``DuelView``, told apart by their ``game`` field), so the
typed entry points accept nothing else. ``kind`` must agree with the view's ``game`` (a mismatch
is a caller's bug and raises ``ValueError`` rather than drawing one game as the other).
The renderer draws only what the view holds, so a spectator view yields a spectator image.

Duel: ``board_png`` is the public board (whose turn, the prompt, the pyramid with face-down backs,
track, tokens, both cities); it never draws prices, legal moves, private events or the Great
Library draw, even when handed a seat's view. ``hand_png`` is not the board again but
``view.seat``'s options (``render.duel_hand``): each card it may take with its price, full effect
and cost, its unbuilt Wonders' prices and effects, its trading prices, the choice on offer in
special phases, and the events only it may see.
Classic wonder pick (``view.phase == "wonder_pick"``, table option ``wonders: choose`` or
``sides: choose``): ``board_png`` / ``board_detail_png`` give the public pick table (per seat:
its board once revealed, else picked or choosing, never what; after a clash the draw and the
boards still free) and ``hand_png`` the seat's private options (each board's wonder, side(s),
starting resource and every stage's cost and gain; once picked, the pick). The explicit
``wonder_choice_png`` / ``wonder_table_png`` draw the same and refuse any other phase. The text of
a board for a select option is ``engine.classic.board_text.select_line``.

Classic 2-player game (``view.free_city`` set): seat 2 is the neutral Free City, always drawn as
"Free City" (``names`` may hold two names or three), under a strip saying which player plays its
card this turn. When ``view.free_city.picking``, ``hand_png`` shows the Free City's hand, city
and payments, titled as the Free City's card; the score sheet lists it last, unranked.

Names are drawn in their own script with the bundled Noto fonts (``render.glyphs``); emoji are
dropped, and a name left with no letter at all is shown as "Seat N".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from render.scores import scores_png

if TYPE_CHECKING:  # the views' engines are imported by the renderer that draws them
    from engine.classic.views import ClassicView
    from engine.duel.views import DuelView

__all__ = [
    "GameView",
    "board_detail_png",
    "board_png",
    "draw",
    "hand_png",
    "scores_png",
    "wonder_choice_png",
    "wonder_table_png",
    "words_png",
]

GameView: TypeAlias = "ClassicView | DuelView"


def _checked(kind: str, view: GameView) -> GameView:
    if kind != view.game:
        raise ValueError(f"game kind {kind!r} does not match a {view.game!r} view")
    return view


def board_png(kind: str, view: GameView, names: Sequence[str]) -> bytes:
    """The public table (classic) or board / wonder draft (Duel)."""
    view = _checked(kind, view)
    if view.game == "classic" and view.phase == "wonder_pick":
        return wonder_table_png(view, names)
    if view.game == "classic":
        from render.classic_table import table_png

        return table_png(view, names)
    from render.duel import duel_png

    return duel_png(view, names)


def board_detail_png(kind: str, view: GameView, names: Sequence[str]) -> bytes:
    """The full public position (``/wonders board detail:true``): classic cities with every
    built card named; Duel's board already shows every card, so it is the same image."""
    view = _checked(kind, view)
    if view.game == "classic" and view.phase == "wonder_pick":
        return wonder_table_png(view, names)
    if view.game == "classic":
        from render.classic_table import detail_png

        return detail_png(view, names)
    return board_png(kind, view, names)


def hand_png(kind: str, view: GameView, names: Sequence[str]) -> bytes:
    """The private image of ``view.seat``: its classic hand, or its Duel options."""
    view = _checked(kind, view)
    if view.game == "classic" and view.phase == "wonder_pick":
        return wonder_choice_png(view, names)
    if view.game == "classic":
        from render.classic_hand import hand_image

        return hand_image(view, names)
    from render.duel_adapt import private_events, scene_of
    from render.duel_hand import hand_scene_png

    return hand_scene_png(scene_of(view, private=True), names, private_events(view))


def wonder_choice_png(view: ClassicView, names: Sequence[str]) -> bytes:
    """The private wonder pick of ``view.seat``: the boards (and sides) it may choose, or its
    pick / board once made. Raises ``ValueError`` outside the wonder-pick phase."""
    from render.wonder_pick import choice_png

    return choice_png(view, names)


def wonder_table_png(view: ClassicView, names: Sequence[str]) -> bytes:
    """The public wonder-pick table: who holds which board (once revealed), who has picked
    (not what), who is choosing; the last clash and the boards still free. Raises
    ``ValueError`` outside the wonder-pick phase."""
    from render.wonder_pick import table_png

    return table_png(view, names)


def draw(
    what: str,
    kind: str,
    view: GameView,
    names: Sequence[str],
    outcome: Any = None,
    hints: Mapping[int, int] | None = None,
    ratings: Mapping[int, int] | None = None,
) -> bytes:
    """One image by name (``board``, ``detail``, ``hand``, ``scores`` or ``words``, the
    tutorial's labelled view): a single picklable
    entry point, so the bot can draw in a worker process. ``outcome`` is the engine's
    ``Outcome`` (needed for ``scores``); ``hints`` maps seat → hints used and ``ratings``
    seat → rating change, for the sheet."""
    if what == "hand":
        return hand_png(kind, view, names)
    if what == "detail":
        return board_detail_png(kind, view, names)
    if what == "scores":
        if outcome is None:
            raise ValueError("a score sheet needs the outcome")
        return scores_png(kind, outcome, names, view, hints, ratings)
    if what == "board":
        return board_png(kind, view, names)
    if what == "words":
        return words_png(kind, view, names)
    raise ValueError(f"unknown image {what!r}")


def words_png(kind: str, view: GameView, names: Sequence[str]) -> bytes:
    """The tutorial's "Words of the game" picture: ``view.seat``'s view, its parts labelled."""
    view = _checked(kind, view)
    if view.game == "classic":
        from render.tutorial_words import classic_words_png

        return classic_words_png(view, names)
    from render.tutorial_words import duel_words_png

    return duel_words_png(view, names)
