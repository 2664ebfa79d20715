"""Game review: the Hard AI's judgement of one decision a seat made.

The Hard AI (the ``heuristic`` level, as in ``engine.ai.hint``) scores every legal move of the
seat's view in VP-equivalents; a decision's cost is how much less the move made is worth than
the Hard AI's choice, and the choice is explained in the hint's words. Pure: it sees only the
view and legal moves of the seat, as the AI did when it played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.hint import HINT_LEVEL, Hint, explain

__all__ = ["HINT_LEVEL", "Judgement", "hard_values", "judge"]

_TIE = 1e-9


@dataclass(frozen=True)
class Judgement:
    """The move made and the Hard AI's preferred move, each with its value."""

    played: str  # move text of the move made
    played_value: float
    best: str  # move text of the Hard AI's choice (``played`` when that was as good)
    best_value: float
    hint: Hint | None  # why ``best`` (None when the move made was the best)

    @property
    def loss(self) -> float:
        """VP-equivalents given away by the move made (0 for a best move)."""
        return max(0.0, self.best_value - self.played_value)


def hard_values(kind: str, view: Any) -> dict[str, float] | None:
    """Move text -> the Hard AI's value of each legal move of ``view``; None where the Hard AI
    does not score moves (the 2-player game's Free City card, which is played for the Free
    City rather than for the seat)."""
    if kind == "duel":
        from engine.ai.duel_eval import heuristic_rank

        return {text: value for value, text in heuristic_rank(view)}
    if getattr(view, "free_city", None) is not None and view.free_city.picking:
        return None
    if view.phase == "wonder_pick":
        from engine.ai.classic_wonders import board_value
        from engine.classic.data import BOARD_INDEX

        return {
            o.move: board_value(BOARD_INDEX[o.board], "AB".index(o.side))
            for o in view.wonder_pick.options
        }
    from engine.ai.classic_eval import heuristic_value

    return {mv.move: heuristic_value(view, mv) for mv in view.legal_moves}


def judge(kind: str, view: Any, legal_moves: Sequence[Any], played: str) -> Judgement | None:
    """The Hard AI's view of playing ``played`` (a move text) in ``view``; None when it can't
    say (no values for this step, or a move its lists do not hold)."""
    values = hard_values(kind, view)
    if not values or played not in values:
        return None
    by_text = {str(m): m for m in legal_moves}
    best = max((t for t in values if t in by_text), key=lambda t: values[t], default=played)
    if values[best] <= values[played] + _TIE:  # a tie is no mistake: keep the move made
        return Judgement(played, values[played], played, values[played], None)
    return Judgement(played, values[played], best, values[best], explain(kind, view, by_text[best]))
