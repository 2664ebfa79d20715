"""Render benchmark: median CPU ms per image (one core) and PNG sizes; prints one JSON line.

    python tests/bench/bench_render.py [--repeat N]

Targets (issue 6): 7-player table <= 150 ms, hand <= 80 ms, Duel board <= 100 ms,
score sheet <= 80 ms, every PNG <= 500 KB. The variants (issue 21): the tallest wonder pick (14
board sides to choose from) is held to the table's target, the public pick table and the Free
City's hand to the hand's. The Duel cases render real ``engine.duel`` views of a
seeded game (mid-Age III: the fullest pyramid); the Duel hand (the board from one seat's side
with its prices) is held to the Duel board's target. CPU time (process_time) is used so that other
processes sharing the machine do not inflate the figures much.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from engine import classic
from render import board_png, hand_png, scores_png
from render.samples import NAMES, classic_game, classic_outcome

TARGETS_MS = {
    "classic_table_7p": 150,
    "classic_hand_7p": 80,
    "duel_board": 100,
    "duel_hand": 100,
    "scores_7p": 80,
    "duel_scores": 80,
    "wonder_choice_14": 150,
    "wonder_table_4p": 80,
    "classic_table_2p": 150,
    "free_city_hand": 80,
}


def _cases() -> dict[str, Callable[[], bytes]]:
    st = classic_game(7, seed=1)
    table, hand = classic.view(st, None), classic.view(st, 0)
    out = classic_outcome(7)
    cases: dict[str, Callable[[], bytes]] = {
        "classic_table_7p": lambda: board_png("classic", table, NAMES),
        "classic_hand_7p": lambda: hand_png("classic", hand, NAMES),
        "scores_7p": lambda: scores_png("classic", out, NAMES),
    }
    from render.duel_samples import bench_cases  # real engine views, mid-Age III
    from render.variant_samples import pick_clash, pick_start, two_free_city_pick, two_game

    choice, pick = classic.view(pick_start(2, "choose", 0), 0), classic.view(pick_clash(), None)
    two = classic.view(two_game(), None)
    fc_state, fc_seat = two_free_city_pick()
    fc_hand = classic.view(fc_state, fc_seat)
    cases.update(
        {
            "wonder_choice_14": lambda: hand_png("classic", choice, NAMES[:2]),
            "wonder_table_4p": lambda: board_png("classic", pick, NAMES[:4]),
            "classic_table_2p": lambda: board_png("classic", two, NAMES[:2]),
            "free_city_hand": lambda: hand_png("classic", fc_hand, NAMES[:2]),
        }
    )
    cases.update(bench_cases())
    return cases


def measure(repeat: int) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for name, make in _cases().items():
        png = make()  # warm-up: fonts and caches load once
        times = []
        for _ in range(repeat):
            t = time.process_time()
            make()
            times.append((time.process_time() - t) * 1000)
        med = statistics.median(times)
        target = TARGETS_MS.get(name)
        result[name] = {
            "median_ms": round(med, 1),
            "kb": round(len(png) / 1024, 1),
            "target_ms": target,
            "ok": (target is None or med <= target) and len(png) <= 500_000,
        }
    return result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    res = measure(args.repeat)
    print(json.dumps({"bench": "render", "repeat": args.repeat, "results": res}))
    return 0 if all(r["ok"] for r in res.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
