"""Issue 21 in Discord: the wonder pick (``wonders:choose``) with a clash, and 7 Wonders for two
players with the Free City, each played from the lobby to the score sheet."""

from __future__ import annotations

import random

import pytest

from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import (
    Patience,
    finish_prompt,
    game_over_post,
    open_hand,
    open_lobby,
    play_classic_game,
    play_post,
    settled,
    wait_post_after,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot

CLASH = "⚔️ Clash"


def _select(prompt: Message) -> dict[str, object]:
    menus = [c for c in prompt.items() if c.get("type") == 3 and not c.get("disabled")]
    assert menus, f"no select in the prompt: {prompt.content!r}"
    return menus[0]


async def _pick_board(server: LocalDiscord, user: UserDriver, post: Message, board: str) -> str:
    """Open the wonder pick, choose ``board`` (its first side offered), Confirm: the reply."""
    prompt = await open_hand(server, user, post)
    assert "Wonder pick, round 1" in prompt.content, prompt.content
    assert prompt.attachments, "the pick shows the boards' image"
    options = list(_select(prompt)["options"])  # type: ignore[arg-type]
    assert len(options) == 14, "7 boards x 2 sides when the sides are chosen too"
    assert all(len(str(o["description"])) <= 100 for o in options)
    value = next(str(o["value"]) for o in options if str(o["label"]).startswith(board))
    chosen = await settled(server, await user.select(prompt, "Choose your wonder", [value]))
    confirm = [c for c in chosen.items() if c.get("label") == "Confirm"]
    assert confirm, chosen.labels()
    done = await settled(server, await user.click(chosen, "Confirm"))
    return done.content


@pytest.mark.asyncio
async def test_wonder_choice_with_a_clash_to_the_end(
    server: LocalDiscord, start_live: object
) -> None:
    await start_live()  # type: ignore[operator]
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    game = await open_lobby(
        server, ana, [bo], game="classic", players=4, wonders="choose", sides="choose"
    )
    channel = ana.channel
    first = play_post(channel, game)
    assert first is not None
    post, version = first
    assert "· Wonder pick round 1**" in post.content
    # Both people choose Rhodos: the reveal gives it to one by a draw; the other picks again.
    said = await _pick_board(server, ana, post, "Rhodos")
    assert said.startswith(("Picked", "Played")), said
    # Who has picked is public, what is not: bo's status names ana as picked, no board.
    status = await server.reply(await bo.command("wonders status", game=game))
    assert status.ephemeral and "Wonder pick round 1" in status.content, status.content
    picked = status.content.split("✅ done:", 1)[1].split("\n")[0]
    assert "ana" in picked and "bo" not in picked, status.content
    assert "Rhodos" not in status.content and "Waiting for bo" in status.content
    said = await _pick_board(server, bo, post, "Rhodos")
    assert said.startswith(("Picked", "Played")), said
    after = await wait_post_after(server, channel, game, version)
    assert after is not None
    reveal, version = after
    assert "chose Rhodos: the draw gave it to" in reveal.content, reveal.content
    loser = bo if "the draw gave it to ana" in reveal.content else ana
    prompt = await open_hand(server, loser, reveal)
    assert CLASH in prompt.content and "Rhodos" in prompt.content, prompt.content
    labels = [str(o["label"]) for o in _select(prompt)["options"]]  # type: ignore[union-attr]
    assert labels and not any(label.startswith("Rhodos") for label in labels), labels
    winner = ana if loser is bo else bo
    waiting = await open_hand(server, winner, reveal)
    assert not [c for c in waiting.items() if c.get("type") == 3], "the seated player waits"
    await finish_prompt(server, loser, prompt, random.Random(3))
    final = await play_classic_game(server, [ana, bo], game, random.Random(21))
    assert "ana" in final.content and "bo" in final.content
    assert not server.violations


async def _play_two(server: LocalDiscord, user: UserDriver, game: int, rng: random.Random) -> None:
    """Play every round as ``user``; when they hold the Free City card, also its pick."""
    channel = user.channel
    current = play_post(channel, game)
    free_city_picks = 0
    for _ in range(60):
        if current is None:
            break
        post, version = current
        prompt = await open_hand(server, user, post)
        if [c for c in prompt.items() if str(c.get("custom_id", "")).startswith("ws:")]:
            done = await finish_prompt(server, user, prompt, rng)
            if f"{user.name} also picks the Free City's card" in post.content:
                again = await server.wait_for(
                    lambda d=done: d if "Free City's card" in d.content else None,
                    Patience.seconds,
                )
                assert "the Free City's hand" in again.content, again.content
                await finish_prompt(server, user, again, rng)
                free_city_picks += 1
        current = await wait_post_after(server, channel, game, version)
    assert free_city_picks >= 6, "the controller alternates: half the turns are the person's"


@pytest.mark.asyncio
async def test_two_players_with_the_free_city_to_the_end(
    server: LocalDiscord, live: InProcessBot
) -> None:
    ana = people(server)["ana"]
    game = await open_lobby(server, ana, [], game="classic", players=2)
    first = play_post(ana.channel, game)
    assert first is not None and "Free City" in first[0].content, first
    await _play_two(server, ana, game, random.Random(2))
    final = game_over_post(ana.channel, game)
    assert final is not None
    result = final.content.split("Game over", 1)[1]
    assert "Free City" not in result.split("won")[0], "the Free City cannot win"
    assert "Free City" in result and "(neutral, unranked)" in result, result
    assert not server.violations


@pytest.mark.asyncio
async def test_options_that_do_not_fit_the_game_are_refused_privately(
    server: LocalDiscord, live: InProcessBot
) -> None:
    ana = people(server)["ana"]
    for options, expected in (
        ({"game": "duel", "wonders": "choose"}, "7 Wonders Duel drafts its wonders"),
        ({"game": "duel", "sides": "choose"}, "7 Wonders Duel drafts its wonders"),
        (
            {"game": "classic", "players": 2, "expansions": "leaders"},
            "Leaders with the 2-player Free City game is out of scope",
        ),
    ):
        reply = await server.reply(await ana.command("wonders create", **options))
        assert reply.ephemeral and expected in reply.content, (options, reply.content)
    assert ana.channel.public() == [], "nothing public was posted"


@pytest.mark.asyncio
async def test_admin_ai_match_of_two_with_chosen_wonders(
    server: LocalDiscord, live: InProcessBot
) -> None:
    """All AI: both seats pick boards and sides, then play the 2-player game to the end."""
    admin = people(server)["admin"]
    started = await server.reply(
        await admin.command(
            "wonders-admin aimatch",
            game="classic",
            players=2,
            level="greedy",
            wonders="choose",
            sides="choose",
        )
    )
    assert started.ephemeral and "started" in started.text(), started.text()
    final = await server.wait_for(lambda: game_over_post(admin.channel), 90)
    posts = [m.content for m in admin.channel.public_with_threads()]
    assert any("**Wonder pick** —" in p and "takes" in p for p in posts), posts[:3]
    assert any("Free City takes" in p for p in posts), "the Free City gets a board left"
    assert "Free City" in final.content and "(neutral, unranked)" in final.content
