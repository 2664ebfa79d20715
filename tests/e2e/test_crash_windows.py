"""Crash windows (issue 25): the real bot is SIGKILLed at a precise moment - held there by the
test-only fault point ``WONDERS_FAULT_POINT`` (``bot.services.faults``) - then restarted, and
the players must see where their game stands without asking anyone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.services.games import RESTARTED
from bot.store import open_store
from tests.discord_server import LocalDiscord, Message
from tests.e2e.autoplay import (
    Patience,
    hand_cards,
    open_hand,
    play_post,
    ready_prompt,
    settled,
)
from tests.e2e.conftest import BotFactory, people
from tests.e2e.harness import BotProcess
from tests.e2e.test_bad_input import three_player_game
from tests.e2e.test_restart import move_log
from tests.sqlite_file import sqlite_file


async def halted(server: LocalDiscord, bot: BotProcess, point: str) -> None:
    """Wait until the bot stopped at ``point`` (it never goes on from there)."""
    await server.wait_for(lambda: f"fault point {point} reached" in bot.log(), Patience.seconds)


def catch_ups(server: LocalDiscord, game: int) -> list[Message]:
    """The game's restart posts (its board image names the game)."""
    channel = next(iter(server.channels.values()))
    return [
        m
        for m in channel.public()
        if RESTARTED in m.content and any(f"game{game}-" in a.filename for a in m.attachments)
    ]


def versions(posts: list[Message]) -> list[int]:
    """The game version each post's image shows (``game<id>-v<version>.png``)."""
    found = []
    for post in posts:
        for a in post.attachments:
            m = re.search(r"-v(\d+)\.png$", a.filename)
            if m:
                found.append(int(m.group(1)))
    return found


async def status_of(database: Path, game: int) -> tuple[str, int]:
    async with open_store(database) as store:
        record = await store.get_game(game)
    return record.status, record.version


@pytest.mark.asyncio
async def test_a_game_started_just_before_a_crash_gets_its_board_once(
    server: LocalDiscord, start_bot: BotFactory, tmp_path: Path
) -> None:
    database = tmp_path / "wonders.db"
    first = await start_bot(WONDERS_FAULT_POINT="game-started")
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    lobby = await server.reply(
        await ana.command("wonders create", game="classic", players=3, sides="A", timer="off")
    )
    game = int(str(lobby.buttons()[0]["custom_id"]).split(":")[2])
    await server.reply(await bo.click(lobby, "Join"))
    await ana.click(lobby, "Start")  # acknowledged; the start is saved, then the bot stops
    await halted(server, first, "game-started")
    await first.kill()
    assert await status_of(database, game) == ("running", 0)
    assert play_post(ana.channel, game) is None and "Start" in lobby.labels()

    second = await start_bot()
    post, version = await server.wait_for(lambda: play_post(ana.channel, game), Patience.seconds)
    assert version == 0 and RESTARTED in post.content and "Age I" in post.content
    assert post.pinged_ids() == {ana.id, bo.id}
    await server.wait_for(lambda: "has started" in lobby.content or None, Patience.seconds)
    assert lobby.labels() == [], "the lobby post lost its Join/Start buttons"
    hand = await open_hand(server, bo, post)  # its Play your turn works
    assert hand_cards(hand) and hand.images()
    # The AI picked once the game resumed: a private pick, shown (✅) after the next restart.
    await server.wait_for(lambda: status_of_sync(database, game) == 1, Patience.seconds)
    await second.kill()
    await start_bot()
    later = await server.wait_for(
        lambda: [m for m in catch_ups(server, game) if "✅ Picked:" in m.content], Patience.seconds
    )
    assert len(later) == 1 and "Waiting" not in later[0].content
    assert sorted(versions(catch_ups(server, game))) == [0, 1], "each state posted exactly once"


def status_of_sync(database: Path, game: int) -> int:
    with sqlite_file(database) as con:
        row = con.execute("SELECT version FROM games WHERE id = ?", (game,)).fetchone()
    return int(row[0])


