"""Game review CPU benchmark (``/wonders history review``); prints one JSON line.

Plays seeded games with the Hard AI in every seat (7-player 7 Wonders, optionally with
Leaders + Cities, and Duel), then reviews seat 0 exactly as the bot's worker does
(``bot.services.review_work.review_part`` over the whole game, in the bot's parts of
``PART`` decisions, each part replaying the log again) and reports the seconds of CPU per
review: median and maximum over the games, with the decisions judged.

Run: python -m tests.bench.bench_review [--games 10]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from datetime import UTC, datetime
from typing import Any

from bot.games.registry import adapter_for
from bot.services.review import PART, REVIEW_CPU_S
from bot.services.review_work import ReviewJob, review_part
from bot.store import GameRecord, MoveRecord, SeatRecord
from engine.ai import make_agent


def played_record(kind: str, config: dict[str, Any], seed: int) -> GameRecord:
    """A finished game played by the Hard AI, as the store would load it."""
    mod = adapter_for(kind).engine
    state = mod.new_game(mod.Config.model_validate(config), seed)
    agent, rng = make_agent(kind, "heuristic"), random.Random(seed)
    now = datetime.now(UTC)
    moves: list[MoveRecord] = []
    while mod.to_act(state):
        for seat in sorted(mod.to_act(state)):
            move = agent.choose(mod.view(state, seat), mod.legal_moves(state, seat), rng)
            state, _ = mod.apply(state, seat, move)
            moves.append(MoveRecord(len(moves) + 1, seat, str(move), now))
    players = len(mod.view(state, None).cities)
    seats = tuple(SeatRecord(i, 1000 + i, None, now) for i in range(players))
    return GameRecord(
        1, 1, 1, None, kind, json.dumps(config), seed, "x", "finished", 1000,
        len(moves), now, now, now, now, "finished", seats, tuple(moves),
    )  # fmt: skip


def _review_cpu(record: GameRecord) -> tuple[float, int]:
    """CPU seconds of one whole review of seat 0 (all its parts), and decisions judged."""
    job = ReviewJob(record, 0, record.version)
    cpu, start, total, judged = 0.0, 0, 1, 0
    began = time.process_time()
    while start < total:
        part = review_part(job, start, start + PART, REVIEW_CPU_S)
        total, judged, start = part.total, judged + len(part.judged), start + PART
    cpu = time.process_time() - began
    return cpu, judged


def _figures(kind: str, config: dict[str, Any], games: int) -> dict[str, Any]:
    times, judged = [], []
    for seed in range(games):
        cpu, n = _review_cpu(played_record(kind, config, seed))
        times.append(cpu)
        judged.append(n)
    return {
        "cpu_s_median": round(statistics.median(times), 4),
        "cpu_s_max": round(max(times), 4),
        "decisions_median": statistics.median(judged),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    out = {
        "games": args.games,
        "classic_7p": _figures("classic", {"players": 7}, args.games),
        "classic_7p_leaders_cities": _figures(
            "classic", {"players": 7, "expansions": ["leaders", "cities"]}, args.games
        ),
        "duel": _figures("duel", {}, args.games),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
