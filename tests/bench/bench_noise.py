"""How much a game posts into a Discord server: one whole Duel against the AI played by one
person, and one 5-player 7 Wonders game (3 people who act within seconds + 2 AI seats), each
in a channel of its own, against the real bot in-process on the local Discord server.
Prints one JSON object per game (figures, not a timed test):

    python tests/bench/bench_noise.py [--seed 1]

- ``top_level``: public messages in the game's channel (lobby, notices, posts …);
- ``all_messages``: public messages in the channel and its threads, plus DMs;
- ``decisions``: the moves the people sent (Duel: the human decisions);
- ``pings``: per person, how many messages notified them (mentions allowed to ping, DMs);
- ``edits``: edits of public bot messages (the lobby, a status message …);
- ``image_bytes``: PNG bytes of public posts; ``hand_image_bytes``: of ephemeral prompts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.discord_server import Channel, LocalDiscord, UserDriver  # noqa: E402
from tests.e2e.autoplay import (  # noqa: E402
    Patience,
    game_over_post,
    open_lobby,
    play_post,
    play_round,
    wait_post_after,
)
from tests.e2e.inproc import InProcessBot  # noqa: E402
from tests.e2e.test_duel import play_duel  # noqa: E402


def figures(
    server: LocalDiscord, channel: Channel, people: list[UserDriver], decisions: int
) -> dict[str, Any]:
    public = channel.public_with_threads()
    dms = [m for p in people for m in p.dms()]
    hidden = [m for m in channel.messages if m.ephemeral and not m.deleted]
    hidden += [m for t in channel.threads for m in t.messages if m.ephemeral and not m.deleted]
    pings = {
        p.name: sum(1 for m in public if p.id in m.pinged_ids()) + len(p.dms()) for p in people
    }
    return {
        "top_level": len(channel.public()),
        "threads": len(channel.threads),
        "all_messages": len(public) + len(dms),
        "dms": len(dms),
        "decisions": decisions,
        "pings": pings,
        "max_pings": max(pings.values(), default=0),
        "edits": sum(m.edits for m in public if m.author is server.bot),
        "image_bytes": sum(len(i) for m in public for i in m.images()),
        "hand_image_bytes": sum(len(i) for m in hidden for i in m.images()),
        "rate_limited": len(server.rate_limited),
        "violations": [str(v) for v in server.violations],
    }


async def duel_vs_ai(server: LocalDiscord, seed: int) -> dict[str, Any]:
    channel = server.add_channel(server.default_guild(), "duel-bench")
    ana = server.user("ana", channel=channel)
    await asyncio.sleep(0.2)  # the bot learns about the channel
    game = await open_lobby(server, ana, [], game="duel")
    _, moves = await play_duel(server, ana, game, random.Random(seed))
    return {"game": "duel vs AI", **figures(server, channel, [ana], len(moves))}


async def classic_five(server: LocalDiscord, seed: int) -> dict[str, Any]:
    channel = server.add_channel(server.default_guild(), "classic-bench")
    trio = [server.user(n, channel=channel) for n in ("bo", "cy", "di")]
    await asyncio.sleep(0.2)
    game = await open_lobby(server, trio[0], trio[1:], game="classic", players=5)
    rng = random.Random(seed)
    current = play_post(channel, game)
    rounds = 0
    while current is not None and rounds < 40:
        post, version = current
        await play_round(server, trio, post, rng)
        rounds += 1
        current = await wait_post_after(server, channel, game, version, timeout=60)
    assert game_over_post(channel, game) is not None, "the 7 Wonders game did not end"
    found = figures(server, channel, trio, rounds * len(trio))
    return {"game": "7 Wonders, 5 seats, 3 people", "rounds": rounds, **found}


async def main(seed: int) -> None:
    Patience.seconds = 60.0
    server = await LocalDiscord().start()
    server.guild("Bench", channels=("general",))
    with tempfile.TemporaryDirectory() as tmp:
        live = await InProcessBot(server, Path(tmp) / "bench.db").start()
        try:
            for scenario in (duel_vs_ai, classic_five):
                server.rate_limited.clear()
                print(json.dumps(await scenario(server, seed)), flush=True)
        finally:
            await live.stop()
            await server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main(parser.parse_args().seed))
