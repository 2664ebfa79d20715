"""Cities playout invariants over many seeded random games: prints one JSON line.

Run: python tests/bench/cities_playouts.py [--games-per-count 600]
(5 player counts x 600 = 3,000 games; every invariant of tests/classic/cities/playout.py.)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.classic.cities.playout import play  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games-per-count", type=int, default=600)
    a = ap.parse_args()
    start = time.process_time()
    debt = games = 0
    for players in (3, 4, 5, 6, 7):
        for seed in range(a.games_per_count):
            s = play(players, seed, views=seed % 50 == 0)
            assert s.cx is not None
            debt += sum(s.cx.debt)
            games += 1
    cpu = time.process_time() - start
    print(json.dumps({"games": games, "debt_tokens": debt, "cpu_s": round(cpu, 1)}))


if __name__ == "__main__":
    main()
