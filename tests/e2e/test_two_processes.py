"""Two ``wonders-bot`` processes (shard 0 and shard 1 of 2) share one PostgreSQL: games in
guilds of both shards finish; shard 1's process is SIGKILLed while its game has a running
deadline - nobody else receives that shard's clicks, shard 0's process takes the deadline over
and it fires once; shard 1's process comes back and the game finishes with every acknowledged
move stored exactly once."""

from __future__ import annotations

import asyncio
import random
import re
import signal
from pathlib import Path

import pytest

from bot.store import open_store
from tests.discord_server import LocalDiscord, Message
from tests.discord_server.models import Guild, snowflakes
from tests.e2e.autoplay import (
    GAME_OVER,
    game_over_post,
    open_lobby,
    pick_discard,
    play_classic_game,
    play_post,
)
from tests.e2e.conftest import FAST_ENV
from tests.e2e.harness import BotProcess

pytestmark = pytest.mark.postgres

SHARDS = 2


def guild_on_shard(server: LocalDiscord, shard: int) -> Guild:
    for _ in range(SHARDS):  # each snowflake is a millisecond later: the next shard
        if (peek := next(snowflakes)) and ((peek + (1 << 22)) >> 22) % SHARDS == shard:
            return server.guild(f"Shard {shard} server", channels=("table",))
    raise AssertionError("no snowflake on that shard")


def bot_for_shard(
    server: LocalDiscord, shard: int, database: str, tmp_path: Path, **extra: str
) -> BotProcess:
    folder = tmp_path / f"shard{shard}"
    folder.mkdir(exist_ok=True)
    env = {**FAST_ENV, "WONDERS_DATABASE": database, "WONDERS_TAKEOVER_SECONDS": "2", **extra}
    command = ("-m", "bot", "--sync-commands", "--shard-count", str(SHARDS))
    return BotProcess(
        server, tmp_path / "unused.db", folder, env, (*command, "--shard-ids", str(shard))
    )


async def sigkill(server: LocalDiscord, process: BotProcess, guild: Guild) -> None:
    assert process.process is not None
    process.process.send_signal(signal.SIGKILL)
    await process.process.wait()
    await server.wait_for(lambda: not any(s.owns(guild.id) for s in server.sessions), 10)


async def moves(database: str, game: int) -> list[tuple[int, str]]:
    async with open_store(database, pool_size=1) as store:
        return [(m.seat, m.move_text) for m in (await store.load_game(game)).moves]


def notices(channel_posts: list[Message], word: str) -> list[Message]:
    return [m for m in channel_posts if word in m.content]


