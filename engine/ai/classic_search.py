"""Determinized Monte Carlo for 7 Wonders: sample hidden hands, play heuristic rollouts.

Default (``gain=1``): rollouts of ``turns`` more picks per seat score our heuristic gains minus
the mean of the others' (what we pass on counts); ``gain=0``: heuristic playouts to the end,
scored by the final margin, with the heuristic as a prior worth PRIOR_FULL playouts.

Only the seat's view is read. The other hands are sampled by :mod:`engine.ai.classic_sample`:
the hands that passed through the seat this age (``known=1``) and the age's unseen cards;
``classic.state_from_view`` builds the sampled state (later ages are dealt fresh by it). With
``crn=1`` the candidates are compared on the same deals (the k-th rollout of each shares one).
An expansion's hidden parts (the leaders' hands) are sampled by its AI part
(``classic_hooks.SAMPLERS``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from engine import classic
from engine.ai.classic_eval import heuristic_value
from engine.ai.classic_hooks import SAMPLERS, UNSEARCHED
from engine.ai.classic_sample import sample_hands
from engine.ai.search_stop import Arm, Budget, round_robin
from engine.common import EngineError

__all__ = ["SearchAgent"]

GAIN_CLIP = 15.0
PRIOR_FULL = 6.0  # gain=0: 1 s buys only ~2-3 playouts per candidate: lean on the heuristic


def _best(view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    return _best_valued(view, legal, rng)[0]


def _best_valued(view: Any, legal: Sequence[Any], rng: random.Random) -> tuple[Any, float]:
    by_text = {str(m): m for m in legal}
    scored = [(heuristic_value(view, mv), mv.move) for mv in view.legal_moves if mv.move in by_text]
    if not scored:
        return legal[rng.randrange(len(legal))], 0.0
    top = max(v for v, _ in scored)
    return by_text[rng.choice([t for v, t in scored if v >= top - 1e-9])], top


def _gain_rollout(state: Any, seat: int, turns: int, rng: random.Random) -> float:
    """Heuristic play for ``turns`` more picks per seat; our heuristic gains minus the mean of
    the others' (so the hand we pass on counts), each clipped to +-GAIN_CLIP."""
    players = len(classic.scores(state))
    total = 0.0
    budget = turns * players
    while budget > 0 and classic.to_act(state):
        for s in sorted(classic.to_act(state)):
            legal = classic.legal_moves(state, s)
            move, value = _best_valued(classic.view(state, s), legal, rng)
            # A god's power's value is a ranking device (classic_gods.USE), not VP.
            value = 0.0 if move.action in UNSEARCHED else max(-GAIN_CLIP, min(GAIN_CLIP, value))
            total += value if s == seat else -value / (players - 1)
            state, _ = classic.apply(state, s, move)
            budget -= 1
    return total


def _playout(state: Any, seat: int, rng: random.Random) -> float:
    while classic.to_act(state):
        for s in sorted(classic.to_act(state)):
            legal = classic.legal_moves(state, s)
            state, _ = classic.apply(state, s, _best(classic.view(state, s), legal, rng))
    totals = [sc.total for sc in classic.scores(state)]
    return float(totals[seat] - max(t for i, t in enumerate(totals) if i != seat))


class SearchAgent:
    """Tries the ``width`` best heuristic moves; each gets playouts until ``ms`` runs out.

    ``early`` (default on) stops before the budget once the decision is settled, with the Duel
    search's rule (``search_stop.settle``): after ``min_n`` rollouts per candidate, candidates
    ``z`` standard errors behind the leader are dropped, and the search stops when one is left,
    when the rest are within ``tie`` of it, or when the remaining budget could not plausibly
    change the ranking. Only for the default rollouts (``gain=1``); ``early=0`` always spends
    the whole budget."""

    def __init__(
        self,
        ms: float = 1000.0,
        playouts: int | None = None,
        width: int = 3,
        gain: int = 1,
        turns: int = 3,
        early: int = 1,
        min_n: int = 4,
        z: float = 1.0,
        tie: float = 1.0,
        known: int = 1,
        crn: int = 1,
    ) -> None:
        self.ms, self.playouts, self.width = ms, playouts, width
        self.known, self.crn = bool(known), bool(crn)
        self.gain, self.turns = bool(gain), turns
        self.early, self.min_n, self.z, self.tie = bool(early) and bool(gain), max(2, min_n), z, tie

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        start = time.perf_counter()
        fallback = _best(view, legal_moves, rng)
        if view.phase != "pick" or view.seat is None or fallback.action in UNSEARCHED:
            return fallback  # a god's power is spent (or kept) by the heuristic's rule
        by_text = {str(m): m for m in legal_moves}
        ranked = sorted(
            (
                (heuristic_value(view, mv), mv.move)
                for mv in view.legal_moves
                if mv.move in by_text and mv.action not in UNSEARCHED
            ),
            reverse=True,
        )[: self.width]
        if len(ranked) < 2:
            return fallback
        # gain=1: the move's own value, then the rollouts' relative gains shrunk toward 0 by
        # PRIOR pseudo-rollouts; gain=0: full playouts, the heuristic value as a prior worth
        # PRIOR_FULL playouts (see _worth).
        arms = {t: Arm(v, 0.0) for v, t in ranked}
        best = self._search(view, arms, [t for _, t in ranked], start, rng)
        return fallback if best is None else by_text[best]

    def _search(
        self, view: Any, arms: dict[str, Arm], alive: list[str], start: float, rng: random.Random
    ) -> str | None:
        """Rollouts over the surviving candidates (``search_stop.round_robin``); the best one's
        text (None: a sample the engine rejects, keep the heuristic's choice)."""

        seeds: list[int] = []

        def rollout(text: str) -> float | None:
            # crn: the k-th rollout of every candidate plays the same sampled deal (common
            # random numbers): candidates are compared on equal hands, not on luck.
            sub = rng
            if self.crn:
                k = arms[text].n
                while len(seeds) <= k:
                    seeds.append(rng.randrange(1 << 30))
                sub = random.Random(seeds[k])
            try:
                state = self._sample(view, sub)
                state, _ = classic.apply(state, view.seat, classic.parse_move(text))
                return (
                    _gain_rollout(state, view.seat, self.turns, sub)
                    if self.gain
                    else _playout(state, view.seat, sub)
                )
            except EngineError:
                return None

        budget = Budget(self.ms, 0.85, self.playouts, self.early, self.min_n, self.z, self.tie)
        return round_robin(arms, alive, rollout, budget, start, self._worth)

    def _worth(self, arm: Arm) -> float:
        if self.gain:  # own gain now, then the rollout's relative gains shrunk toward 0
            return arm.worth()
        # Few playouts are noisy: the heuristic value acts as a prior worth PRIOR_FULL playouts.
        return (arm.total + PRIOR_FULL * 2.0 * arm.offset) / (arm.n + PRIOR_FULL)

    def _sample(self, view: Any, rng: random.Random) -> Any:
        hands = sample_hands(view, rng, self.known)
        if any(len(h) < len(view.hand) for h in hands.values()):
            raise EngineError("not enough unseen cards to sample hands")
        hidden = {key: sample(view, rng) for key, sample in SAMPLERS.items()}  # leader hands
        return classic.state_from_view(view, hands, seed=rng.randrange(1 << 30), **hidden)
