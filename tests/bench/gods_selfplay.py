"""Gods & Heroes balance figure: heuristic self-play with and without the variant.

Run: python -m tests.bench.gods_selfplay [--games 60] [--players 4]
Prints the mean final score per seat in the base game and with the variant (same seeds), and
how often the heuristic invoked each god and each hero joined.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import Counter

from engine import classic
from engine.ai import make_agent


def _run(variant: str | None, games: int, players: int) -> tuple[float, Counter[str]]:
    agent = make_agent("classic", "heuristic")
    counts: Counter[str] = Counter()
    totals: list[int] = []
    for seed in range(games):
        config = classic.Config(players=players, variant=variant, sides="random")  # type: ignore[arg-type]
        s = classic.new_game(config, seed)
        rng = random.Random(seed)
        while classic.to_act(s):
            for seat in sorted(classic.to_act(s)):
                move = agent.choose(classic.view(s, seat), classic.legal_moves(s, seat), rng)
                if move.action == "power":
                    counts[str(move).split(":")[1]] += 1
                s, events = classic.apply(s, seat, move)
                counts.update(f"hero:{e.data['color']}" for e in events if e.kind == "hero")
        totals += [x.total for x in classic.scores(s)]
    return round(statistics.mean(totals), 1), counts


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--players", type=int, default=4)
    a = ap.parse_args()
    base, _ = _run(None, a.games, a.players)
    gods, counts = _run("gods-heroes", a.games, a.players)
    out = {"games": a.games, "players": a.players, "base_mean": base, "gods_mean": gods}
    print(json.dumps(out | dict(sorted(counts.items()))))


if __name__ == "__main__":
    main()
