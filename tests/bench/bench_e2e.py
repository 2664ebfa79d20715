"""Load benchmark: many concurrent games of simulated humans clicking as fast as they can
against a bot process connected to the local Discord-compatible server. Prints one JSON line.

    python tests/bench/bench_e2e.py --games 100 --target tiny
    python tests/bench/bench_e2e.py --games 100 --target wonders [--rounds 18]

Targets: ``tiny`` (the server's self-test bot: /demo pick → select → button, as a
"game" of ``--turns`` rounds) and ``wonders`` (the real bot, ``python -m bot``: each game is a
3-player 7 Wonders table in its own channel, played by three simulated people who click as
fast as the answers come — lobby, Join, Start, then per turn Play your turn → card → Build /
Wonder / Discard; ``--rounds`` stops each game early, 18 = to the score sheet).

Latency is the server-side time from dispatching an interaction to the bot's initial response
(every interaction of the run, commands and clicks); loop lag is the lateness of the bot's
heartbeats (interval 0.5 s); memory is the bot's peak RSS over its idle RSS per game.
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

import random  # noqa: E402

from tests.discord_server import Guild, Interaction, LocalDiscord, UserDriver  # noqa: E402
from tests.e2e.autoplay import (  # noqa: E402
    Patience,
    game_over_post,
    open_lobby,
    play_post,
    play_round,
    wait_post_after,
)
from tests.e2e.harness import BotProcess  # noqa: E402

FAST_ENV = {"WONDERS_AI_DELAY": "0", "WONDERS_AI_MATCH_DELAY": "0", "WONDERS_TICK_SECONDS": "1"}

HEARTBEAT = 0.5  # seconds; lateness of heartbeats measures the bot's event-loop lag


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def tiny_game(
    server: LocalDiscord, user: UserDriver, turns: int, acks: list[Interaction]
) -> None:
    for _ in range(turns):
        opened = await user.command("demo pick")
        acks.append(opened)
        board = await server.reply(opened)
        acks.append(await user.select(board, "Pick a card", ["Baths"]))
        ping = await user.command("demo ping")
        acks.append(ping)
        acks.append(await user.click(await server.reply(ping), "Hello"))


async def wonders_game(
    server: LocalDiscord, guild: Guild, index: int, rounds: int, tally: dict[str, int]
) -> None:
    """One 3-player table in a channel of its own, played for ``rounds`` turns."""
    rng = random.Random(index)
    channel = server.add_channel(guild, f"bench-{index}")
    trio = [server.user(f"g{index}p{k}", guild=guild, channel=channel) for k in range(3)]
    await asyncio.sleep(0.2)  # the bot learns about the channel (CHANNEL_CREATE)
    try:
        game = await open_lobby(server, trio[0], trio[1:], game="classic", players=3, timer="off")
        current = play_post(channel, game)
        for _ in range(rounds if rounds < 18 else 40):  # 18: to the end (extra wonder turns)
            if current is None:
                break
            post, version = current
            await play_round(server, trio, post, rng)
            tally["turns"] += 1
            current = await wait_post_after(server, channel, game, version)
    except (AssertionError, TimeoutError) as exc:
        tally["failed"] += 1
        print(f"game {index} failed: {exc!r}"[:300], file=sys.stderr)
        return
    if current is None and game_over_post(channel, game) is not None:
        tally["completed"] += 1


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


async def bench(
    games: int, turns: int, target: str, rounds: int, keep_log: Path | None = None
) -> dict[str, object]:
    Patience.seconds = 300.0  # under load answers are slow: measure them, don't give up
    # A late answer is counted (ack_over_3s) instead of failing the click, so that the
    # whole latency distribution is measured.
    server = await LocalDiscord(heartbeat_interval=HEARTBEAT, ack_deadline=60.0).start()
    guild = server.guild("Bench")
    command = (
        ("-m", "tests.discord_server.tiny_main")
        if target == "tiny"
        else ("-m", "bot", "--sync-commands")
    )
    with tempfile.TemporaryDirectory() as tmp:
        process = BotProcess(server, Path(tmp) / "bench.db", Path(tmp), FAST_ENV, command=command)
        await process.start()
        assert process.process is not None
        pid = process.process.pid
        idle = rss_kib(pid)
        acks: list[Interaction] = []
        tally = {"completed": 0, "failed": 0, "turns": 0}
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
            users = [server.user(f"p{i}") for i in range(games)]
            await asyncio.gather(*(tiny_game(server, u, turns, acks) for u in users))
            tally.update(completed=games, turns=games * turns)
        else:
            await asyncio.gather(
                *(wonders_game(server, guild, i, rounds, tally) for i in range(games))
            )
            acks = list(server.interactions.values())
        elapsed = time.monotonic() - started
        sampler.cancel()
        lags = session.heartbeat_lags(HEARTBEAT)[max(0, beats_before - 1) :]
        await process.stop()
        if keep_log is not None:
            keep_log.write_text(process.log())
    await server.stop()
    latencies = [i.ack_time * 1000 for i in acks if i.ack_time is not None]
    by_kind: dict[str, list[float]] = {}
    for inter in acks:
        if inter.ack_time is not None:
            kind = inter.what.split(":")[1] if inter.what.count(":") else inter.what
            by_kind.setdefault(kind, []).append(inter.ack_time * 1000)
    return {
        "target": target,
        "games": games,
        "games_completed": tally["completed"],
        "games_failed": tally["failed"],
        "turns_per_game": turns if target == "tiny" else rounds,
        "interactions": len(acks),
        "ack_ms_p50": round(statistics.median(latencies), 1) if latencies else None,
        "ack_ms_p99": round(percentile(latencies, 0.99), 1),
        "ack_ms_max": round(max(latencies, default=0.0), 1),
        "ack_ms_p99_by_kind": {
            k: round(percentile(v, 0.99), 1) for k, v in sorted(by_kind.items())
        },
        "loop_lag_ms_p99": round(percentile(lags, 0.99) * 1000, 1),
        "memory_kib_per_active_game": round((peak - idle) / games, 1),
        "ack_over_3s": sum(1 for v in latencies if v >= 3000),
        "games_per_minute": round(tally["completed"] / elapsed * 60, 1),
        "turns_per_minute": round(tally["turns"] / elapsed * 60, 1),
        "seconds": round(elapsed, 2),
        "violations": [str(v) for v in server.violations],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--target", choices=("tiny", "wonders"), default="tiny")
    parser.add_argument(
        "--rounds", type=int, default=18, help="wonders: turns played per game (18 = whole game)"
    )
    parser.add_argument("--log", type=Path, help="copy the bot's log to this file")
    args = parser.parse_args()
    print(
        json.dumps(asyncio.run(bench(args.games, args.turns, args.target, args.rounds, args.log)))
    )


if __name__ == "__main__":
    main()
