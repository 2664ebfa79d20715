"""Benchmark of the classic engine: prints one JSON line.

Run: python tests/bench/bench_classic.py [--games N] [--leaders] [--cities]

``--leaders`` adds ``leaders_games_per_s_7p`` (7-player random games with the Leaders expansion,
draft and recruitment turns included) and its ratio to the base 7-player figure of the same run.
``--cities`` adds the same games-per-second figures with the Cities expansion; both flags together
also time 7-player games with both expansions (``leaders_cities_games_per_s_7p``).

Games per second use CPU time (time.process_time) so that other processes on a shared box
slow the figure less; the legal_moves / apply medians use wall-clock perf_counter (medians
shrug off preemption). The dump size is the largest of every state of the sampled games.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import tracemalloc

from engine import classic as C


def play(players: int, seed: int, expansions: tuple[str, ...] = ()) -> C.State:
    rng = random.Random(seed)
    s = C.new_game(C.Config(players=players, sides="random", expansions=expansions), seed)
    while True:
        acting = C.to_act(s)
        if not acting:
            return s
        for seat in sorted(acting):
            s, _ = C.apply(s, seat, rng.choice(C.legal_moves(s, seat)))


def games_per_second(players: int, games: int, expansions: tuple[str, ...] = ()) -> float:
    start = time.process_time()
    for seed in range(games):
        play(players, 10_000 + seed, expansions)
    return games / (time.process_time() - start)


def micro(games: int) -> tuple[float, float, int]:
    """Median µs of legal_moves on 7-card hands and of apply, plus a dumped state size."""
    lm: list[float] = []
    ap: list[float] = []
    size = 0
    for seed in range(games):
        rng = random.Random(seed)
        s = C.new_game(C.Config(players=7, sides="random"), 50_000 + seed)
        while C.to_act(s):
            for seat in sorted(C.to_act(s)):
                t0 = time.perf_counter()
                moves = C.legal_moves(s, seat)
                t1 = time.perf_counter()
                if len(s.hands[seat]) == 7:
                    lm.append((t1 - t0) * 1e6)
                move = rng.choice(moves)
                t0 = time.perf_counter()
                s, _ = C.apply(s, seat, move)
                ap.append((time.perf_counter() - t0) * 1e6)
                size = max(size, len(json.dumps(C.dump(s))))
    return statistics.median(lm), statistics.median(ap), size


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--leaders", action="store_true", help="also 7-player Leaders games")
    parser.add_argument("--cities", action="store_true", help="also also time Cities games")
    args = parser.parse_args()
    out: dict[str, float | int] = {}
    for n in (3, 5, 7):
        play(n, 0)  # warm caches
        out[f"games_per_s_{n}p"] = round(games_per_second(n, args.games), 1)
        if args.cities:
            play(n, 0, ("cities",))
            rate = games_per_second(n, args.games, ("cities",))
            out[f"games_per_s_cities_{n}p"] = round(rate, 1)
    if args.leaders:
        play(7, 0, ("leaders",))
        lead = games_per_second(7, args.games, ("leaders",))
        out["leaders_games_per_s_7p"] = round(lead, 1)
        out["leaders_vs_base_7p"] = round(lead / out["games_per_s_7p"], 3)
    if args.leaders and args.cities:
        both = games_per_second(7, args.games, ("leaders", "cities"))
        out["leaders_cities_games_per_s_7p"] = round(both, 1)
    lm, ap, size = micro(max(5, args.games // 10))
    out["legal_moves_7card_median_us"] = round(lm, 1)
    out["apply_median_us"] = round(ap, 1)
    out["max_dump_7p_bytes"] = size
    tracemalloc.start()
    play(7, 1)
    out["peak_memory_one_7p_game_kb"] = round(tracemalloc.get_traced_memory()[1] / 1024, 1)
    tracemalloc.stop()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
