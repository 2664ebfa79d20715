"""Determinized Monte Carlo for 7 Wonders Duel with heuristic-guided, truncated rollouts.

For the ``width`` best heuristic moves, repeatedly: sample a full position consistent with the
seat's view (``duel_sample``: face-down cards, later decks and box tokens drawn from what the
seat has not seen), play the candidate, let the heuristic play both seats for ``depth`` plies
(or to the end of the game), and score the result from the view of the searching seat. A
candidate's worth is the mean rollout result, with the heuristic value as a prior worth PRIOR
rollouts (few rollouts are noisy). Budget: ``ms`` per decision (default 1000) or ``playouts``.
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
from engine.common import EngineError

__all__ = ["DuelSearchAgent", "static_value"]

PRIOR = 2.0
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
    """Flat determinized Monte Carlo over the heuristic's ``width`` best moves."""

    def __init__(self, ms: float = 1000.0, playouts: int | None = None, width: int = 4,
                 depth: int = 10, gain: int = 1) -> None:
        self.ms, self.playouts, self.width, self.depth = ms, playouts, width, depth
        self.gain = bool(gain)

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
        if (view.seat is None or view.phase not in SAMPLEABLE_PHASES or len(ranked) < 2
                or top >= WIN):
            return fallback
        totals = {t: 0.0 for _, t in ranked}
        counts = {t: 0 for _, t in ranked}
        deadline = start + self.ms / 1000 * 0.9  # headroom: a busy core slows rollouts
        slowest = 0.0
        done = 0
        while self.playouts is None or done < self.playouts:
            now = time.perf_counter()
            # Stop when one more rollout as slow as the slowest so far could overrun the budget.
            if self.playouts is None and now + 3.0 * slowest >= deadline:
                break
            _, text = ranked[done % len(ranked)]
            try:
                state = sample_state(view, rng)
                state, _ = duel.apply(state, view.seat, duel.parse_move(text))
                totals[text] += _rollout(state, view.seat, self.depth, rng, self.gain)
            except (EngineError, IndexError, ValueError):  # a bad sample: keep the heuristic choice
                return fallback
            counts[text] += 1
            done += 1
            slowest = max(slowest, time.perf_counter() - now)
        prior = {t: v for v, t in ranked}

        def worth(t: str) -> float:
            if self.gain:  # our move's own gain, then the rollout's signed gains (shrunk to 0)
                return max(-GAIN_CLIP, min(GAIN_CLIP, raw[t])) + totals[t] / (counts[t] + PRIOR)
            return (totals[t] + PRIOR * prior[t]) / (counts[t] + PRIOR)

        return by_text[max(totals, key=worth)]
