"""Scenarios 4 and 7 (across a restart): SIGKILL mid-game, a new process, old buttons work.

The bot runs as a subprocess here (the only way to kill it like a crashed host); the move log
is read from the same SQLite file with ``bot.store.open_store``.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from pathlib import Path

import pytest

from bot.services.games import RESTARTED, GameService
from bot.store import open_store
from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import (
    Patience,
    open_hand,
    open_lobby,
    pick_discard,
    play_post,
    ready_prompt,
    settled,
    wait_post_after,
)
from tests.e2e.conftest import BotFactory, people
from tests.e2e.test_bad_input import three_player_game


def _set_deadline(database: Path, game: int, seat: int, due_in: float, remind_in: float) -> None:
    """Move ``seat``'s deadline and next reminder to ``due_in`` / ``remind_in`` seconds from
    now (negative: already due), whatever time the steps before took on a loaded machine."""
    now = time.time()
    with contextlib.closing(sqlite3.connect(database, timeout=30)) as db, db:
        changed = db.execute(
            "UPDATE deadlines SET due_at = ?, next_reminder_at = ?, reminders_sent = 0, "
            "stalled = 0 WHERE game_id = ? AND seat = ?",
            (now + due_in, now + remind_in, game, seat),
        ).rowcount
    assert changed == 1, f"no deadline for seat {seat} of game {game}"


async def move_log(database: Path, game: int) -> list[tuple[int, str]]:
    async with open_store(database) as store:
        record = await store.load_game(game)
    return [(m.seat, m.move_text) for m in record.moves]


@pytest.mark.asyncio
async def test_sigkill_mid_round_loses_and_doubles_nothing(
    server: LocalDiscord, start_bot: BotFactory, tmp_path: Path
) -> None:
    database = tmp_path / "wonders.db"
    first = await start_bot()
    (ana, bo, cy), game, post = await three_player_game(server, timer="off")
    expected = [(0, await pick_discard(server, ana, post))]
    bo_prompt, bo_discard = await ready_prompt(server, bo, post)  # sent by the old process

    await first.kill()
    assert await move_log(database, game) == expected
    await start_bot()

    # Bo uses the prompt the killed process sent; Ana's old button says she already picked.
    done = await settled(server, await bo.click_custom_id(bo_prompt, bo_discard))
    assert done.content.startswith("Picked"), done.content
    expected.append((1, bo_discard.split(":", 4)[4]))
    again = await open_hand(server, ana, post)
    assert "already picked" in again.content and again.labels() == ["Change my pick"]
    # The new process rebuilt the round's start from the log: Ana's hand reopens there.
    change = await server.reply(await ana.click(again, "Change my pick"))
    assert "Your pick: Discard" in change.content and change.images()
    expected.append((2, await pick_discard(server, cy, post)))
    nxt = await wait_post_after(server, ana.channel, game, 0)
    assert nxt is not None and nxt[1] == 3
    assert await move_log(database, game) == expected

    # A second round on the new process's post; every move exactly once.
    for seat, user in enumerate((ana, bo, cy)):
        expected.append((seat, await pick_discard(server, user, nxt[0])))
    assert await wait_post_after(server, ana.channel, game, 3) is not None
    assert await move_log(database, game) == expected


@pytest.mark.asyncio
async def test_reminder_and_deadline_that_fell_due_while_down_after_restart(
    server: LocalDiscord, start_bot: BotFactory, tmp_path: Path
) -> None:
    database = tmp_path / "wonders.db"
    first = await start_bot()
    cast = people(server)
    ana, bo, cy, admin = cast["ana"], cast["bo"], cast["cy"], cast["admin"]
    await server.reply(
        await admin.command(
            "wonders-admin settings", timeout_policy="skip", reminders="5m", max_reminders=2
        )
    )
    game = await open_lobby(server, ana, [bo, cy], game="classic", players=3, timer="10m")
    found = play_post(ana.channel, game)
    assert found is not None
    await pick_discard(server, ana, found[0])
    await pick_discard(server, bo, found[0])
    await first.kill()
    posted = len(ana.channel.public_with_threads())
    # Cy's reminder fell due while no bot ran; the deadline is far (moved in below, once the
    # reminder is out). Timer and reminders are long so the first process sends none (one in
    # flight at the kill would land after ``posted``), and a deadline already passed at the
    # restart would replace the reminder by the timeout: the store, not the clock, says when.
    await asyncio.to_thread(_set_deadline, database, game, 2, 3600, -1)
    await start_bot()
    reminder = await server.wait_for(
        lambda: next(
            (m for m in ana.channel.public_with_threads()[posted:] if "⏰" in m.content), None
        ),
        Patience.seconds,
    )
    assert reminder.mentioned_ids() == {cy.id}, ("only Cy must still act", reminder.content)
    await asyncio.to_thread(_set_deadline, database, game, 2, -1, 3600)
    timeout = await server.wait_for(
        lambda: next(
            (m for m in ana.channel.public_with_threads() if "Time ran out" in m.content), None
        ),
        Patience.seconds,
    )
    assert "discarded" in timeout.content
    nxt = await wait_post_after(server, ana.channel, game, 0)
    assert nxt is not None
    log = await move_log(database, game)
    assert [seat for seat, _ in log[:3]] == [0, 1, 2]
    assert log[2][1].startswith("discard:"), "the skip policy discards Cy's card"


@pytest.mark.asyncio
async def test_a_move_saved_but_not_posted_before_a_crash_is_posted_at_restart(
    server: LocalDiscord, start_bot: BotFactory, tmp_path: Path
) -> None:
    first = await start_bot()
    (ana, bo, cy), game, post = await three_player_game(server, timer="off")
    await pick_discard(server, ana, post)
    await pick_discard(server, bo, post)
    await first.kill()
    # What a crash between saving Cy's pick (the round's last) and posting it leaves behind.
    async with open_store(tmp_path / "wonders.db") as store:
        games = GameService(store)
        table = await games.table(game)
        move = table.view(2).legal_moves[0].move
        await games.play(game, cy.id, move, table.version)
    posts_before = len(ana.channel.public_with_threads())

    await start_bot()
    caught = await wait_post_after(server, ana.channel, game, 2)
    assert caught is not None and RESTARTED in caught[0].content, caught
    assert "Play your turn" in caught[0].labels() and caught[0].pinged_ids() == {
        ana.id,
        bo.id,
        cy.id,
    }
    assert len(ana.channel.public_with_threads()) == posts_before + 1
