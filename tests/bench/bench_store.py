"""Store benchmark (not a pytest test): prints one JSON line.

    python tests/bench/bench_store.py [--games 100] [--synchronous NORMAL|FULL]
    python tests/bench/bench_store.py --backend postgres --games 1000 [--pool-size 10]

- append_move latency (p50 / p99, ms) while ``--games`` 7-player classic games are played
  concurrently, each a coroutine appending real engine moves with a think time before each
  (``--think`` seconds max; 100 games then offer ~200 moves/s, far more than Discord players);
- the same with no think time at all ("saturated": every game appends back to back, so the
  latency is mostly queueing behind the other 99 games; this shows the throughput ceiling);
- load_game time (ms, median / p99) of a finished 7-player game (log only, and with replay);
- database size per finished 7-player game (KB), including seats, moves, results, a final
  snapshot and a few bot messages, after a WAL checkpoint.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.store import ResultEntry, Store, open_store  # noqa: E402
from bot.store.core import DEFAULT_SYNCHRONOUS, SYNCHRONOUS_MODES  # noqa: E402
from engine import game_module  # noqa: E402

CLASSIC = game_module("classic")
SYNC = [DEFAULT_SYNCHRONOUS]  # --synchronous


def play_log(seed: int) -> tuple[list[tuple[int, str]], object]:
    """A full random 7-player game: [(seat, move text)] and the final state."""
    rng = random.Random(seed)
    state = CLASSIC.new_game(CLASSIC.Config(players=7), seed)
    log: list[tuple[int, str]] = []
    while seats := sorted(CLASSIC.to_act(state)):
        seat = rng.choice(seats)
        text = str(rng.choice(CLASSIC.legal_moves(state, seat)))
        state, _ = CLASSIC.apply(state, seat, CLASSIC.parse_move(text))
        log.append((seat, text))
    return log, state


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def play(
    store: Store,
    n: int,
    seed: int,
    log: list[tuple[int, str]],
    final: object,
    latencies: list[float],
    think_s: float = 0.0,
    moves: int | None = None,
) -> int:
    """Create, play (``moves`` of the log, all by default) and, if complete, finish a game.
    ``think_s``: each move waits uniform(0, think_s) first, like players reading the board."""
    rng = random.Random(n)
    gid = await store.create_game(
        kind="classic",
        channel_id=7,
        guild_id=1,
        seed=seed,
        config=CLASSIC.Config(players=7).model_dump_json(),
        rules_version=CLASSIC.RULES_VERSION,
    )
    for i in range(7):
        await store.add_seat(gid, user_id=100 + i)
    await store.start_game(gid)
    await store.record_message(gid, "lobby", 7, n * 10 + 1)
    await store.record_message(gid, "board", 7, n * 10 + 2)
    version = 0
    for seat, text in log[:moves]:
        if think_s:
            await asyncio.sleep(rng.uniform(0, think_s))
        t = time.perf_counter()
        version = await store.append_move(gid, version, seat, text)
        latencies.append((time.perf_counter() - t) * 1000)
        await asyncio.sleep(0)  # let the other games' players in
    if moves is not None:
        return gid
    out = CLASSIC.outcome(final)
    await store.save_snapshot(gid, version, json.dumps(CLASSIC.dump(final)))
    await store.finish_game(
        gid,
        [ResultEntry(s, 1 if s in out.winners else 2, sc.total) for s, sc in enumerate(out.scores)],
    )
    return gid


async def paced(
    logs: list[tuple[list[tuple[int, str]], object]],
    games: int,
    moves: int,
    think_s: float,
    database: str | None = None,
    pool_size: int = 10,
) -> list[float]:
    """append_move latencies of ``games`` games played at once with think time, on a fresh
    SQLite file or (``database``) a PostgreSQL URL."""
    latencies: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        where = database or str(Path(tmp) / "paced.db")
        async with open_store(where, SYNC[0], pool_size=pool_size) as store:
            await asyncio.gather(
                *(
                    play(store, i, i % len(logs), *logs[i % len(logs)], latencies, think_s, moves)
                    for i in range(games)
                )
            )
    return latencies


def _figures(latencies: list[float]) -> dict[str, float]:
    return {
        "append_ms_p50": round(statistics.median(latencies), 3),
        "append_ms_p99": round(pct(latencies, 99), 3),
        "appends": len(latencies),
    }


async def compare(games: int, moves: int, think_s: float, pool_size: int) -> dict[str, object]:
    """``--backend postgres``: the paced append latencies on SQLite and on PostgreSQL (the
    server of WONDERS_TEST_POSTGRES, else a throw-away one) in the same run."""
    from tests import pg_server

    logs = [play_log(seed) for seed in range(10)]
    out: dict[str, object] = {
        "bench": "store-backends",
        "games": games,
        "paced": f"{games} games x {moves} moves, think uniform(0, {think_s}) s per move",
        "sqlite": _figures(await paced(logs, games, moves, think_s)),
    }
    with pg_server.server_url() as admin:
        url = await pg_server.create_database(admin)
        try:
            lat = await paced(logs, games, moves, think_s, url, pool_size)
        finally:
            await pg_server.drop_database(admin, url)
    out["postgres"] = {**_figures(lat), "pool_size": pool_size}
    return out


async def main(games: int, moves: int, think_s: float) -> dict[str, object]:
    logs = [play_log(seed) for seed in range(10)]  # game i replays log i % 10 (seed i % 10)
    paced_lat = await paced(logs, games, moves, think_s)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        latencies: list[float] = []
        async with open_store(path, SYNC[0]) as store:
            t0 = time.perf_counter()
            ids = await asyncio.gather(
                *(
                    play(store, i, i % len(logs), *logs[i % len(logs)], latencies)
                    for i in range(games)
                )
            )
            wall = time.perf_counter() - t0
            loads, replays = [], []
            for gid in ids[:50]:
                t = time.perf_counter()
                game = await store.load_game(gid)
                loads.append((time.perf_counter() - t) * 1000)
                state = CLASSIC.new_game(CLASSIC.Config.model_validate_json(game.config), game.seed)
                for m in game.moves:
                    state, _ = CLASSIC.apply(state, m.seat, CLASSIC.parse_move(m.move_text))
                replays.append((time.perf_counter() - t) * 1000)
            await store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = os.path.getsize(path)
    return {
        "bench": "store",
        "games": games,
        "moves_per_game": sum(len(lg) for lg, _ in logs) / len(logs),
        "append_move_ms_p50": round(statistics.median(paced_lat), 3),
        "append_move_ms_p99": round(pct(paced_lat, 99), 3),
        "paced": f"{games} games x {moves} moves, think uniform(0, {think_s}) s per move",
        "paced_appends": len(paced_lat),
        "saturated_append_ms_p50": round(statistics.median(latencies), 3),
        "saturated_append_ms_p99": round(pct(latencies, 99), 3),
        "saturated_appends_per_s": round(len(latencies) / wall, 1),
        "load_finished_7p_ms_median": round(statistics.median(loads), 3),
        "load_finished_7p_ms_p99": round(pct(loads, 99), 3),
        "load_and_replay_7p_ms_median": round(statistics.median(replays), 3),
        "db_kb_per_finished_7p_game": round(size / games / 1024, 2),
        "synchronous": SYNC[0],
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--paced-moves", type=int, default=40)
    parser.add_argument("--think", type=float, default=1.0, help="max think time, seconds")
    parser.add_argument("--synchronous", choices=SYNCHRONOUS_MODES, default=DEFAULT_SYNCHRONOUS)
    parser.add_argument(
        "--backend",
        choices=("sqlite", "postgres"),
        default="sqlite",
        help="postgres: paced appends on SQLite and PostgreSQL side by side",
    )
    parser.add_argument("--pool-size", type=int, default=10, help="PostgreSQL connections")
    a = parser.parse_args()
    SYNC[0] = a.synchronous
    if a.backend == "postgres":
        print(json.dumps(asyncio.run(compare(a.games, a.paced_moves, a.think, a.pool_size))))
    else:
        print(json.dumps(asyncio.run(main(a.games, a.paced_moves, a.think))))
