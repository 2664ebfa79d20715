"""Issue 30, forged clicks: a private flow's component id (hand, pages, card select, change
pick, confirm steps, resign, tutorial) arriving on the public board post gets a NEW ephemeral
answer and never changes that post; ids that don't parse or whose derived ids would not fit
get one private "not from this bot" answer, no error, and never reach the log."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pytest
import pytest_asyncio

from bot.model.ids import NOT_OURS
from tests.discord_server import Interaction, LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import hand_cards, open_hand
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import move_log, snapshot, three_player_game

UPDATE_MESSAGE = 7  # the interaction response type that edits the clicked message


async def private_answer(server: LocalDiscord, who: UserDriver, inter: Interaction) -> Message:
    reply = await server.reply(inter)
    assert inter.response_type != UPDATE_MESSAGE, inter.what
    assert reply is not inter.message and reply.ephemeral and reply.visible_to == who.id
    return reply


@dataclass
class Board:
    """A running 3-player game's public board post, one of its players and an outsider."""

    ana: UserDriver
    dee: UserDriver
    game: int
    post: Message


@pytest_asyncio.fixture
async def board(server: LocalDiscord, live: InProcessBot) -> Board:
    (ana, _bo, _cy), game, post = await three_player_game(server)
    return Board(ana, server.user("dee"), game, post)


@pytest.mark.asyncio
async def test_private_flow_ids_on_the_public_board_post_answer_privately(
    server: LocalDiscord, live: InProcessBot, board: Board
) -> None:
    ana, dee, game, post = board.ana, board.dee, board.game, board.post
    before, edits = snapshot(post), post.edits
    hand_flow = [
        f"wt:pg:{game}:0:1",
        f"wt:hand:{game}:0",
        f"wt:act:{game}:0:build:Baths",
        f"wt:cmv:{game}:0:discard:Baths",
        f"wt:cpg:{game}:0:1",
        f"wt:chand:{game}:0",
        f"wt:coachoff:{game}",
        f"wt:sent:{game}:0:discard:Baths",
    ]
    for custom_id in hand_flow:
        reply = await private_answer(server, ana, await ana.click_custom_id(post, custom_id))
        assert "here is your own hand" in reply.content and hand_cards(reply), custom_id
        stranger = await private_answer(server, dee, await dee.click_custom_id(post, custom_id))
        assert "not playing in game" in stranger.content, custom_id
    for custom_id in (f"ws:card:{game}:0", f"ws:ccard:{game}:0", f"ws:move:{game}:0:0"):
        inter = await ana.click_custom_id(post, custom_id, component_type=3, values=["Baths"])
        reply = await private_answer(server, ana, inter)
        assert "here is your own hand" in reply.content, custom_id
    # Confirm steps of other private flows: nothing happens, and it is said privately.
    others = (f"wt:resign:{game}", f"wt:stay:{game}", "wt:tutx:0", "wt:tut:0:3", f"wt:rp:{game}:0")
    for custom_id in others:
        reply = await private_answer(server, ana, await ana.click_custom_id(post, custom_id))
        assert reply.content == NOT_OURS, custom_id
    assert snapshot(post) == before and post.edits == edits, "the public post must not change"
    assert await move_log(live, game) == []  # no move, no resignation
    assert "You are not playing" not in post.content


@pytest.mark.asyncio
async def test_a_lobby_button_forged_on_the_board_post_leaves_the_post_alone(
    server: LocalDiscord, board: Board
) -> None:
    ana, dee, game, post = board.ana, board.dee, board.game, board.post
    lobby = await server.reply(await dee.command("wonders create", game="classic", players=3))
    other = game + 1
    assert f"Table #{other}" in lobby.content
    before, edits = snapshot(post), post.edits
    joined = await private_answer(server, ana, await ana.click_custom_id(post, f"wt:join:{other}"))
    assert f"You joined table #{other}" in joined.content
    await server.wait_for(lambda: f"<@{ana.id}>" in lobby.content, 10)  # its own post redrawn
    started = await private_answer(
        server, dee, await dee.click_custom_id(post, f"wt:start:{other}")
    )
    assert f"Game #{other} is played in" in started.content
    assert snapshot(post) == before and post.edits == edits, "the board post must not change"


@pytest.mark.asyncio
async def test_overlong_and_unparsable_ids_get_one_quiet_answer(
    server: LocalDiscord, live: InProcessBot, board: Board, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)  # the bot's default level (discord.py's DEBUG dumps events)
    ana, game, post = board.ana, board.game, board.post
    prompt = await open_hand(server, ana, post)
    before, prompt_before = snapshot(post), snapshot(prompt)
    head = f"wt:mv:{game}:0:discard:"
    exactly_100 = head + "x" * (100 - len(head))  # parses; "wt:sent:…" from it would be 102
    assert len(exactly_100) == 100
    forged = [exactly_100, exactly_100.replace("wt:mv", "wt:cmv")[:100], "wt:pg:" + "9" * 95]
    forged += [head + "x" * 90, "wt:hand:" + "1" * 4000, "w" * 4000, "wt:mv:1:0:" + "é" * 90]
    for where in (post, prompt):
        for custom_id in forged:
            inter = await ana.click_custom_id(where, custom_id)
            reply = await private_answer(server, ana, inter)
            assert reply.content == NOT_OURS, custom_id[:40]
            assert len(inter.replies()) == 1, "one answer"
    assert snapshot(post) == before and snapshot(prompt) == prompt_before
    assert await move_log(live, game) == []
    logged = [r.getMessage() for r in caplog.records]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], logged
    assert not [m for m in logged if "xxxxxxxxxx" in m or "9" * 50 in m or "w" * 201 in m]
    # The real prompt still works.
    assert hand_cards(await open_hand(server, ana, post))
