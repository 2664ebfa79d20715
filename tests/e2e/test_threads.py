"""Issue 18 end to end: a game's thread, its live status message, threads off, a missing
permission, a restart mid-game, and resigning with a confirmation."""

from __future__ import annotations

import pytest

from tests.discord_server import Channel, LocalDiscord, Message, UserDriver
from tests.discord_server.models import CREATE_PUBLIC_THREADS
from tests.e2e.autoplay import (
    Patience,
    confirmed,
    open_lobby,
    pick_discard,
    wait_post_after,
)
from tests.e2e.conftest import LiveFactory, people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import three_player_game

TITLE = "Game #{} · 7 Wonders · Age I turn {}"


def status_message(thread: Channel) -> Message:
    found = [m for m in thread.public() if m.content.startswith("**Game #") and "⏳" in m.content]
    found += [m for m in thread.public() if "Waiting for" in m.content]
    assert found, [m.content[:60] for m in thread.public()]
    return found[0]


def top_level(channel: Channel) -> list[Message]:
    return channel.public()


async def admin_says(server: LocalDiscord, admin: UserDriver, **options: object) -> str:
    return (await server.reply(await admin.command("wonders-admin settings", **options))).content


@pytest.mark.asyncio
async def test_a_game_lives_in_its_thread_with_one_edited_status_message(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, bo, cy), game, post = await three_player_game(server)
    channel = ana.channel
    assert len(channel.threads) == 1
    thread = channel.threads[0]
    lobby = top_level(channel)[0]
    # The thread hangs off the lobby post, which links it; the seated people are in it.
    assert thread.id == lobby.id and thread.type == 11 and f"<#{thread.id}>" in lobby.content
    assert {ana.id, bo.id, cy.id} <= thread.thread_members
    assert [m.id for m in top_level(channel)] == [lobby.id], "the channel holds the lobby only"
    status = thread.public()[0]
    assert status.content.startswith(f"**{TITLE.format(game, 1)}**"), status.content
    assert "⏳ Waiting for ana, bo, cy\n" in status.content
    assert status.labels() == ["Play your turn"]
    assert post.channel_id == thread.id and TITLE.format(game, 1) in post.content
    # Nobody is pinged: all three just clicked Join / Start.
    assert not any(m.pinged_ids() for m in thread.public())

    picked = await pick_discard(server, ana, post)
    await server.wait_for(lambda: "⏳ Waiting for bo, cy · ✅ done: ana" in status.content, 5)
    assert picked.split(":")[-1] not in status.content, "the status never shows a pick"
    for user in (bo, cy):
        await pick_discard(server, user, post)
    nxt = await wait_post_after(server, channel, game, 0)
    assert nxt is not None and nxt[0].channel_id == thread.id
    await server.wait_for(lambda: TITLE.format(game, 2) in status.content, 5)
    statuses = [m for m in thread.public() if "Waiting for" in m.content]
    assert statuses == [status] and status.edits >= 2, "one status message, edited"
    assert all(m.pinged_ids() == set() for m in [*thread.public(), status])
    assert top_level(channel) == [lobby]

    # The status message's button always opens the current hand.
    hand = await server.reply(await ana.click(status, "Play your turn"))
    assert hand.ephemeral and "moved on" not in hand.content and hand.images()


@pytest.mark.asyncio
async def test_threads_off_keeps_the_game_in_the_channel(
    server: LocalDiscord, live: InProcessBot
) -> None:
    admin = people(server)["admin"]
    assert "game threads: off" in await admin_says(server, admin, game_threads=False)
    (ana, _, _), game, post = await three_player_game(server)
    assert ana.channel.threads == [] and post.channel_id == ana.channel.id
    assert TITLE.format(game, 1) in post.content
    assert any("Waiting for" in m.content for m in ana.channel.public())


