"""Random Leaders playouts with every invariant (issue 23): prints one JSON line of figures.

Run: python tests/bench/leaders_playouts.py [--games-per-count 600]
Plays that many seeded games at each of 3..7 players (3,000 by default) through
``tests/classic/leaders_playout.play_checked`` (views every 7th step and a full replay on every
10th game); any broken invariant raises.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.classic.leaders_playout import play_checked  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games-per-count", type=int, default=600)
    a = ap.parse_args()
    t0 = time.perf_counter()
    games = moves = 0
    for players in range(3, 8):
        for seed in range(a.games_per_count):
            steps, _ = play_checked(players, seed, deep=seed % 10 == 0)
            games += 1
            moves += steps
    dt = time.perf_counter() - t0
    print(json.dumps({"games": games, "moves": moves, "seconds": round(dt, 1), "ok": True}))


if __name__ == "__main__":
    main()
