"""Flood benchmark (issue 30): how fast a bystander server's clicks are answered while another
server floods the same bot process. Prints one JSON line.

    python tests/bench/bench_flood.py                      # this checkout's bot
    python tests/bench/bench_flood.py --code /work/main    # another checkout's bot (before)

The bot (``python -m bot`` from ``--code``) runs against the local Discord-compatible server
with two guilds. In "Bystander", three members have a 7 Wonders game running and keep clicking:
**Play your turn** (an ephemeral "thinking…" ack) and a card in the hand prompt that opens (the
prompt's redraw). In "Flood", during ``--seconds`` (60), one member sends ``--duels`` (200)
``/wonders duel`` and an admin sends ``--matches`` (50) ``/wonders-admin aimatch
level:Expert`` (``--match-game``, default the command's own: 7 Wonders, 7 seats), evenly
spread; then the bystanders click ``--after`` (30) seconds more while the flood's games play
on. Reported: the bystander's ack latency (server-side, dispatch to the bot's first response)
before the flood (``--calm`` seconds), during it and after it - p50, p99, max, count, over
3 s - the bot's event-loop lag (heartbeat lateness) from the flood on, how many flood commands
opened a game, and the flood guild's games by status at the end.
The target (issue 30): every bystander click acknowledged within 3 s during the flood.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench.bench_e2e import percentile  # noqa: E402
from tests.discord_server import Interaction, LocalDiscord, UserDriver  # noqa: E402
from tests.e2e.autoplay import Patience, open_lobby, play_post  # noqa: E402
from tests.e2e.harness import REPO_ROOT, BotProcess  # noqa: E402

HEARTBEAT = 0.5  # seconds; the lateness of heartbeats is the bot's event-loop lag
ENV = {
    "WONDERS_AI_DELAY": "0",
    "WONDERS_AI_MATCH_DELAY": "0",
    "WONDERS_TICK_SECONDS": "1",
    "WONDERS_LOG_LEVEL": "WARNING",
}


@dataclass
class Clicks:
    """A bystander phase: every click (its ack time), and how long until the hand was shown."""

    acks: list[Interaction] = field(default_factory=list)
    shown_ms: list[float] = field(default_factory=list)


async def bystander(
    server: LocalDiscord, user: UserDriver, game: int, clicks: Clicks, stop: float
) -> None:
    """Click Play your turn, then a card of the hand, until ``stop`` (monotonic)."""
    acks = clicks.acks
    while time.monotonic() < stop:
        post = play_post(user.channel, game)
        assert post is not None
        started = time.monotonic()
        opened = await user.click(post[0], "Play your turn")
        acks.append(opened)
        prompt = await server.reply(opened, Patience.seconds)
        clicks.shown_ms.append((time.monotonic() - started) * 1000)
        cards = [
            c
            for c in prompt.items()
            if str(c.get("custom_id", "")).startswith("ws:card:") and c.get("options")
        ]
        if cards:
            value = cards[0]["options"][0]["value"]
            acks.append(await user.select(prompt, str(cards[0]["custom_id"]), [value]))
        await asyncio.sleep(0.3)


async def flood(
    server: LocalDiscord,
    member: UserDriver,
    admin: UserDriver,
    args: argparse.Namespace,
    sent: list[Interaction],
) -> None:
    """The flood commands, evenly spread over ``args.seconds``; not waiting for answers."""
    orders: list[tuple[UserDriver, str, dict[str, object]]] = [
        (member, "wonders duel", {}) for _ in range(args.duels)
    ]
    match: dict[str, object] = {"level": "search"}
    if args.match_game:
        match["game"] = args.match_game
    every = max(1, args.duels // max(1, args.matches))
    for k in range(args.matches):  # interleaved with the duels
        orders.insert(min(len(orders), k * (every + 1)), (admin, "wonders-admin aimatch", match))
    gap = args.seconds / max(1, len(orders))
    for who, name, options in orders:
        sent.append(await who.command(name, wait=False, **options))
        await asyncio.sleep(gap)


def figures(*phases: Clicks) -> dict[str, object]:
    acks = [i for p in phases for i in p.acks]
    shown = [v for p in phases for v in p.shown_ms]
    ms = [i.ack_time * 1000 for i in acks if i.ack_time is not None]
    return {
        "clicks": len(acks),
        "unanswered": sum(1 for i in acks if i.ack_time is None),
        "ack_ms_p50": round(statistics.median(ms), 1) if ms else None,
        "ack_ms_p99": round(percentile(ms, 0.99), 1),
        "ack_ms_max": round(max(ms, default=0.0), 1),
        "ack_over_3s": sum(1 for v in ms if v >= 3000),
        # Play your turn -> the hand prompt filled in (what the member waits for).
        "hand_shown_ms_p50": round(statistics.median(shown), 1) if shown else None,
        "hand_shown_ms_p99": round(percentile(shown, 0.99), 1),
    }


def accepted(sent: list[Interaction], user: UserDriver) -> dict[str, int]:
    """How many of ``user``'s flood commands opened a game (the others were refused)."""
    mine = [i for i in sent if i.user.id == user.id]
    opened = [i for i in mine if re.search(r"Game #\d+|AI match #\d+", i.text())]
    return {"sent": len(mine), "opened_a_game": len(opened)}


