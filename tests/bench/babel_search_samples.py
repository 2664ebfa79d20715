"""How faithful the search AI's samples of Babel games are: over random 3-7 player games (both
modules), the share of a seat's legal moves that are also legal in the state the ``search``
level samples from its view (``SearchAgent._sample``), and the samples the engine refused.

Run: python tests/bench/babel_search_samples.py [--games 8]  (prints one JSON line)
"""

from __future__ import annotations

import argparse
import json
import random

from engine import classic as C
from engine.ai.classic_search import SearchAgent
from engine.classic.state import PHASES, State
from engine.common import EngineError

BOTH = ("babel-tower", "babel-projects")


def _kept(s: State, seat: int, rng: random.Random) -> tuple[int, int, bool]:
    """(moves also legal in a sample, the seat's legal moves, the sample was refused)."""
    true = {str(m) for m in C.legal_moves(s, seat)}
    try:
        sample = SearchAgent()._sample(C.view(s, seat), rng)
    except EngineError:
        return 0, len(true), True
    return len(true & {str(m) for m in C.legal_moves(sample, seat)}), len(true), False


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=8)
    args = ap.parse_args()
    rng = random.Random(0)
    kept = total = views = refused = 0
    for g in range(args.games):
        s = C.new_game(C.Config(players=3 + g % 5, expansions=BOTH), g)
        while C.to_act(s):
            for seat in sorted(C.to_act(s)):
                if PHASES[s.phase] == "pick" and rng.random() < 0.3:  # a third of the picks
                    k, n, bad = _kept(s, seat, rng)
                    kept, total, views, refused = kept + k, total + n, views + 1, refused + bad
                moves = C.legal_moves(s, seat)
                s, _ = C.apply(s, seat, moves[rng.randrange(len(moves))])
    out = {"views": views, "refused": refused, "moves": total, "kept": round(kept / total, 4)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
