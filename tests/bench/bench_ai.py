"""AI speed benchmark: heuristic decision p50/p99 on 7-player classic turns; prints one JSON line.

Run: python tests/bench/bench_ai.py [--games 20]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from engine import classic
from engine.ai import make_agent


def _classic_times(players: int, level: str, games: int) -> list[float]:
    agent = make_agent("classic", level, **({"ms": 1000.0} if level == "search" else {}))
    times: list[float] = []
    for seed in range(games):
        state = classic.new_game(classic.Config(players=players, sides="random"), seed)
        rng = random.Random(seed)
        while classic.to_act(state):
            for seat in sorted(classic.to_act(state)):
                legal = classic.legal_moves(state, seat)
                v = classic.view(state, seat)
                t0 = time.perf_counter()
                move = agent.choose(v, legal, rng)
                times.append(time.perf_counter() - t0)
                state, _ = classic.apply(state, seat, move)
    return times


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))] * 1000, 3)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    a = ap.parse_args()
    out: dict[str, object] = {}
    for level, games in (("heuristic", a.games), ("search", 1)):
        ts = _classic_times(7, level, games)
        out[f"classic7_{level}_ms_p50"] = _pct(ts, 0.5)
        out[f"classic7_{level}_ms_p99"] = _pct(ts, 0.99)
        out[f"classic7_{level}_decisions"] = len(ts)
    out["search_budget_ms"] = 1000.0
    out["duel"] = "not measured: engine.duel has not landed"
    print(json.dumps(out))


if __name__ == "__main__":
    main()
