"""Babel playout invariants over many seeded random games: prints one JSON line.

Run: python tests/bench/babel_playouts.py [--games-per-count 200]
(5 player counts x N games with both modules, every invariant of tests/classic/babel/playout.py;
views checked in every 20th game.)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.classic.babel.playout import Stats, play  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games-per-count", type=int, default=200)
    ap.add_argument("--expansions", default="babel-tower,babel-projects")
    a = ap.parse_args()
    start = time.process_time()
    stats = Stats()
    blocked = 0
    for players in (3, 4, 5, 6, 7):
        for seed in range(a.games_per_count):
            s = play(players, seed, tuple(a.expansions.split(",")), seed % 20 == 0, stats)
            blocked += sum(1 for c in s.cities if c.prod)
    out = vars(stats) | {"cpu_s": round(time.process_time() - start, 1)}
    out["cities_blocked_by_double_walls"] = blocked
    print(json.dumps(out))


if __name__ == "__main__":
    main()
