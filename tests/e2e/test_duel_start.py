"""``/wonders duel``: against the AI at once, a challenge to one member, and the public wonder
draft buttons (one per wonder on offer, for the seat to pick only)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import (
    Patience,
    finish_prompt,
    id_parts,
    open_hand,
    play_post,
    settled,
    wait_post_after,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot


def draft_buttons(post: Message) -> list[dict[str, Any]]:
    """The wonder buttons of a public post (``wt:mv:<g>:<v>:pick:<wonder>``)."""
    return [
        b
        for b in post.buttons()
        if ":pick:" in str(b.get("custom_id", "")) and not b.get("disabled")
    ]


async def answer(server: LocalDiscord, user: UserDriver, post: Message, custom_id: str) -> Message:
    """The clicker's private answer, once past "Sending your move…" (its acknowledgement)."""
    reply = await settled(server, await user.click(post, custom_id=custom_id))
    assert reply.ephemeral and reply.visible_to == user.id, reply.content
    return reply


@pytest.mark.asyncio
async def test_duel_against_the_ai_starts_at_once(server: LocalDiscord, live: InProcessBot) -> None:
    ana = people(server)["ana"]
    reply = await server.reply(await ana.command("wonders duel", ai="greedy"), Patience.seconds)
    assert not reply.ephemeral and "against the AI (Normal)" in reply.content, reply.content
    game = int(reply.content.split("#")[1].split("*")[0])
    assert not [b for b in reply.buttons() if "join" in str(b.get("custom_id"))], (
        "no lobby: the game started"
    )
    # The AI may pick first: wait for the post that asks Ana, with the wonders as buttons.
    found = await server.wait_for(lambda: play_post(ana.channel, game), Patience.seconds)
    post, version = found
    wonders = draft_buttons(post)
    assert 1 <= len(wonders) <= 4 and post.images(), post.labels()
    picked = await answer(server, ana, post, str(wonders[0]["custom_id"]))
    assert picked.content.startswith("Played"), picked.content
    # Ana goes on through her private prompt, like any turn.
    nxt = await wait_post_after(server, ana.channel, game, version, timeout=Patience.seconds)
    assert nxt is not None
    prompt = await open_hand(server, ana, nxt[0])
    done = await finish_prompt(server, ana, prompt, random.Random(3))
    assert done.content.startswith("Played"), done.content
    assert live.client is not None and live.client.store is not None
    record = await live.client.store.load_game(game)
    mine = [m.move_text for m in record.moves if m.seat == record.seat_of(ana.id)]
    assert len(mine) == 2 and mine[0].startswith("pick:"), mine


@pytest.mark.asyncio
async def test_refused_duel_options_stay_private(server: LocalDiscord, live: InProcessBot) -> None:
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    robot = UserDriver(server, server.bot, ana.guild, ana.channel)
    for options, said in (
        ({"opponent": ana}, "yourself"),
        ({"opponent": robot}, "Bots"),
        ({"opponent": bo, "ai": "greedy"}, "not both"),
    ):
        reply = await server.reply(await ana.command("wonders duel", **options))
        assert reply.ephemeral and said in reply.content, reply.content
    assert not ana.channel.public_with_threads(), "a refusal posts nothing"


async def challenge(server: LocalDiscord, ana: UserDriver, bo: UserDriver) -> tuple[Message, int]:
    lobby = await server.reply(await ana.command("wonders duel", opponent=bo), Patience.seconds)
    assert not lobby.ephemeral and bo.id in lobby.mentioned_ids(), lobby.content
    assert "challenges you to 7 Wonders Duel" in lobby.content
    join = [b for b in lobby.buttons() if str(b.get("custom_id")).startswith("wt:join:")]
    return lobby, int(id_parts(str(join[0]["custom_id"]))[2])


