"""Determinized Monte Carlo for 7 Wonders Duel with heuristic-guided, truncated rollouts.

For the ``width`` best heuristic moves, repeatedly: sample a full position consistent with the
seat's view (``duel_sample``: face-down cards, later decks and box tokens drawn from what the
seat has not seen), play the candidate, let the heuristic play both seats for ``depth`` plies
(or to the end of the game), and score the result from the view of the searching seat. A
candidate's worth is the mean rollout result, with the heuristic value as a prior worth PRIOR
rollouts (few rollouts are noisy). Budget: ``ms`` per decision (default 1000) or ``playouts``;
an upper bound: the search stops early once the decision is settled (``search_stop``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from engine import duel
from engine.ai.duel_eval import heuristic_rank_raw
from engine.ai.duel_facts import city_of
from engine.ai.duel_sample import SAMPLEABLE_PHASES, sample_state
from engine.ai.duel_value import WIN, pawn_value
from engine.ai.search_stop import Arm, Budget, round_robin
from engine.common import EngineError

__all__ = ["DuelSearchAgent", "static_value"]

GAIN_CLIP = 25.0
ROLLOUT_WIN = 50.0  # a won rollout counts like a large VP margin, not like a certain win
_SCI = (0.0, 0.5, 1.5, 3.0, 6.0, 12.0)


def static_value(state: Any, seat: int) -> float:
    """Worth of a position for ``seat``: VP margin plus the supremacy races (±ROLLOUT_WIN over)."""
    out = duel.outcome(state)
    if out is not None:
        if len(out.winners) > 1:
            return 0.0
        return ROLLOUT_WIN if out.winners[0] == seat else -ROLLOUT_WIN
    view = duel.view(state, seat)
    sc = view.scores
    me, opp = city_of(view, seat), city_of(view, 1 - seat)
    toward = view.pawn if seat == 0 else -view.pawn
    v = float(sc[seat].total - sc[1 - seat].total)
    v += pawn_value(toward, False) - pawn_value(toward, True)  # pressure beyond the VP
    v += _SCI[min(5, len(me.symbols))] - _SCI[min(5, len(opp.symbols))]
    return v


def _policy(state: Any, seat: int, rng: random.Random) -> tuple[Any, float]:
    """The heuristic's move for ``seat`` in a sampled position, and its value."""
    legal = duel.legal_moves(state, seat)
    by_text = {str(m): m for m in legal}
    ranked = [x for x in heuristic_rank_raw(duel.view(state, seat)) if x[2] in by_text]
    if not ranked:
        return legal[rng.randrange(len(legal))], 0.0
    top = max(v for v, _, _ in ranked)
    v, raw, text = rng.choice([x for x in ranked if x[0] >= top - 1e-9])
    return by_text[text], raw


def _rollout(state: Any, me: int, depth: int, rng: random.Random, gain: bool) -> float:
    """Heuristic play for ``depth`` plies. ``gain``: the result is the signed sum of the
    heuristic values of the moves played (our gains minus theirs, each clipped), so economy
    counts on the heuristic's own scale; else the static value of the final position."""
    total = 0.0
    for _ in range(depth):
        acting = duel.to_act(state)
        if not acting:
            break
        seat = next(iter(acting))
        move, value = _policy(state, seat, rng)
        clipped = max(-GAIN_CLIP, min(GAIN_CLIP, value))
        total += clipped if seat == me else -clipped
        state, _ = duel.apply(state, seat, move)
    out = duel.outcome(state)
    if gain and out is None:
        return total
    return static_value(state, me) + (total if gain else 0.0)


class DuelSearchAgent:
    """Flat determinized Monte Carlo over the heuristic's ``width`` best moves.

    ``early`` (default on) stops before the budget once the decision is settled: no search when
    the heuristic's best move leads the runner-up by ``clear`` or more (Ages I and II); after
    ``min_n`` rollouts per candidate, ``search_stop.settle`` drops separated candidates (``z``
    standard errors) and stops when one is left, when the rest are within ``tie`` VP, or when
    the remaining budget could not plausibly change the ranking. ``early=0`` always spends the
    whole budget."""

    def __init__(
        self,
        ms: float = 1000.0,
        playouts: int | None = None,
        width: int = 4,
        depth: int = 10,
        gain: int = 1,
        early: int = 1,
        clear: float = 6.0,
        min_n: int = 4,
        z: float = 1.0,
        tie: float = 2.0,
    ) -> None:
        self.ms, self.playouts, self.width, self.depth = ms, playouts, width, depth
        self.gain, self.early = bool(gain), bool(early)
        self.clear, self.min_n, self.z, self.tie = clear, max(2, min_n), z, tie

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        start = time.perf_counter()
        if not legal_moves:
            raise ValueError("no legal move to choose from")
        by_text = {str(m): m for m in legal_moves}
        scored = [x for x in heuristic_rank_raw(view) if x[2] in by_text]
        raw = {t: r for _, r, t in scored}
        ranked = sorted(((v, t) for v, _, t in scored), reverse=True)
        if not ranked:
            return legal_moves[rng.randrange(len(legal_moves))]
        top = ranked[0][0]
        fallback = by_text[rng.choice([t for v, t in ranked if v >= top - 1e-9])]
        ranked = ranked[: self.width]
        if (
            view.seat is None
            or view.phase not in SAMPLEABLE_PHASES
            or len(ranked) < 2
            or top >= WIN
            or self._clear(view, top - ranked[1][0])
        ):
            return fallback
        arms = {
            t: Arm(max(-GAIN_CLIP, min(GAIN_CLIP, raw[t])), 0.0) if self.gain else Arm(0.0, v)
            for v, t in ranked
        }
        best = self._search(view, arms, [t for _, t in ranked], start, rng)
        return fallback if best is None else by_text[best]

    def _clear(self, view: Any, lead: float) -> bool:
        """The heuristic's lead settles the move without rollouts. Not in Age III: there the
        rollouts reach the end of the game, which the heuristic's values do not see (in recorded
        full-budget searches it overruled Age III leads of 7 and 7.6, never Age I/II leads >= 6)."""
        return self.early and view.age < 3 and lead >= self.clear

    def _search(
        self, view: Any, arms: dict[str, Arm], alive: list[str], start: float, rng: random.Random
    ) -> str | None:
        """Rollouts over the surviving candidates (``search_stop.round_robin``); the best one's
        text (None: a sample failed, keep the heuristic's choice)."""

        def rollout(text: str) -> float | None:
            try:
                state = sample_state(view, rng)
                state, _ = duel.apply(state, view.seat, duel.parse_move(text))
                return _rollout(state, view.seat, self.depth, rng, self.gain)
            except (EngineError, IndexError, ValueError):  # a bad sample
                return None

        budget = Budget(self.ms, 0.9, self.playouts, self.early, self.min_n, self.z, self.tie)
        return round_robin(arms, alive, rollout, budget, start, Arm.worth)
