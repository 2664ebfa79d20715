"""How AI seats pick a wonder board in the wonder-pick phase (``Config.wonders == "choose"``).

Preference: the heuristic's own estimate of a board side's worth over a whole game, the sum
over its stages of what ``classic_eval`` would credit that stage with when built (stage ``i``
of a side counted in Age ``min(i, 3)``: VP, coins / 3, 1.5 VP a shield, 3 VP for the any-symbol,
the Age-weighted worth of a one-of resource and of a special power, the per-stage
``STAGE_BONUS``), minus a third of a VP per resource unit the stages cost, plus 1.5 VP for the
board's starting resource. Ties are broken by the agent's seeded rng. See docs/ai.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from engine.ai.classic_eval import _SPECIAL, STAGE_BONUS
from engine.classic.data import BOARD_INDEX, BOARDS

__all__ = ["WonderPicker", "board_value", "free_city_choice"]

SHIELD_VP = 1.5
ANY_SYMBOL_VP = 3.0
COST_UNIT_VP = 1 / 3
START_RESOURCE_VP = 1.5


@cache  # pure function of two small ints (14 entries): safe to share between threads
def board_value(board: int, side: int) -> float:
    total = START_RESOURCE_VP
    for i, stage in enumerate(BOARDS[board].sides[side], start=1):
        age = min(i, 3)
        eff = stage.effect
        val = eff.vp + eff.coins / 3 + SHIELD_VP * eff.shields + STAGE_BONUS
        if eff.science >= 0:
            val += ANY_SYMBOL_VP
        if eff.choice and age < 3:
            val += (3.0 if age == 1 else 1.8) * (1.3 if len(eff.choice) >= 3 else 1.0)
        if eff.special:
            val += _SPECIAL.get(eff.special, (2.0, 2.0, 2.0))[age - 1]
        total += val - COST_UNIT_VP * sum(stage.cost)
    return total


class WonderPicker:
    """Wraps a classic agent: picks the best-valued board in the wonder-pick phase, the Free
    City's card in the 2-player game (``free_city_choice``), and leaves every other decision to
    the wrapped agent."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if view.free_city is not None and view.free_city.picking:
            return free_city_choice(view, legal_moves, rng)
        if view.phase != "wonder_pick":
            return self.inner.choose(view, legal_moves, rng)
        if not legal_moves:
            raise ValueError("no legal move to choose from")
        scored = [
            (board_value(BOARD_INDEX[o.board], "AB".index(o.side)), o.move)
            for o in view.wonder_pick.options
        ]
        by_text = {str(m): m for m in legal_moves}
        top = max((v for v, t in scored if t in by_text), default=None)
        if top is None:
            return legal_moves[rng.randrange(len(legal_moves))]
        best = [t for v, t in scored if t in by_text and v >= top - 1e-9]
        return by_text[best[rng.randrange(len(best))]]


def free_city_choice(view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
    """The Free City's card (2-player game): the Free City cannot win, and the hand left goes
    to the opponent, so deny them: play for the Free City the card the heuristic says the
    opponent would gain most by building now; ties by the rng."""
    from engine.ai.classic_eval import heuristic_value
    from engine.classic.views import MoveView

    if not legal_moves:
        raise ValueError("no legal move to choose from")
    theirs = view.model_copy(update={"seat": 1 - view.seat})
    by_text = {str(m): m for m in legal_moves}
    worth: dict[str, float] = {}
    scored = []
    for mv in view.legal_moves:
        if mv.move not in by_text:
            continue
        if mv.card not in worth:
            as_build = MoveView(move="", action="build", card=mv.card, text="")
            worth[mv.card] = heuristic_value(theirs, as_build)
        scored.append((worth[mv.card], mv.move))
    if not scored:
        return legal_moves[rng.randrange(len(legal_moves))]
    top = max(v for v, _ in scored)
    best = [t for v, t in scored if v >= top - 1e-9]
    return by_text[best[rng.randrange(len(best))]]
