"""What three people read in a 7 Wonders turn, through the real client: a board post says the
turn once (its title) and what happened; the status names each seat once; /wonders status
names the turn, not a move count; a Wonder stage that can't be paid says what it lacks."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import (
    hand_cards,
    open_hand,
    pick_discard,
    play_post,
    settled,
    wait_post_after,
)
from tests.e2e.conftest import people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import three_player_game


@pytest.mark.asyncio
async def test_a_turn_is_said_once_and_each_seat_named_once(
    server: LocalDiscord, live: InProcessBot
) -> None:
    (ana, bo, cy), game, post = await three_player_game(server, timer="off")
    title = f"**Game #{game} · 7 Wonders · Age I turn 1**"
    assert post.content.split("\n")[0] == title
    assert "turn 1" not in post.content.split("\n", 1)[1], "the title alone names the turn"

    # Ana's Wonder stage button says why it can't be built, not "not allowed".
    prompt = await open_hand(server, ana, post)
    labels: list[str] = []
    for card in hand_cards(prompt):
        step = await settled(server, await ana.select(prompt, "Choose a card", [card]))
        labels += [lab for lab in step.labels() if lab.startswith("Wonder stage")]
        prompt = step
    assert labels and not [lab for lab in labels if "not allowed" in lab], labels
    assert all(re.search(r"\((free|\d+ coins?)\)|…$|can't afford", lab) for lab in labels)

    await pick_discard(server, ana, post)
    status = await server.reply(await bo.command("wonders status", game=game))
    assert status.ephemeral and status.content.split("\n")[0] == title, status.content
    assert "move" not in status.content and "running" not in status.content
    for name in ("ana", "bo", "cy"):
        assert len(re.findall(rf"\b{name}\b", status.content)) == 1, status.content
    assert "⏳ Waiting for bo, cy · ✅ done: ana" in status.content

    for user in (bo, cy):
        await pick_discard(server, user, post)
    nxt = await wait_post_after(server, ana.channel, game, 0)
    assert nxt is not None
    lines = nxt[0].content.split("\n")
    assert lines[0] == title.replace("turn 1", "turn 2")
    assert len(lines) == 2 and lines[1].startswith("**Age I, turn 1** — "), lines


@pytest.mark.asyncio
async def test_every_seated_person_is_told_where_the_game_is_with_a_link(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo, cy = cast["ana"], cast["bo"], cast["cy"]
    lobby = await server.reply(await ana.command("wonders create", game="classic", players=3))
    for user in (bo, cy):
        await server.reply(await user.click(lobby, "Join"))
        joined = await server.wait_for(
            lambda u=user: next((m for m in u.ephemerals() if "You joined" in m.content), None), 10
        )
        assert "table's post links the game's thread" in joined.content, joined.content
    started = await server.reply(await ana.click(lobby, "Start"))
    game = int(re.search(r"#(\d+)", lobby.content).group(1))  # type: ignore[union-attr]
    await server.wait_for(lambda: play_post(ana.channel, game), 20)
    thread = ana.channel.threads[0]
    status = next(m for m in thread.public() if "Waiting for" in m.content)
    link = f"https://discord.com/channels/{ana.channel.guild_id}/{thread.id}/{status.id}"
    # The starter, privately; everyone seated, on the table's post they clicked.
    told = await server.wait_for(
        lambda: next((m for m in ana.ephemerals() if f"<#{thread.id}>" in m.content), None), 10
    )
    assert "Play your turn" in told.content and link in told.content, told.content
    assert "below" not in told.content
    assert f"Game #{game} is played in <#{thread.id}>" in lobby.content, lobby.content
    assert link in lobby.content and all(f"<@{u.id}>" in lobby.content for u in (ana, bo, cy))
    assert started is not None
    # /wonders help and /wonders rules agree on where Play your turn is.
    help_text = (await server.reply(await bo.command("wonders help"))).text()
    assert "own thread, linked on the table's post" in help_text
    assert "Play your turn** on the status message there" in help_text


@pytest.mark.asyncio
async def test_the_duel_hand_is_smaller_than_the_board_it_follows(
    server: LocalDiscord, live: InProcessBot
) -> None:
    """Play your turn answers with the seat's options, not a second copy of the board."""
    ana = people(server)["ana"]
    started = await server.reply(await ana.command("wonders duel"))
    game = int(re.search(r"Game #(\d+)", started.text()).group(1))  # type: ignore[union-attr]
    await server.wait_for(lambda: play_post(ana.channel, game), 30)
    post, _ = play_post(ana.channel, game)  # type: ignore[misc]
    prompt = await open_hand(server, ana, post)
    board = Image.open(io.BytesIO(post.image()))
    (hand_file,) = [a for a in prompt.attachments if a.filename.startswith("hand")]
    hand = Image.open(io.BytesIO(hand_file.data))
    assert hand.width == board.width == 800
    assert hand.height < board.height * 0.6, (hand.size, board.size)
