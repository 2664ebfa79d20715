"""Benchmark of the Duel engine: prints one JSON line.

Run: python tests/bench/bench_duel.py [--games N] [--rounds K]
Random-vs-random complete games per second on one core (the public API: to_act, legal_moves,
apply) — over the whole run and over each of K consecutive slices of it —, median µs of ``apply``
and ``legal_moves``, the largest dumped state in JSON bytes, and the peak traced memory of one
game.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import tracemalloc

from engine import duel


def play(seed: int) -> duel.State:
    # The random players pick with ``moves[int(random() * n)]`` (uniform up to float rounding):
    # ``Random.choice`` is pure Python and cost ~5% of a game, which is the player's time, not
    # the engine's.
    random_ = random.Random(seed).random
    s = duel.new_game(duel.Config(), seed)
    to_act, legal_moves, apply = duel.to_act, duel.legal_moves, duel.apply
    while True:
        acting = to_act(s)
        if not acting:
            return s
        for seat in acting:
            moves = legal_moves(s, seat)
            s, _ = apply(s, seat, moves[int(random_() * len(moves))])


def games_per_second(games: int, rounds: int) -> tuple[float, float, list[float]]:
    """(games per wall-clock second, games per CPU second of this process, games per wall-clock
    second of each of ``rounds`` consecutive slices of the same games)."""
    wall, cpu = time.perf_counter(), time.process_time()
    per_round: list[float] = []
    size = -(-games // rounds)
    for start in range(0, games, size):
        t0 = time.perf_counter()
        stop = min(games, start + size)
        for seed in range(start, stop):
            play(10_000 + seed)
        per_round.append((stop - start) / (time.perf_counter() - t0))
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu), per_round


def micro(games: int) -> tuple[float, float, int]:
    """Median µs of legal_moves and of apply, plus the largest dumped state (JSON bytes)."""
    lm: list[float] = []
    ap: list[float] = []
    size = 0
    clock = time.perf_counter
    for seed in range(games):
        rng = random.Random(seed)
        s = duel.new_game(duel.Config(), 50_000 + seed)
        while duel.to_act(s):
            (seat,) = duel.to_act(s)
            t0 = clock()
            moves = duel.legal_moves(s, seat)
            t1 = clock()
            lm.append((t1 - t0) * 1e6)
            move = rng.choice(moves)
            t0 = clock()
            s, _ = duel.apply(s, seat, move)
            ap.append((clock() - t0) * 1e6)
            size = max(size, len(json.dumps(duel.dump(s))))
    return statistics.median(lm), statistics.median(ap), size


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=8, help="slices of the games timed apart")
    args = parser.parse_args()
    for seed in range(50):
        play(seed)  # warm the price memo, as a long-running bot or arena would be
    out: dict[str, float | int] = {"games": args.games}
    wall, cpu, per_round = games_per_second(args.games, args.rounds)
    out["games_per_s"] = round(wall, 1)
    out["games_per_cpu_s"] = round(cpu, 1)
    # The machine's speed drifts by up to ~1.7x within seconds (shared host; CPU time tracks
    # wall time, so it is not preemption): the slices show how much of a run was slowed.
    out["games_per_s_by_round"] = [round(x) for x in per_round]
    lm, ap, size = micro(max(5, args.games // 20))
    out["legal_moves_median_us"] = round(lm, 2)
    out["apply_median_us"] = round(ap, 2)
    out["max_dump_bytes"] = size
    tracemalloc.start()
    play(1)
    out["peak_memory_one_game_kb"] = round(tracemalloc.get_traced_memory()[1] / 1024, 1)
    tracemalloc.stop()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