@pytest.mark.asyncio
async def test_a_duel_against_the_ai_started_just_before_a_crash(
    server: LocalDiscord, start_bot: BotFactory, tmp_path: Path
) -> None:
    first = await start_bot(WONDERS_FAULT_POINT="game-started")
    ana = people(server)["ana"]
    answer = await server.reply(await ana.command("wonders duel", ai="random", timer="off"))
    # The command's public answer went out before the start (never a spinner forever).
    found = re.search(r"Game #(\d+)", answer.content)
    assert found is not None and not answer.ephemeral, answer.content
    game = int(found.group(1))
    await halted(server, first, "game-started")
    await first.kill()
    assert await status_of(tmp_path / "wonders.db", game) == ("running", 0)
    assert catch_ups(server, game) == []

    await start_bot()
    (post,) = await server.wait_for(lambda: catch_ups(server, game), Patience.seconds)
    # Ana's turn: she is pinged with her button; the AI's: nobody, and the AI moves next.
    assert (ana.id in post.pinged_ids()) == ("Play your turn" in post.labels()), post.content
    assert versions([post]) == [0]
    # Whoever drafts first, Ana gets her Play your turn (at once, or after the AI's pick).
    mine, _ = await server.wait_for(lambda: play_post(ana.channel, game), Patience.seconds)
    assert ana.id in mine.pinged_ids()
    assert len(catch_ups(server, game)) == 1


@pytest.mark.asyncio
async def test_a_move_saved_just_before_a_crash_is_shown_after_the_restart(
    server: LocalDiscord, start_bot: BotFactory, tmp_path: Path
) -> None:
    first = await start_bot(WONDERS_FAULT_POINT="move-saved")
    (ana, bo, cy), game, post = await three_player_game(server, timer="off")
    prompt, discard = await ready_prompt(server, ana, post)
    sending = await server.reply(await ana.click_custom_id(prompt, discard))
    await halted(server, first, "move-saved")
    await first.kill()
    assert await move_log(tmp_path / "wonders.db", game) == [(0, discard.split(":", 4)[4])]
    assert sending.content.startswith("Sending your move") and sending.labels() == ["Check my move"]

    await start_bot()
    caught, version = await server.wait_for(
        lambda: play_post(ana.channel, game, after=0), Patience.seconds
    )
    assert version == 1 and RESTARTED in caught.content and "✅ Picked: ana." in caught.content
    assert caught.pinged_ids() == {bo.id, cy.id}, "Ana already picked"
    # Ana's stale prompt says her move was saved, and shows where she stands.
    checked = await server.reply(await ana.click(sending, "Check my move"))
    assert checked.id == sending.id, "answered in place"
    assert "Your move was saved" in checked.content and "already picked" in checked.content
    # Bo's Play your turn on the restart post works.
    assert hand_cards(await open_hand(server, bo, caught))


@pytest.mark.asyncio
async def test_a_move_lost_in_a_crash_is_said_so_and_its_hand_reopens(
    server: LocalDiscord, start_bot: BotFactory, tmp_path: Path
) -> None:
    first = await start_bot(WONDERS_FAULT_POINT="move-sending")
    (ana, _bo, _cy), game, post = await three_player_game(server, timer="off")
    prompt, discard = await ready_prompt(server, ana, post)
    sending = await server.reply(await ana.click_custom_id(prompt, discard))
    await halted(server, first, "move-sending")
    await first.kill()
    assert await move_log(tmp_path / "wonders.db", game) == []
    posts = len(ana.channel.public())

    await start_bot()
    checked = await server.reply(await ana.click(sending, "Check my move"))
    assert "not saved" in checked.content and hand_cards(checked), checked.content
    # Nothing changed while the bot was down: its start post still stands, no new post.
    assert len(ana.channel.public()) == posts
    chosen = await settled(
        server, await ana.select(checked, "Choose a card", [hand_cards(checked)[0]])
    )
    again = [b for b in chosen.buttons() if ":discard:" in str(b.get("custom_id"))]
    done = await settled(server, await ana.click(chosen, custom_id=str(again[0]["custom_id"])))
    assert done.content.startswith("Picked"), done.content
    assert [seat for seat, _ in await move_log(tmp_path / "wonders.db", game)] == [0]
