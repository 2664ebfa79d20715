"""Edifice playout invariants over many seeded random games: prints one JSON line.

Run: python tests/bench/edifice_playouts.py [--games-per-count 200]
(5 player counts x 200 = 1,000 games with Edifice alone, and as many again with Leaders +
Cities + Edifice at 4 players; every invariant of tests/classic/edifice/playout.py.)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.classic.edifice.plugin import edifice_of  # noqa: E402
from engine.classic.edifice.state import DONE  # noqa: E402
from tests.classic.edifice.playout import play  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games-per-count", type=int, default=200)
    a = ap.parse_args()
    start = time.process_time()
    games = completed = debt_tokens = producing = 0
    recruit_steps: list[int] = []  # join steps opened by a stage built with a leader
    for expansions, counts in (
        (("edifice",), (3, 4, 5, 6, 7)),
        (("cities", "leaders", "edifice"), (4,) * 5),
    ):
        for k, players in enumerate(counts):
            for seed in range(a.games_per_count):
                s = play(
                    players,
                    seed + k * 100_000,
                    views=seed % 50 == 0,
                    expansions=expansions,
                    recruit_steps=recruit_steps,
                )
                e = edifice_of(s)
                assert e is not None
                completed += e.status.count(DONE)
                debt_tokens += sum(len(d) for d in e.debt)
                producing += sum(1 for c in s.cities if c.prod)  # River Port / Factory holders
                games += 1
    cpu = time.process_time() - start
    print(
        json.dumps(
            {
                "games": games,
                "projects_completed": completed,
                "projects_failed": 3 * games - completed,
                "edifice_debt_tokens": debt_tokens,
                "cities_with_production_rewards": producing,
                "recruitment_join_steps": len(recruit_steps),
                "cpu_s": round(cpu, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
