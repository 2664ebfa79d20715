"""Arena: agents play many seeded games; fair seating; JSON statistics on stdout.

Classic replays each deal with the agent list rotated through every seat; Duel plays each
deal twice with the seats swapped. Ties count 1/k for each of the k winners.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any, TypeVar

from engine.ai import make_agent
from engine.protocol import GameModule, GameView

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V", bound=GameView)
C = TypeVar("C")

__all__ = ["main", "play_game", "run_arena"]


def play_game(
    game: str,
    players: int,
    seating: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One game; ``seating[i]`` is the level at seat i; ``options``: more classic Config
    fields (e.g. ``wonders="choose"``). Returns scores, winners, times."""
    from engine import classic, duel
    from engine.games import CLASSIC, DUEL

    if game == "classic":
        config = classic.Config(players=players, **(options or {}))
        return _play(CLASSIC, CLASSIC.new_game(config, seed), seating, seed)
    return _play(DUEL, DUEL.new_game(duel.Config(), seed), seating, seed)


def _play(
    mod: GameModule[S, M, V, C], state: S, seating: Sequence[str], seed: int
) -> dict[str, Any]:
    """Any game through the typed protocol: the agents choose from their seat's view."""
    game = mod.view(state, None).game
    agents = [_agent(game, lvl) for lvl in seating]
    rngs = [random.Random(seed * 7919 + i) for i in range(len(seating))]
    times: list[list[float]] = [[] for _ in seating]
    while True:
        acting = sorted(mod.to_act(state))
        if not acting:
            break
        for seat in acting:
            legal = mod.legal_moves(state, seat)
            t0 = time.perf_counter()
            move = agents[seat].choose(mod.view(state, seat), legal, rngs[seat])
            times[seat].append(time.perf_counter() - t0)
            state, _ = mod.apply(state, seat, move)
    out = mod.outcome(state)
    if out is None:
        raise RuntimeError("a game ended without an outcome")
    return {
        # Agent seats only: the 2-player game's Free City (seat 2) scores but is not an agent.
        "scores": [s.model_dump() for s in out.scores[: len(seating)]],
        "winners": list(out.winners),
        "victory": out.victory,
        "times": times,
    }


def _agent(game: str, spec: str) -> Any:
    """``level`` or ``level:key=value:...`` (e.g. ``search:ms=1000``, ``search:playouts=8``)."""
    level, *opts = spec.split(":")
    options = {k: float(v) if k == "ms" else int(v) for k, v in (o.split("=") for o in opts)}
    return make_agent(game, level, **options)


def _deal_jobs(
    game: str, agents: Sequence[str], games: int, seed: int, options: dict[str, Any]
) -> list[tuple[Any, ...]]:
    n = len(agents)
    rotations = n if game == "classic" else 2
    jobs = []
    for g in range(games):
        deal, r = divmod(g, rotations)
        seating = [agents[(i - r) % n] for i in range(n)]
        owners = [(i - r) % n for i in range(n)]  # seat -> index in the agent list
        jobs.append((game, n, seating, seed * 1_000_003 + deal, owners, options))
    return jobs


def _run_job(job: tuple[Any, ...]) -> tuple[list[int], dict[str, Any]]:
    game, n, seating, seed, owners, options = job
    return owners, play_game(game, n, seating, seed, options)


def _ci(p: float, n: int) -> list[float]:
    half = 1.96 * math.sqrt(max(p * (1 - p), 1e-12) / max(n, 1))
    return [round(max(0.0, p - half), 4), round(min(1.0, p + half), 4)]


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000


@dataclass
class _Tally:
    """One agent's sums over the seats it played (in the order the games finished)."""

    wins: float = 0.0
    seats: int = 0
    sums: dict[str, float] = field(default_factory=dict)
    margin: float = 0.0
    times: list[float] = field(default_factory=list)
    victory: dict[str, float] = field(default_factory=dict)

    def add(self, res: dict[str, Any], seat: int) -> None:
        sc = res["scores"][seat]
        self.seats += 1
        for key, val in sc.items():
            if isinstance(val, (int, float)) and key != "seat":
                self.sums[key] = self.sums.get(key, 0.0) + val
        best_other = max(s["total"] for j, s in enumerate(res["scores"]) if j != seat)
        self.margin += sc["total"] - best_other
        self.times.extend(res["times"][seat])
        if seat in res["winners"]:
            share = 1 / len(res["winners"])
            self.wins += share
            if res["victory"]:
                self.victory[res["victory"]] = self.victory.get(res["victory"], 0.0) + share

    def entry(self, name: str, game: str) -> dict[str, Any]:
        n = max(self.seats, 1)
        rate = self.wins / n
        entry: dict[str, Any] = {
            "agent": name,
            "seat_games": self.seats,
            "win_rate": round(rate, 4),
            "win_ci95": _ci(rate, n),
            "mean_score": round(self.sums.get("total", 0) / n, 2),
            "mean_margin": round(self.margin / n, 2),
            "mean_by_category": {k: round(v / n, 2) for k, v in self.sums.items() if k != "total"},
            "decision_ms_p50": round(_pct(self.times, 0.5), 3),
            "decision_ms_p99": round(_pct(self.times, 0.99), 3),
        }
        if game == "duel":
            entry["victory_split"] = {k: round(v, 2) for k, v in self.victory.items()}
        return entry


def run_arena(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    work = _deal_jobs(game, agents, games, seed, options or {})
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(_run_job, work, chunksize=4)
    else:
        results = [_run_job(j) for j in work]
    tallies = [_Tally() for _ in agents]
    winner_total = 0.0
    for owners, res in results:
        winner_total += max(sc["total"] for sc in res["scores"])
        for seat, idx in enumerate(owners):
            tallies[idx].add(res, seat)
    seat_sum = sum(t.sums.get("total", 0) for t in tallies)
    head: dict[str, Any] = {"options": options} if options else {}
    return head | {
        "game": game,
        "players": len(agents),
        "games": games,
        "seed": seed,
        "winner_mean_score": round(winner_total / max(len(results), 1), 2),
        "seat_mean_score": round(seat_sum / max(sum(t.seats for t in tallies), 1), 2),
        "agents": [t.entry(name, game) for t, name in zip(tallies, agents, strict=True)],
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.ai.arena")
    ap.add_argument("--game", choices=["classic", "duel"], default="classic")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--agents", required=True, help="comma-separated levels, one per seat")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--wonders", choices=["deal", "choose"], default="deal", help="classic only")
    ap.add_argument("--sides", choices=["A", "B", "random", "choose"], default="A")
    ap.add_argument(
        "--expansions", default="", help='classic only: comma-separated, e.g. "leaders,cities"'
    )
    ap.add_argument(
        "--variant", choices=["gods-heroes"], default=None, help="classic only: a house variant"
    )
    a = ap.parse_args(argv)
    agents = a.agents.split(",")
    if a.players is not None and a.players != len(agents):
        ap.error("--players must equal the number of --agents")
    options: dict[str, Any] = {}
    if a.game == "classic" and (a.wonders != "deal" or a.sides != "A"):
        options = {"wonders": a.wonders, "sides": a.sides}
    if a.game == "classic" and a.expansions:
        options["expansions"] = tuple(x.strip() for x in a.expansions.split(",") if x.strip())
    if a.game == "classic" and a.variant is not None:
        options["variant"] = a.variant
    print(json.dumps(run_arena(a.game, agents, a.games, a.seed, a.jobs, options)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
