"""Load benchmark: many concurrent games of simulated humans clicking as fast as they can
against a bot process connected to the local Discord-compatible server. Prints one JSON line.

    python tests/bench/bench_e2e.py --games 100 --target tiny
    python tests/bench/bench_e2e.py --games 100 --target wonders [--rounds 18]
    python tests/bench/bench_e2e.py --games 100 --target wonders --processes 2 --backend postgres

``--processes 2``: two bot processes (shards 0 and 1 of 2), each serving ``--games`` tables in
a guild of its shard, sharing one database (``--backend postgres``: the server of
WONDERS_TEST_POSTGRES, else a throw-away one); memory is reported per process.

Targets: ``tiny`` (the server's self-test bot: /demo pick → select → button, as a
"game" of ``--turns`` rounds) and ``wonders`` (the real bot, ``python -m bot``: each game is a
3-player 7 Wonders table in its own channel, played by three simulated people who click as
fast as the answers come — lobby, Join, Start, then per turn Play your turn → card → Build /
Wonder / Discard; ``--rounds`` stops each game early, 18 = to the score sheet).

Latency is the server-side time from dispatching an interaction to the bot's initial response
(every interaction of the run, commands and clicks); loop lag is the lateness of the bot's
heartbeats (interval 0.5 s); memory is the bot's peak RSS (with its render workers') over its
idle RSS, per game.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import random  # noqa: E402

from tests.discord_server import Guild, Interaction, LocalDiscord, UserDriver  # noqa: E402
from tests.discord_server.models import snowflakes  # noqa: E402
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


def children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(c) for c in found.read_text().split()] if found.exists() else []


def rss_kib(pid: int) -> int:
    """The bot's resident memory with its children's (render workers: bot.rendering)."""
    total = 0
    for one in [pid, *children(pid)]:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{one}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


async def workers_started(pid: int, timeout: float = 15.0) -> None:
    """Wait for the render workers the bot starts in the background, so the idle memory
    includes them (a spawned worker's command line names multiprocessing.spawn)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for child in children(pid):
            with contextlib.suppress(OSError):
                if b"multiprocessing.spawn" in Path(f"/proc/{child}/cmdline").read_bytes():
                    await asyncio.sleep(1.0)  # its imports
                    return
        await asyncio.sleep(0.1)


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


def guild_on_shard(server: LocalDiscord, shard: int, count: int) -> Guild:
    """A new guild that Discord's formula puts on ``shard`` of ``count``."""
    while ((next(snowflakes) + (1 << 22)) >> 22) % count != shard:
        pass
    return server.guild(f"Bench shard {shard}")


async def _database(stack: contextlib.AsyncExitStack, backend: str, tmp: str) -> str:
    """The database every process shares: a SQLite file, or a fresh PostgreSQL database."""
    if backend == "sqlite":
        return str(Path(tmp) / "bench.db")
    from tests import pg_server

    admin = stack.enter_context(pg_server.server_url())
    url = await pg_server.create_database(admin)
    stack.push_async_callback(pg_server.drop_database, admin, url)
    return url


def _profile_env(profile: Path | None, shard: int) -> dict[str, str]:
    """WONDERS_PROFILE for a bot process: its event-loop thread is sampled (bot/profiling.py)."""
    if profile is None:
        return {}
    path = profile if shard == 0 else profile.with_suffix(f".{shard}{profile.suffix}")
    return {"WONDERS_PROFILE": str(path.resolve())}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def _render_env(processes: int | None) -> dict[str, str]:
    return {} if processes is None else {"WONDERS_RENDER_PROCESSES": str(processes)}


async def bench(
    games: int,
    turns: int,
    target: str,
    rounds: int,
    keep_log: Path | None = None,
    processes: int = 1,
    backend: str = "sqlite",
    profile: Path | None = None,
    render_processes: int | None = None,
) -> dict[str, object]:
    Patience.seconds = 300.0  # under load answers are slow: measure them, don't give up
    # A late answer is counted (ack_over_3s) instead of failing the click, so that the
    # whole latency distribution is measured.
    server = await LocalDiscord(heartbeat_interval=HEARTBEAT, ack_deadline=60.0).start()
    if target == "tiny":
        processes = 1
    guilds = (
        [server.guild("Bench")]
        if processes == 1
        else [guild_on_shard(server, s, processes) for s in range(processes)]
    )
    command: tuple[str, ...] = (
        ("-m", "tests.discord_server.tiny_main")
        if target == "tiny"
        else ("-m", "bot", "--sync-commands")
    )
    async with contextlib.AsyncExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory())
        database = await _database(stack, backend, tmp)
        bots: list[BotProcess] = []
        for shard in range(processes):
            folder = Path(tmp) / f"p{shard}"
            folder.mkdir()
            shards = ("--shard-count", str(processes), "--shard-ids", str(shard))
            bot = BotProcess(
                server,
                Path(tmp) / "bench.db",
                folder,
                {
                    **FAST_ENV,
                    "WONDERS_DATABASE": database,
                    **_profile_env(profile, shard),
                    **_render_env(render_processes),
                },
                command=command + (shards if processes > 1 else ()),
            )
            await bot.start()
            bots.append(bot)
        pids = [b.process.pid for b in bots if b.process is not None]
        if target == "wonders" and render_processes != 0:
            await asyncio.gather(*(workers_started(pid) for pid in pids))
        idle = [rss_kib(pid) for pid in pids]
        acks: list[Interaction] = []
        tally = {"completed": 0, "failed": 0, "turns": 0}
        peak = list(idle)

        async def sample() -> None:
            while True:
                for k, pid in enumerate(pids):
                    peak[k] = max(peak[k], rss_kib(pid))
                await asyncio.sleep(0.2)

        sampler = asyncio.create_task(sample())
        started = time.monotonic()
        sessions = list(server.sessions)
        beats_before = [len(s.heartbeats) for s in sessions]
        if target == "tiny":
            users = [server.user(f"p{i}") for i in range(games)]
            await asyncio.gather(*(tiny_game(server, u, turns, acks) for u in users))
            tally.update(completed=games, turns=games * turns)
        else:
            await asyncio.gather(
                *(
                    wonders_game(server, guilds[i % processes], i, rounds, tally)
                    for i in range(games * processes)
                )
            )
            acks = list(server.interactions.values())
        elapsed = time.monotonic() - started
        sampler.cancel()
        lags = [
            lag
            for s, before in zip(sessions, beats_before, strict=True)
            for lag in s.heartbeat_lags(HEARTBEAT)[max(0, before - 1) :]
        ]
        for bot in bots:
            await bot.stop()
        if keep_log is not None:
            keep_log.write_text("".join(b.log() for b in bots))
    await server.stop()
    memory = [round((p - i) / games, 1) for p, i in zip(peak, idle, strict=True)]
    latencies = [i.ack_time * 1000 for i in acks if i.ack_time is not None]
    by_kind: dict[str, list[float]] = {}
    for inter in acks:
        if inter.ack_time is not None:
            kind = inter.what.split(":")[1] if inter.what.count(":") else inter.what
            by_kind.setdefault(kind, []).append(inter.ack_time * 1000)
    return {
        "target": target,
        "processes": processes,
        "render_processes": "default" if render_processes is None else render_processes,
        "backend": backend,
        "games": games * processes,
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
        # Per process (one number with one process): its peak RSS over its idle RSS per game.
        "memory_kib_per_active_game": memory[0] if len(memory) == 1 else memory,
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
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1)
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--profile",
        type=Path,
        help="wonders: sample the bot's event-loop thread every 5 ms, write the top costs here",
    )
    parser.add_argument(
        "--render-processes",
        type=int,
        help="wonders: the bot's WONDERS_RENDER_PROCESSES (0: draw in threads; default: its own)",
    )
    args = parser.parse_args()
    result = bench(
        args.games,
        args.turns,
        args.target,
        args.rounds,
        args.log,
        args.processes,
        args.backend,
        args.profile,
        args.render_processes,
    )
    print(json.dumps(asyncio.run(result)))


if __name__ == "__main__":
    main()
