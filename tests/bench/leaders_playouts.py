"""Random Leaders playouts with every invariant (issue 23): prints one JSON line of figures.

Run: python tests/bench/leaders_playouts.py [--games-per-count 600] [--cities] [--choose]
Plays that many seeded games at each of 3..7 players (3,000 by default) through
``tests/classic/leaders_playout.play_checked`` (views every 7th step and a full replay on every
10th game); any broken invariant raises. ``--cities`` plays Leaders and Cities together (Cities'
token invariants too) and adds the Debt tokens taken to the figures. ``--choose`` opens each game
with the wonder pick (sides chosen on odd seeds) before the leader draft.
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
    ap.add_argument("--cities", action="store_true", help="Leaders and Cities together")
    ap.add_argument("--choose", action="store_true", help="the wonder pick before the draft")
    a = ap.parse_args()
    expansions = ("leaders", "cities") if a.cities else ("leaders",)
    debt = 0
    t0 = time.perf_counter()
    games = moves = 0
    for players in range(3, 8):
        for seed in range(a.games_per_count):
            wonders = "choose" if a.choose else None
            steps, dump = play_checked(players, seed, seed % 10 == 0, expansions, wonders)
            debt += sum(dump.get("cities_ext", {}).get("debt", ()))  # type: ignore[attr-defined]
            games += 1
            moves += steps
    dt = time.perf_counter() - t0
    out = {"expansions": list(expansions), "wonders": "choose" if a.choose else "deal"}
    out |= {"games": games, "moves": moves, "seconds": round(dt, 1)}
    if a.cities:
        out["debt_tokens"] = debt
    print(json.dumps(out | {"ok": True}))


if __name__ == "__main__":
    main()
