"""Shard hand-back and ping-state benchmark (not a pytest test): prints one JSON line.

    python tests/bench/bench_handback.py [--rounds 20] [--writes 500]

For SQLite and PostgreSQL (the server of WONDERS_TEST_POSTGRES, else a throw-away one):
- ``turn_pings_ms``: p50 / p99 of the write that keeps who was told of a turn (one per post
  that starts a turn with people in it), three people per write;
- ``handback_ms`` (PostgreSQL only): p50 / max of the taker's tick that stops the AI of an
  all-AI match it took over (a round being posted finishes first) and hands the shard back;
  the returning process waits at most one ``WONDERS_TICK_SECONDS`` more for that tick.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.model.game import Table  # noqa: E402
from bot.presenters.reports import Report  # noqa: E402
from bot.services.driver import Driver  # noqa: E402
from bot.services.games import GameService  # noqa: E402
from bot.services.lobby import LobbyOptions, LobbyService  # noqa: E402
from bot.services.names import NameBook  # noqa: E402
from bot.shard_work import ShardWork  # noqa: E402
from bot.store import Store, open_store  # noqa: E402

GUILD = (3 << 22) + 1  # on shard 1 of 2


def _ms(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    out = {"p50": round(statistics.median(ordered) * 1000, 2)}
    if len(ordered) >= 100:  # a p99 of fewer samples would be the maximum in disguise
        out["p99"] = round(ordered[int(len(ordered) * 0.99) - 1] * 1000, 2)
    return {**out, "max": round(ordered[-1] * 1000, 2), "n": len(ordered)}


async def turn_pings(store: Store, writes: int) -> dict[str, float]:
    lobby = LobbyService(GameService(store, NameBook()))
    game = (await lobby.aimatch(GUILD, 20, 1, LobbyOptions(players=3), [], "random")).game_id
    took = []
    for turn in range(writes):
        start = time.perf_counter()
        await store.save_turn_pings(game, [(u, turn, None) for u in (11, 12, 13)])
        took.append(time.perf_counter() - start)
    return _ms(took)


async def one_handback(store: Store, n: int) -> float:
    """A taken-over all-AI match, then its shard asked back: the taker's tick duration."""
    games = GameService(store, NameBook())
    game = (
        await LobbyService(games).aimatch(GUILD, 20, 1, LobbyOptions(players=3), [], "random")
    ).game_id
    posted = asyncio.Event()

    async def post(_: Report) -> None:
        await asyncio.sleep(0.005)  # a Discord post takes a moment
        posted.set()

    async def no_delay(_: Table) -> float:
        return 0.0

    driver = Driver(games, post, no_delay)
    taker = ShardWork(store, [0], 2, ttl=60, owner=f"taker{n}", stop=driver.let_go)
    driver.owns = taker.owns
    await store.hold_shards(f"dead{n}", [1], ttl=-1)
    await taker.step()
    driver.kick(game)
    await posted.wait()
    await store.hold_shards(f"back{n}", [1], ttl=60)  # the returning process asks
    start = time.perf_counter()
    await taker.step()
    took = time.perf_counter() - start
    assert not driver.busy() and (await store.lease_owners())[1][0] == f"back{n}"
    await store.let_go(f"taker{n}")
    await store.let_go(f"back{n}")
    return took


async def backend(database: str, rounds: int, writes: int, handback: bool) -> dict[str, object]:
    async with open_store(database) as store:
        out: dict[str, object] = {"turn_pings_ms": await turn_pings(store, writes)}
        if handback:
            out["handback_ms"] = _ms([await one_handback(store, n) for n in range(rounds)])
    return out


async def main(rounds: int, writes: int) -> dict[str, object]:
    from tests import pg_server

    logging.disable(logging.WARNING)  # the take-over warnings are expected here
    out: dict[str, object] = {"bench": "handback"}
    with tempfile.TemporaryDirectory() as tmp:
        out["sqlite"] = await backend(str(Path(tmp) / "bench.db"), rounds, writes, False)
    with pg_server.server_url() as admin:
        url = await pg_server.create_database(admin)
        try:
            out["postgres"] = await backend(url, rounds, writes, True)
        finally:
            await pg_server.drop_database(admin, url)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--writes", type=int, default=500)
    a = parser.parse_args()
    print(json.dumps(asyncio.run(main(a.rounds, a.writes))))
