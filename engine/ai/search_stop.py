"""Early stopping for both searches (Duel and classic): stop sampling once the decision is settled.

Each candidate move is an ``Arm``: its rollout results (count, sum, sum of squares) and the
worth the search ranks by (the move's own value + the rollout mean shrunk toward a base by
``PRIOR`` pseudo-rollouts). ``settle`` is run after each round of rollouts (every surviving
candidate got one more) once each has ``min_n`` of them: it drops the candidates whose worth plus
``z`` standard errors is below the leader's worth minus ``z`` standard errors, and reports the
decision settled when the leader is separated from every survivor (up to ``tie`` VP: two moves
within ``tie`` of each other are as good as equal for the decision), or when the rollouts still
left in the budget could not plausibly change the ranking (the leader's and each survivor's
final worth moved ``z`` predictive standard deviations toward each other still keep the order).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["PRIOR", "Arm", "Budget", "round_robin", "settle"]

PRIOR = 2.0
_MIN_SD = 1.0  # a few equal rollouts do not prove a zero spread


@dataclass
class Arm:
    """Rollout statistics of one candidate; ``worth = offset + (total + PRIOR*base)/(n+PRIOR)``."""

    offset: float = 0.0
    base: float = 0.0
    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def worth(self) -> float:
        return self.offset + (self.total + PRIOR * self.base) / (self.n + PRIOR)

    def sd(self) -> float:
        """Sample standard deviation of the rollout results (at least ``_MIN_SD``)."""
        if self.n < 2:
            return math.inf
        mean = self.total / self.n
        var = max(0.0, self.squares / self.n - mean * mean) * self.n / (self.n - 1)
        return max(_MIN_SD, math.sqrt(var))

    def se(self) -> float:
        """Standard error of the worth (the rollout mean's, scaled by the shrinkage)."""
        return self.sd() * math.sqrt(self.n) / (self.n + PRIOR)

    def bound(self, extra: float, sign: int, z: float) -> float:
        """Plausible worth after ``extra`` more rollouts: their sum ``sign * z`` predictive
        standard deviations from ``extra`` times the current mean (the predictive spread counts
        both the new rollouts' noise and the current mean's own error)."""
        if extra <= 0:
            return self.worth()
        mean = self.total / self.n
        spread = self.sd() * math.sqrt(extra * (1.0 + extra / self.n))
        future = self.total + extra * mean + sign * z * spread
        return self.offset + (future + PRIOR * self.base) / (self.n + extra + PRIOR)


def settle(
    arms: dict[str, Arm], alive: list[str], z: float, tie: float, left: float
) -> tuple[list[str], bool]:
    """The candidates still in contention (leader first) and whether the decision is settled.

    ``left`` is the number of rollouts the budget still allows (an estimate under a time
    budget)."""
    lead = max(alive, key=lambda t: arms[t].worth())
    low = arms[lead].worth() - z * arms[lead].se()
    rest = [t for t in alive if t != lead and arms[t].worth() + z * arms[t].se() > low]
    survivors = [lead, *rest]
    if not rest or all(arms[t].worth() + z * arms[t].se() < low + tie for t in rest):
        return survivors, True
    extra = left / len(survivors)
    floor = arms[lead].bound(extra, -1, z)
    return survivors, all(arms[t].bound(extra, 1, z) < floor for t in rest)


@dataclass(frozen=True)
class Budget:
    """How long a search may run: ``ms`` of which it uses ``share`` (headroom: a busy core slows
    rollouts), or exactly ``playouts`` rollouts; early stopping options as in :func:`settle`."""

    ms: float
    share: float
    playouts: int | None
    early: bool
    min_n: int
    z: float
    tie: float


def round_robin(
    arms: dict[str, Arm],
    alive: list[str],
    rollout: Callable[[str], float | None],
    budget: Budget,
    start: float,
    worth: Callable[[Arm], float],
) -> str | None:
    """Rollouts in turn over the surviving candidates (``rollout(text)``, None for a sample the
    engine rejects: the search then returns None and the caller keeps the heuristic's move);
    the best candidate's text."""
    deadline = start + budget.ms / 1000 * budget.share
    slowest = spent = 0.0
    done = turn = 0
    while budget.playouts is None or done < budget.playouts:
        now = time.perf_counter()
        # Stop when one more rollout as slow as the slowest so far could overrun the budget.
        if budget.playouts is None and now + 3.0 * slowest >= deadline:
            break
        text = alive[turn]
        result = rollout(text)
        if result is None:
            return None
        arms[text].add(result)
        done += 1
        elapsed = time.perf_counter() - now
        slowest, spent = max(slowest, elapsed), spent + elapsed
        turn = (turn + 1) % len(alive)
        if not budget.early or turn or arms[alive[-1]].n < budget.min_n:
            continue
        if budget.playouts is not None:
            left = float(budget.playouts - done)
        else:
            left = max(0.0, deadline - time.perf_counter()) / (spent / done)
        alive, settled = settle(arms, alive, budget.z, budget.tie, left)
        if settled:
            return alive[0]
    return max(alive, key=lambda t: worth(arms[t]))
