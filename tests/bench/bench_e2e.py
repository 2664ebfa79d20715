"""Load benchmark: many concurrent games of simulated humans clicking as fast as they can
against a bot process connected to the local Discord-compatible server. Prints one JSON line.

    python tests/bench/bench_e2e.py --games 100 --target tiny

Targets: ``tiny`` (the server's self-test bot: /demo pick → select → button, as a
"game" of ``--turns`` rounds) and ``wonders`` (the real bot: see tests/e2e/autoplay.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.discord_server import Interaction, LocalDiscord, UserDriver  # noqa: E402
from tests.e2e.harness import BotProcess  # noqa: E402

HEARTBEAT = 0.5  # seconds; lateness of heartbeats measures the bot's event-loop lag


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def tiny_game(server: LocalDiscord, user: UserDriver, turns: int,
                    acks: list[Interaction]) -> None:
    for _ in range(turns):
        opened = await user.command("demo pick")
        acks.append(opened)
        board = await server.reply(opened)
        acks.append(await user.select(board, "Pick a card", ["Baths"]))
        ping = await user.command("demo ping")
        acks.append(ping)
        acks.append(await user.click(await server.reply(ping), "Hello"))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


async def bench(games: int, turns: int, target: str) -> dict[str, object]:
    server = await LocalDiscord(heartbeat_interval=HEARTBEAT).start()
    server.guild("Bench")
    command = ("-m", "tests.discord_server.tiny_main") if target == "tiny" else \
        ("-m", "bot", "--sync-commands")
    with tempfile.TemporaryDirectory() as tmp:
        process = BotProcess(server, Path(tmp) / "bench.db", Path(tmp), command=command)
        await process.start()
        assert process.process is not None
        pid = process.process.pid
        idle = rss_kib(pid)
        users = [server.user(f"p{i}") for i in range(games)]
        acks: list[Interaction] = []
        peak = idle

        async def sample() -> None:
            nonlocal peak
            while True:
                peak = max(peak, rss_kib(pid))
                await asyncio.sleep(0.2)

        sampler = asyncio.create_task(sample())
        started = time.monotonic()
        session = server.sessions[-1]
        beats_before = len(session.heartbeats)
        if target == "tiny":
            await asyncio.gather(*(tiny_game(server, u, turns, acks) for u in users))
        else:
            from tests.e2e.autoplay import bench_game  # the real bot's game flow

            await asyncio.gather(*(bench_game(server, users, i) for i in range(games)))
        elapsed = time.monotonic() - started
        sampler.cancel()
        lags = session.heartbeat_lags(HEARTBEAT)[max(0, beats_before - 1):]
        await process.stop()
    await server.stop()
    latencies = [i.ack_time * 1000 for i in acks if i.ack_time is not None]
    return {
        "target": target, "games": games, "turns_per_game": turns,
        "interactions": len(acks),
        "ack_ms_p50": round(statistics.median(latencies), 1) if latencies else None,
        "ack_ms_p99": round(percentile(latencies, 0.99), 1),
        "ack_ms_max": round(max(latencies, default=0.0), 1),
        "loop_lag_ms_p99": round(percentile(lags, 0.99) * 1000, 1),
        "memory_kib_per_active_game": round((peak - idle) / games, 1),
        "games_per_minute": round(games / elapsed * 60, 1),
        "seconds": round(elapsed, 2),
        "violations": [str(v) for v in server.violations],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--target", choices=("tiny", "wonders"), default="tiny")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(bench(args.games, args.turns, args.target))))


if __name__ == "__main__":
    main()