@pytest.mark.asyncio
async def test_challenge_only_the_challenged_member_joins(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo, cy = cast["ana"], cast["bo"], cast["cy"]
    lobby, game = await challenge(server, ana, bo)

    refused = await server.reply(await cy.click(lobby, "Join"))
    assert refused.ephemeral and "kept for" in refused.content, refused.content
    typed = await server.reply(await cy.command("wonders join", game=game))
    assert typed.ephemeral and "kept for" in typed.content, typed.content
    early = await server.reply(await ana.click(lobby, "Start"))
    assert early.ephemeral and "has not joined yet" in early.content, early.content
    await bo.click(lobby, "Join")
    await server.wait_for(
        lambda: any("You joined" in m.content for m in bo.ephemerals()) or None, Patience.seconds
    )
    assert bo.mention in lobby.content.split("Seats:")[1], "Bo sits at the table"
    await server.reply(await ana.click(lobby, "Start"))
    post, version = await server.wait_for(lambda: play_post(ana.channel, game), Patience.seconds)
    assert version == 0 and len(draft_buttons(post)) == 4

    # Draft buttons: the seat to pick takes a wonder from the public post; the others can't.
    assert live.client is not None and live.client.store is not None
    record = await live.client.store.load_game(game)
    # Both just clicked (not away): the post names the picker without pinging anyone.
    picker, other = (ana, bo) if f"{ana.name} picks first" in post.content else (bo, ana)
    assert f"{picker.name} picks first" in post.content and not post.pinged_ids()
    wonder = str(draft_buttons(post)[1]["custom_id"])
    wrong = await answer(server, other, post, wonder)
    assert "not your turn" in wrong.content, wrong.content
    outsider = await answer(server, cy, post, wonder)
    assert f"This is {picker.name}'s turn" in outsider.content, outsider.content
    assert (await live.client.store.load_game(game)).moves == ()
    before = post.content, post.labels()
    # A double click: one pick, and the second click only hears it was already sent.
    clicks = await asyncio.gather(
        picker.click(post, custom_id=wonder), picker.click(post, custom_id=wonder)
    )
    replies = [await settled(server, c) for c in clicks]
    assert all(r.ephemeral and r.visible_to == picker.id for r in replies)
    (picked,) = [r for r in replies if "already sent" not in r.content]
    assert picked.content.startswith("Played"), [r.content for r in replies]
    assert (post.content, post.labels()) == before, "the public post stays as it was"
    record = await live.client.store.load_game(game)
    assert [(m.seat, m.move_text) for m in record.moves] == [
        (record.seat_of(picker.id), id_parts(wonder)[4] + ":" + id_parts(wonder)[5])
    ]
    nxt = await wait_post_after(server, ana.channel, game, version)
    assert nxt is not None
    labels = [b["label"] for b in draft_buttons(nxt[0])]
    taken = next(b["label"] for b in post.buttons() if b.get("custom_id") == wonder)
    assert len(labels) == 3 and taken not in labels, labels
    # The old post's buttons are stale now, for whoever clicks them.
    second = other if other.id in nxt[0].mentioned_ids() else picker
    stale = await answer(server, second, post, str(draft_buttons(post)[0]["custom_id"]))
    assert "moved on" in stale.content, stale.content
    assert len((await live.client.store.load_game(game)).moves) == 1


@pytest.mark.asyncio
async def test_the_challenged_member_declines(server: LocalDiscord, live: InProcessBot) -> None:
    cast = people(server)
    ana, cy = cast["ana"], cast["cy"]
    lobby, game = await challenge(server, ana, cy)
    await cy.click(lobby, "Leave / Decline")
    await server.wait_for(
        lambda: any("You declined" in m.content for m in cy.ephemerals()) or None, Patience.seconds
    )
    assert f"{cy.mention} declined ana's challenge" in lobby.content, lobby.content
    assert not lobby.buttons(), "a declined challenge has no buttons left"
    assert live.client is not None and live.client.store is not None
    assert (await live.client.store.get_game(game)).status == "abandoned"


@pytest.mark.asyncio
async def test_the_challenger_may_seat_the_ai_instead(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    lobby, game = await challenge(server, ana, bo)
    await ana.click(lobby, "Add AI")
    await server.wait_for(lambda: "AI (" in lobby.content or None, Patience.seconds)
    assert "challenges you" not in lobby.content and "Leave / Decline" not in lobby.labels()
    await ana.click(lobby, "Start")
    assert await server.wait_for(lambda: play_post(ana.channel, game), Patience.seconds)