@pytest.mark.asyncio
async def test_two_processes_share_postgres_and_survive_a_sigkill(
    server: LocalDiscord, pg_url: str, tmp_path: Path
) -> None:
    g0, g1 = guild_on_shard(server, 0), guild_on_shard(server, 1)
    zero = [server.user(n, guild=g0) for n in ("ana", "bo", "cy")]
    one = [server.user(n, guild=g1) for n in ("dee", "eve", "fay")]
    p0 = bot_for_shard(server, 0, pg_url, tmp_path)
    p1 = bot_for_shard(server, 1, pg_url, tmp_path)
    try:
        await p0.start()
        await p1.start()
        # Shard 1: a 20 s turn timer; two of three pick, then the process dies.
        game1 = await open_lobby(server, one[0], one[1:], game="classic", players=3, timer="20s")
        post1 = play_post(one[0].channel, game1)
        assert post1 is not None
        acked = [(0, await pick_discard(server, one[0], post1[0]))]
        acked.append((1, await pick_discard(server, one[1], post1[0])))
        await sigkill(server, p1, g1)
        assert await moves(pg_url, game1) == acked

        # Nobody else answers shard 1's clicks: no gateway session owns its guild now.
        with pytest.raises(RuntimeError, match="no bot connected"):
            await one[2].click(post1[0], "Play your turn")

        # Shard 0 plays a whole game meanwhile, on its own process.
        game0 = await open_lobby(server, zero[0], zero[1:], game="classic", players=3)
        await play_classic_game(server, zero, game0, random.Random(3))

        # Shard 0's process took shard 1's lease over: fay's deadline fires, once.
        timeout = await server.wait_for(
            lambda: next(iter(notices(one[0].channel.public_with_threads(), "Time ran out")), None),
            40,
        )
        assert "fay" in timeout.content, timeout.content
        log = await moves(pg_url, game1)
        assert log[:2] == acked and [seat for seat, _ in log[:3]] == [0, 1, 2]

        await p1.start()  # shard 1 is back; its players finish the game there
        await play_classic_game(server, one, game1, random.Random(5))
        assert game_over_post(one[0].channel, game1) is not None
        assert game_over_post(zero[0].channel, game0) is not None
        assert len(notices(one[0].channel.public_with_threads(), "Time ran out for fay")) == 1
        final = await moves(pg_url, game1)
        assert final[:2] == acked
        # Every turn's three picks (plus any Babylon / Halikarnassos extra), none doubled.
        assert len(final) >= 3 * 18, final
        assert "shard 1's process stopped renewing its lease" in p0.log()
    finally:
        await p1.stop()
        await p0.stop()
    await asyncio.sleep(0)


def board_versions(posts: list[Message]) -> list[int]:
    """The game version each board image shows (``game<id>-v<version>.png``), post by post."""
    return [
        int(m.group(1))
        for post in posts
        for a in post.attachments
        if (m := re.search(r"-v(\d+)\.png$", a.filename))
    ]


@pytest.mark.asyncio
async def test_an_all_ai_match_on_a_dead_shard_is_taken_over_and_handed_back(
    server: LocalDiscord, pg_url: str, tmp_path: Path
) -> None:
    guild_on_shard(server, 0)  # shard 0's process serves a guild of its own
    g1 = guild_on_shard(server, 1)
    admin = server.user("root", admin=True, guild=g1)
    channel = admin.channel
    slow = {"WONDERS_AI_MATCH_DELAY": "0.8"}  # a round every 0.8 s: the match spans it all
    p0 = bot_for_shard(server, 0, pg_url, tmp_path, **slow)
    p1 = bot_for_shard(server, 1, pg_url, tmp_path, **slow)
    try:
        await p0.start()
        await p1.start()
        started = await server.reply(
            await admin.command("wonders-admin aimatch", game="classic", players=3, level="random")
        )
        assert "started" in started.text(), started.text()
        await server.wait_for(lambda: len(board_versions(channel.public_with_threads())) >= 2, 20)
        await sigkill(server, p1, g1)
        before_kill = len(board_versions(channel.public_with_threads()))

        # Shard 0's process takes shard 1 over and plays the match on.
        await server.wait_for(
            lambda: len(board_versions(channel.public_with_threads())) >= before_kill + 2, 20
        )
        assert "shard 1's process stopped renewing its lease" in p0.log()

        await p1.start()  # asks for its shard back; shard 0's process lets go, then hands over
        await server.wait_for(lambda: "shard 1 is back with its own process" in p0.log(), 20)
        handed_back = len(board_versions(channel.public_with_threads()))
        await server.wait_for(lambda: game_over_post(channel), 90)
        posts = channel.public_with_threads()
        versions = board_versions(posts)
        assert versions == sorted(set(versions)), f"a round posted twice: {versions}"
        assert len(versions) > handed_back, "shard 1's own process finished the match"
        assert sum(1 for m in posts if GAME_OVER in m.content and m.attachments) == 1
        assert "taking over" not in p1.log(), "the restarted process took nothing over"
        assert "shard 1 was handed back" in p1.log()
    finally:
        await p1.stop()
        await p0.stop()
    await asyncio.sleep(0)
