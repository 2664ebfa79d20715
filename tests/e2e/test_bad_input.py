"""Scenario 5: bad input gets a clear ephemeral answer and the game stays consistent."""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import (
    confirmed,
    hand_cards,
    open_hand,
    open_lobby,
    play_post,
    play_round,
    ready_prompt,
    settled,
    wait_post_after,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot


async def three_player_game(
    server: LocalDiscord, **options: str
) -> tuple[list[UserDriver], int, Message]:
    """Ana, Bo and Cy start a 7 Wonders table (sides A unless ``options`` say otherwise): the
    three, the game id and its first play post."""
    cast = people(server)
    trio = [cast["ana"], cast["bo"], cast["cy"]]
    game = await open_lobby(
        server, trio[0], trio[1:], game="classic", players=3, **{"sides": "A", **options}
    )
    found = play_post(trio[0].channel, game)
    assert found is not None
    return trio, game, found[0]


async def move_log(live: InProcessBot, game: int) -> list[tuple[int, str]]:
    assert live.client is not None and live.client.store is not None
    record = await live.client.store.load_game(game)
    return [(m.seat, m.move_text) for m in record.moves]


def snapshot(message: Message) -> tuple[str, list[str], int]:
    return (
        message.content,
        [str(b.get("custom_id")) for b in message.buttons()],
        len(message.attachments),
    )


@pytest.mark.asyncio
async def test_outsider_forged_ids_and_unknown_cards(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, bo, cy), game, post = await three_player_game(server)
    dee = server.user("dee")
    before = snapshot(post)

    answer = await server.reply(await dee.click(post, "Play your turn"))
    assert answer.ephemeral and answer.visible_to == dee.id
    assert "not playing" in answer.content

    version = 0
    forged = [
        (dee, f"wt:mv:{game}:{version}:discard:Baths"),
        (ana, f"wt:mv:{game}:{version}:build:No Such Card"),
        (ana, f"wt:mv:{game + 50}:{version}:discard:Baths"),
        (ana, f"wt:zap:{game}"),
        (ana, "totally-forged"),
    ]
    # Unknown to the message or to the bot: answered anyway (in parallel: the bot's
    # fallback answer for unhandled clicks comes after ~2 s).
    inters = await asyncio.gather(*(who.click_custom_id(post, cid) for who, cid in forged))
    for (who, custom_id), inter in zip(forged, inters, strict=True):
        reply = await server.reply(inter)
        assert reply is not post and reply.ephemeral and reply.visible_to == who.id, custom_id
        assert reply.content, custom_id
    assert snapshot(post) == before, "the public post must not change"
    assert await move_log(live, game) == []

    assert "Baths" in await ana.autocomplete("wonders card", name="bath")
    assert await ana.autocomplete("wonders card", name="zzqx-no-card") == []
    unknown = await server.reply(await ana.command("wonders card", name="zzqx-no-card"))
    assert unknown.ephemeral and "don't know" in unknown.content

    # The game still works for the real players.
    await play_round(server, [ana, bo, cy], post, random.Random(1))
    assert await wait_post_after(server, ana.channel, game, 0) is not None
    assert sorted(seat for seat, _ in await move_log(live, game)) == [0, 1, 2]


@pytest.mark.asyncio
async def test_stale_double_and_simultaneous_clicks(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, bo, cy), game, post = await three_player_game(server)
    # Ana keeps an older prompt open; then everyone picks at the same instant, Ana
    # clicking her pick twice.
    old_prompt, old_discard = await ready_prompt(server, ana, post, card=1)
    ready = await asyncio.gather(*(ready_prompt(server, u, post) for u in (ana, bo, cy)))
    base = ready[0][0].edits
    clicks = [(ana, *ready[0]), (ana, *ready[0]), (bo, *ready[1]), (cy, *ready[2])]
    inters = await asyncio.gather(*(u.click_custom_id(p, c) for u, p, c in clicks))
    answers = [await settled(server, inter) for inter in inters]
    # Ana's first click edits her prompt twice ("Sending your move…", then "Picked: …"); her
    # second, on the move already sent, gets its own short private answer and leaves it alone.
    await server.wait_for(lambda: ready[0][0].edits >= base + 2, 10)
    again = [a for a in answers[:2] if a.id != ready[0][0].id]
    assert len(again) == 1 and again[0].ephemeral and again[0].visible_to == ana.id
    assert "already sent this move" in again[0].content
    nxt = await wait_post_after(server, ana.channel, game, 0)
    assert nxt is not None and nxt[1] == 3
    assert len([m for m in ana.channel.public_with_threads() if play_post_version(m) == 3]) == 1
    log = await move_log(live, game)
    assert sorted(log) == sorted((seat, c.split(":", 4)[4]) for seat, (_, c) in enumerate(ready)), (
        "one pick per seat"
    )
    assert ready[0][0].content.startswith(("Picked", "Played")), ready[0][0].content
    assert ready[0][0].edits == base + 2

    # The old prompt is stale now: a clear answer and the current hand in its place, no move.
    stale = await settled(server, await ana.click_custom_id(old_prompt, old_discard))
    assert "moved on" in stale.content and stale.id == old_prompt.id
    assert hand_cards(stale) and all(
        f":{game}:3" in str(c.get("custom_id")) for c in stale.items() if c.get("custom_id")
    ), "the hand of the current round (version 3)"
    assert len(await move_log(live, game)) == 3
    # The old board post's button still opens the current hand.
    fresh = await open_hand(server, ana, post)
    assert "moved on" in fresh.content and fresh.images()


def play_post_version(message: Message) -> int | None:
    for button in message.buttons():
        parts = str(button.get("custom_id", "")).split(":")
        if parts[:2] == ["wt", "play"] and len(parts) > 3:  # the status message has none
            return int(parts[3])
    return None


@pytest.mark.asyncio
async def test_leaving_a_running_game_hands_the_seat_to_the_ai(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, bo, cy), game, post = await three_player_game(server)
    left = await confirmed(server, cy, await cy.command("wonders leave"))
    assert left.ephemeral and "AI" in left.content
    assert any("cy left" in m.content for m in ana.channel.public_with_threads())
    again = await server.reply(await cy.command("wonders leave", game=game))
    assert again.ephemeral and "not playing" in again.content
    nothing = await server.reply(await cy.click(post, "Play your turn"))
    assert nothing.ephemeral and "not playing" in nothing.content
    # Ana and Bo pick; the AI picks for cy's seat and the round is revealed.
    await play_round(server, [ana, bo], post, random.Random(3))
    nxt = await wait_post_after(server, ana.channel, game, 0)
    assert nxt is not None
    seats = [s for s, _ in await move_log(live, game)]
    assert sorted(seats[:3]) == [0, 1, 2] and set(seats[3:]) <= {2}, seats
    assert f"<@{cy.id}>" not in nxt[0].content, "the AI's seat is not pinged"


@pytest.mark.asyncio
async def test_create_refusals_are_private(server: LocalDiscord, live: InProcessBot) -> None:
    ana = people(server)["ana"]
    for options, reason in (
        # (players:2 is the Free City game now; duel-only refusals: test_table_options.py)
        ({"timer": "banana"}, "can't read the timer"),
        ({"timer": "1s"}, "between 5 seconds"),
    ):
        reply = await server.reply(await ana.command("wonders create", game="classic", **options))
        assert reply.ephemeral and reply.visible_to == ana.id, options
        assert reason in reply.content, (options, reply.content)
    public = ana.channel.public_with_threads()
    assert public == [], [m.content for m in public]
    # A valid table still opens publicly.
    lobby = await server.reply(await ana.command("wonders create", game="classic", players=3))
    assert not lobby.ephemeral and "Join" in [b.get("label") for b in lobby.buttons()]
