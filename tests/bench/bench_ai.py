"""AI speed benchmark; prints one JSON line.

Heuristic decision p50/p99 on 7-player classic turns and on Duel turns; search decision times
at a budget (``--ms``, default 1000) on one game of each (target: p99 <= 1.2 x budget).

Run: python tests/bench/bench_ai.py [--games 20] [--ms 1000] [--no-search] [--cities] [--leaders]
(``--cities`` / ``--leaders`` add the heuristic on 7-player classic turns with that expansion;
both together also with Leaders + Cities, draft and recruitment turns included.)
"""

from __future__ import annotations

import argparse
import json
import random
import time

from engine import classic, duel
from engine.ai import make_agent


def _duel_times(level: str, games: int, ms: float) -> list[float]:
    """Decision times of ``level`` playing seat 0 or 1 (alternating) against the heuristic."""
    agent = make_agent("duel", level, **({"ms": ms} if level == "search" else {}))
    other = make_agent("duel", "heuristic")
    times: list[float] = []
    for seed in range(games):
        state = duel.new_game(duel.Config(), seed)
        rng = random.Random(seed)
        while duel.to_act(state):
            (seat,) = duel.to_act(state)
            legal = duel.legal_moves(state, seat)
            v = duel.view(state, seat)
            if seat == seed % 2:
                t0 = time.perf_counter()
                move = agent.choose(v, legal, rng)
                times.append(time.perf_counter() - t0)
            else:
                move = other.choose(v, legal, rng)
            state, _ = duel.apply(state, seat, move)
    return times


def _classic_times(
    players: int, level: str, games: int, ms: float = 1000.0, expansions: tuple[str, ...] = ()
) -> list[float]:
    agent = make_agent("classic", level, **({"ms": ms} if level == "search" else {}))
    times: list[float] = []
    for seed in range(games):
        config = classic.Config(players=players, sides="random", expansions=expansions)
        state = classic.new_game(config, seed)
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


_EXPANSIONS = {
    "cities7": ("cities",),
    "leaders7": ("leaders",),
    "leaders_cities7": ("leaders", "cities"),
}


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))] * 1000, 3)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--ms", type=float, default=1000.0, help="search budget per decision")
    ap.add_argument("--no-search", action="store_true")
    ap.add_argument("--cities", action="store_true")
    ap.add_argument("--leaders", action="store_true")
    a = ap.parse_args()
    out: dict[str, object] = {}
    runs = [("classic7", "heuristic", a.games), ("duel", "heuristic", a.games)]
    if a.cities:
        runs.append(("cities7", "heuristic", a.games))
    if a.leaders:
        runs.append(("leaders7", "heuristic", a.games))
    if a.leaders and a.cities:
        runs.append(("leaders_cities7", "heuristic", a.games))
    if not a.no_search:
        runs += [("classic7", "search", 1), ("duel", "search", 1)]
        out["search_budget_ms"] = a.ms
    for game, level, games in runs:
        if game == "duel":
            ts = _duel_times(level, games, a.ms)
        else:
            ts = _classic_times(7, level, games, a.ms, _EXPANSIONS.get(game, ()))
        out[f"{game}_{level}_ms_p50"] = _pct(ts, 0.5)
        out[f"{game}_{level}_ms_p99"] = _pct(ts, 0.99)
        out[f"{game}_{level}_ms_max"] = _pct(ts, 1.0)
        out[f"{game}_{level}_decisions"] = len(ts)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
