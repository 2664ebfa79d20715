"""Gods & Heroes random playouts with the variant's invariants (tests/classic/gods_playout.py).

Run: python -m tests.bench.gods_playouts [--games 2000]  (from the repository root)
Plays ``games`` seeded games spread over 3-7 players (views and a replay on every 10th) and
prints the games played, the seconds taken, and how often each power was invoked and each
hero joined. Any broken invariant stops the run with an AssertionError.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from tests.classic.gods_playout import play


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    a = ap.parse_args()
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    for k in range(a.games):
        players, seed = 3 + k % 5, k // 5
        play(players, seed, seed % 10 == 0, counts)
    out = {"games": a.games, "seconds": round(time.perf_counter() - start, 1)} | dict(
        sorted(counts.items())
    )
    print(json.dumps(out))


if __name__ == "__main__":
    main()
