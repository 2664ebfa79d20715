"""Issue 18 end to end: people are told of their turn only when away, once per turn, the way
each chose (``/wonders notify``): a ping, a DM with a jump link (closed DMs: a ping, said
once), or nothing."""

from __future__ import annotations

import asyncio

import pytest

from tests.discord_server import LocalDiscord, Message
from tests.e2e.autoplay import open_lobby, pick_discard, play_post, wait_post_after
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import three_player_game


def pings_of(messages: list[Message], user_id: int) -> list[Message]:
    return [m for m in messages if user_id in m.pinged_ids()]


@pytest.mark.asyncio
async def test_an_idle_player_is_pinged_once_after_ping_after(
    server: LocalDiscord, live: InProcessBot
) -> None:
    admin = people(server)["admin"]
    await server.reply(await admin.command("wonders-admin settings", ping_after="5s"))
    (ana, bo, cy), game, post = await three_player_game(server, timer="off")
    thread = ana.channel.threads[0]
    await pick_discard(server, ana, post)
    await pick_discard(server, bo, post)
    assert not any(m.pinged_ids() for m in thread.public()), "nobody is away yet"
    # Cy last touched the game when joining; 5 s later one short ping follows, in the thread.
    ping = await server.wait_for(lambda: next(iter(pings_of(thread.public(), cy.id)), None), 15)
    assert ping.pinged_ids() == {cy.id} and f"Game #{game} · 7 Wonders" in ping.content
    assert ping.labels() == ["Play your turn"]
    await asyncio.sleep(2.0)  # several timer ticks later: still once for this turn
    assert len(pings_of(thread.public(), cy.id)) == 1
    assert not pings_of(thread.public(), ana.id) and not pings_of(thread.public(), bo.id)
    await pick_discard(server, cy, ping)
    nxt = await wait_post_after(server, ana.channel, game, 0)
    # Cy just played: not pinged for the new turn (Ana and Bo, quiet for 5 s by now, are).
    assert nxt is not None and cy.id not in nxt[0].pinged_ids()
    assert nxt[0].pinged_ids() == {ana.id, bo.id}


@pytest.mark.asyncio
async def test_dm_mode_off_mode_and_closed_dms(server: LocalDiscord, live: InProcessBot) -> None:
    cast = people(server)
    ana, bo, cy = cast["ana"], cast["bo"], cast["cy"]
    await server.reply(await cast["admin"].command("wonders-admin settings", ping_after="0s"))
    for user, mode in ((ana, "off"), (bo, "dm"), (cy, "dm")):
        saved = await server.reply(await user.command("wonders notify", mode=mode))
        assert saved.ephemeral and f"Saved: **{mode}**" in saved.content
    cy.close_dms()
    shown = await server.reply(await bo.command("wonders notify"))
    assert "Your notifications: **dm**" in shown.content

    game = await open_lobby(server, ana, [bo, cy], game="classic", players=3, timer="off")
    found = play_post(ana.channel, game)
    assert found is not None
    post = found[0]
    thread = ana.channel.threads[0]
    # Bo gets a DM naming the game with a jump link to its status message, not a ping.
    dm = await server.wait_for(lambda: next(iter(bo.dms()), None), 10)
    status = next(m for m in thread.public() if "Waiting for" in m.content)
    assert f"Game #{game} · 7 Wonders · Age I turn 1" in dm.content
    assert f"/{thread.id}/{status.id}" in dm.content
    # Cy's DMs are closed: pinged in the post instead, and told so once.
    assert post.pinged_ids() == {cy.id}, post.content
    assert "your DMs are closed" in post.content
    for user in (ana, bo, cy):
        await pick_discard(server, user, post)
    nxt = await wait_post_after(server, ana.channel, game, 0)
    assert nxt is not None
    second = nxt[0]
    assert second.pinged_ids() == {cy.id} and "DMs are closed" not in second.content
    await server.wait_for(lambda: len(bo.dms()) == 2, 10)
    # Off: never pinged nor DMed.
    assert ana.dms() == [] and not pings_of(ana.channel.public_with_threads(), ana.id)


@pytest.mark.asyncio
async def test_reminders_reach_a_dm_player_by_dm(server: LocalDiscord, live: InProcessBot) -> None:
    cast = people(server)
    ana, bo, cy = cast["ana"], cast["bo"], cast["cy"]
    await server.reply(
        await cast["admin"].command("wonders-admin settings", reminders="5s", max_reminders=1)
    )
    await server.reply(await cy.command("wonders notify", mode="dm"))
    game = await open_lobby(server, ana, [bo, cy], game="classic", players=3, timer="8s")
    found = play_post(ana.channel, game)
    assert found is not None
    await pick_discard(server, ana, found[0])
    await pick_discard(server, bo, found[0])
    thread = ana.channel.threads[0]
    reminder = await server.wait_for(
        lambda: next((m for m in thread.public() if "⏰" in m.content), None), 10
    )
    assert reminder.pinged_ids() == set(), "Cy chose DMs: the reminder pings nobody"
    dm = await server.wait_for(lambda: next(iter(cy.dms()), None), 5)
    assert f"Game #{game} · 7 Wonders" in dm.content
