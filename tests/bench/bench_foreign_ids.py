"""How fast the real bot answers clicks on component ids that are not its own (forged, or of
another app): the server-side time from dispatch to the bot's response. Prints one JSON line.

    python tests/bench/bench_foreign_ids.py [--clicks 200] [--concurrency 20]

Such ids used to wait for the bot's 2.2 s "unhandled click" fallback; they are now answered
at once (``WondersBot.on_interaction``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.discord_server import LocalDiscord  # noqa: E402
from tests.e2e.harness import BotProcess  # noqa: E402

FORGED = ("totally-forged", "other-app:button:1", "wt:", "ws:card:abc:0", "xx:play:1:0")


async def run(clicks: int, concurrency: int) -> dict[str, float | int]:
    server = await LocalDiscord().start()
    server.guild("Bench", channels=("table",))
    ana = server.user("ana")
    with tempfile.TemporaryDirectory() as tmp:
        bot = BotProcess(server, Path(tmp) / "wonders.db", Path(tmp), {"WONDERS_AI_DELAY": "0"})
        await bot.start()
        try:
            lobby = await server.reply(await ana.command("wonders create", players=3))
            gate = asyncio.Semaphore(concurrency)

            async def click(i: int) -> float:
                async with gate:
                    inter = await ana.click_custom_id(lobby, FORGED[i % len(FORGED)])
                    await server.reply(inter)
                    assert inter.ack_time is not None
                    return inter.ack_time

            times = sorted(await asyncio.gather(*(click(i) for i in range(clicks))))
        finally:
            await bot.stop()
            await server.stop()
    ms = [t * 1000 for t in times]
    return {
        "clicks": clicks,
        "concurrency": concurrency,
        "ack_ms_p50": round(statistics.median(ms), 1),
        "ack_ms_p99": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 1),
        "ack_ms_max": round(ms[-1], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=20)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.clicks, args.concurrency))))


if __name__ == "__main__":
    main()