@pytest.mark.asyncio
async def test_missing_thread_permission_falls_back_and_tells_an_admin_once(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    admin, ana = cast["admin"], cast["ana"]
    server.default_guild().bot_permissions &= ~CREATE_PUBLIC_THREADS
    games = [
        await open_lobby(server, admin, [ana], game="classic", players=3, timer="off")
        for _ in range(2)
    ]
    told = [m for m in admin.ephemerals() if "Create Public Threads" in m.content]
    assert len(told) == 1 and f"Game #{games[0]} is played in this channel" in told[0].content
    assert admin.channel.threads == [], "both games stay in the channel"
    assert "game_threads:off" in told[0].content
    assert not any("Create Public Threads" in m.content for m in ana.ephemerals())


@pytest.mark.asyncio
async def test_a_restart_finds_the_thread_and_the_status_message(
    server: LocalDiscord, start_live: LiveFactory
) -> None:
    first = await start_live()
    (ana, bo, cy), game, post = await three_player_game(server, timer="off")
    thread = ana.channel.threads[0]
    status = status_message(thread)
    await pick_discard(server, ana, post)
    await server.wait_for(lambda: "✅ done: ana" in status.content, 5)
    await first.stop()

    await start_live()
    for user in (bo, cy):
        await pick_discard(server, user, post)
    nxt = await wait_post_after(server, ana.channel, game, 0)
    assert nxt is not None and nxt[0].channel_id == thread.id, "the new process posts there"
    await server.wait_for(lambda: TITLE.format(game, 2) in status.content, 5)
    assert [m for m in thread.public() if "Waiting for" in m.content] == [status]
    assert top_level(ana.channel)[1:] == []


@pytest.mark.asyncio
async def test_resign_asks_first_cancel_keeps_the_seat(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, bo, _), game, post = await three_player_game(server, timer="off")
    asked = await server.reply(await bo.command("wonders resign", game=game))
    assert asked.ephemeral and "Resign game" in asked.content
    kept = await server.reply(await bo.click(asked, "Cancel"))
    assert f"keep your seat in game #{game}" in kept.content and kept.buttons() == []
    assert not any("resigned" in m.content for m in ana.channel.public_with_threads())
    done = await confirmed(server, bo, await bo.command("wonders resign", game=game))
    assert "AI" in done.content and done.buttons() == []
    # The notice goes to the game's thread, naming the game.
    notice = await server.wait_for(
        lambda: next(
            (m for m in ana.channel.threads[0].public() if f"bo left game #{game}" in m.content),
            None,
        ),
        Patience.seconds,
    )
    assert notice.channel_id == ana.channel.threads[0].id


@pytest.mark.asyncio
async def test_my_games_lists_my_turn_first_with_links(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, bo, cy), first, post = await three_player_game(server, timer="off")
    await pick_discard(server, ana, post)  # game 1 now waits for Bo and Cy, not Ana
    second = await open_lobby(server, bo, [ana, cy], game="classic", players=3)
    listed = (await server.reply(await ana.command("wonders games", mine=True))).content
    lines = listed.splitlines()
    assert lines[0].startswith(f"Game #{second} · 7 Wonders · Age I turn 1 — 👉 **your turn**")
    assert "<t:" in lines[0], "the deadline is a Discord timestamp"
    assert lines[1].startswith(f"Game #{first} ") and "waiting" in lines[1]
    status = status_message(ana.channel.threads[0])
    assert f"/{status.channel_id}/{status.id}" in lines[1], "a jump link to the status"


@pytest.mark.asyncio
async def test_an_archived_thread_is_reopened_when_the_game_moves(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, bo, cy), game, post = await three_player_game(server, timer="off")
    thread = ana.channel.threads[0]
    status = status_message(thread)
    # A week of quiet: Discord archives the thread (as the local server does once its clock
    # passes the thread's auto-archive duration; not moved here, tokens would expire).
    assert thread.auto_archive_minutes == 7 * 24 * 60
    server.set_archived(thread, True)
    await pick_discard(server, ana, post)  # a pick edits the status: the bot reopens it
    await server.wait_for(lambda: "✅ done: ana" in status.content, 10)
    assert not thread.archived
    for user in (bo, cy):
        await pick_discard(server, user, post)
    nxt = await wait_post_after(server, ana.channel, game, 0)
    assert nxt is not None and nxt[0].channel_id == thread.id