async def bench(args: argparse.Namespace) -> dict[str, object]:
    Patience.seconds = 300.0
    server = await LocalDiscord(heartbeat_interval=HEARTBEAT, ack_deadline=60.0).start()
    quiet = server.guild("Bystander", channels=("table",))
    loud = server.guild("Flood", channels=("arena",))
    trio = [server.user(n, guild=quiet) for n in ("ana", "bo", "cy")]
    member, admin = server.user("flooder", guild=loud), server.user("boss", guild=loud, admin=True)
    result: dict[str, object] = {"code": str(args.code)}
    with tempfile.TemporaryDirectory() as tmp:
        env = {**ENV, "PYTHONPATH": str(args.code)}
        bot = BotProcess(server, Path(tmp) / "flood.db", Path(tmp), env)
        await bot.start()
        try:
            game = await open_lobby(
                server, trio[0], trio[1:], game="classic", players=3, timer="off"
            )
            calm = Clicks()
            stop = time.monotonic() + args.calm
            await asyncio.gather(*(bystander(server, u, game, calm, stop) for u in trio))
            session = server.sessions[0]
            beats = len(session.heartbeats)
            during = Clicks()
            sent: list[Interaction] = []
            stop = time.monotonic() + args.seconds
            await asyncio.gather(
                flood(server, member, admin, args, sent),
                *(bystander(server, u, game, during, stop) for u in trio),
            )
            # The flood's games go on (all-AI matches play their moves): keep clicking.
            later = Clicks()
            stop = time.monotonic() + args.after
            await asyncio.gather(*(bystander(server, u, game, later, stop) for u in trio))
            lags = session.heartbeat_lags(HEARTBEAT)[max(0, beats - 1) :]
            result.update(
                before_flood=figures(calm),
                during_flood=figures(during),
                after_flood=figures(later),
                during_and_after=figures(during, later),
                loop_lag_ms_p99=round(percentile(lags, 0.99) * 1000, 1),
                duels=accepted(sent, member),
                matches=accepted(sent, admin),
            )
        finally:
            with contextlib.suppress(Exception):
                await bot.stop()
        result["flood_games_by_status"] = _games(Path(tmp) / "flood.db", loud.id)
    await server.stop()
    return result


def _games(database: Path, guild_id: int) -> dict[str, int]:
    """The flood guild's games by status, read from the bot's SQLite file after it stopped."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        rows = db.execute(
            "SELECT status, COUNT(*) FROM games WHERE guild_id = ? GROUP BY status", (guild_id,)
        ).fetchall()
    return {str(status): int(n) for status, n in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--code", type=Path, default=REPO_ROOT, help="checkout whose bot runs")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--calm", type=float, default=10.0)
    parser.add_argument("--after", type=float, default=30.0)
    parser.add_argument("--duels", type=int, default=200)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--match-game", default="", help="aimatch game (default: the command's)")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(bench(args))))


if __name__ == "__main__":
    main()
