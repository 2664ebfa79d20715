"""Run one bench script against several source trees, interleaved, and print the medians.

Run: python tests/bench/interleaved.py --rounds 5 --trees base=/tmp/base,mine=. \\
         -- tests/bench/bench_classic.py --games 60 --leaders --cities

The machine is shared and noisy (about +-20% between two runs a minute apart): comparing two
trees in runs made at different times measures the load as much as the code. Each round runs
the script once per tree, in the given order: each tree's own copy of the script, from that
tree's root with ``PYTHONPATH`` set to it. The table gives, per figure of the script's JSON
line, the median over the rounds and its ratio to the first tree's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path


def run_once(script: Path, tree: Path, args: list[str]) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, str(script), *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def table(names: list[str], runs: dict[str, list[dict[str, float]]]) -> list[str]:
    first = names[0]
    head = " | ".join(names) + " | " + " | ".join(f"{n}/{first}" for n in names[1:])
    lines = [f"| figure | {head} |", "|---" * (2 * len(names)) + "|"]
    for key, value in runs[first][0].items():
        if not isinstance(value, int | float):
            continue
        med = [statistics.median(r[key] for r in runs[n]) for n in names]
        ratios = " | ".join(f"{m / med[0]:.3f}" if med[0] else "-" for m in med[1:])
        lines.append(f"| {key} | " + " | ".join(f"{m:g}" for m in med) + f" | {ratios} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--trees", required=True, help="name=path,name=path (first: reference)")
    parser.add_argument("script", type=Path, help="bench script, relative to each tree")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="the script's own options")
    opts = parser.parse_args()
    trees = [pair.split("=", 1) for pair in opts.trees.split(",")]
    names = [name for name, _ in trees]
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    for done in range(opts.rounds):
        for name, path in trees:
            tree = Path(path).resolve()
            runs[name].append(run_once(tree / opts.script, tree, opts.args))
        print(f"round {done + 1}/{opts.rounds} done", file=sys.stderr)
    print("\n".join(table(names, runs)))


if __name__ == "__main__":
    main()
