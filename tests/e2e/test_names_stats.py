"""Players' names come from the store (after a restart, in an admin's match), and stats never
credit a resigned player with the result of the AI that finished their seat."""

from __future__ import annotations

import pytest

from tests.discord_server import LocalDiscord
from tests.e2e.autoplay import (
    confirmed,
    game_over_post,
    open_lobby,
    pick_discard,
    wait_post_after,
)
from tests.e2e.conftest import BotFactory, people
from tests.e2e.inproc import InProcessBot
from tests.e2e.test_bad_input import three_player_game


@pytest.mark.asyncio
async def test_posts_after_a_restart_name_players_not_seen_since(
    server: LocalDiscord, start_bot: BotFactory
) -> None:
    first = await start_bot()
    (ana, bo, cy), game, post = await three_player_game(server, timer="off")
    await pick_discard(server, cy, post)
    duel = await server.reply(await bo.command("wonders create", game="duel", timer="off"))
    await first.kill()
    await start_bot()

    # The new process knows Bo's and Cy's names only from the store: Bo has not interacted
    # with it yet when Ana's Join edits his lobby, and Cy never does before the board post.
    await server.reply(await ana.click(duel, "Join"))
    assert duel.content.startswith("**Table #2** — bo opened"), duel.content
    await pick_discard(server, ana, post)
    await pick_discard(server, bo, post)
    nxt = await wait_post_after(server, ana.channel, game, 0)
    assert nxt is not None
    text = nxt[0].content
    assert "cy discarded" in text and "bo discarded" in text, text
    assert "Player" not in text


@pytest.mark.asyncio
async def test_an_admin_match_names_its_human_player(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, admin = cast["ana"], cast["admin"]
    started = await server.reply(
        await admin.command("wonders-admin aimatch", game="duel", human=ana, level="random")
    )
    assert "started" in started.text()
    # The draft alternates picks: Ana must act within the first posts, named in the text.
    asked = await server.wait_for(
        lambda: next(
            (m for m in admin.channel.public_with_threads() if ana.id in m.mentioned_ids()), None
        ),
        20,
    )
    posts = [m.content for m in admin.channel.public_with_threads()]
    assert any("ana" in p for p in posts), posts
    assert not any("Player " in p for p in posts), posts
    assert "ana" in asked.content, asked.content
    assert live.client is not None and live.client.store is not None
    games = await live.client.store.list_games(status=("running",))
    assert [s.name for s in games[0].seats if s.user_id == ana.id] == ["ana"]


@pytest.mark.asyncio
async def test_resigned_players_win_nothing_in_stats(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo, cy = cast["ana"], cast["bo"], cast["cy"]
    game = await open_lobby(server, ana, [bo, cy], game="classic", players=3, timer="off")
    for user in (ana, bo, cy):
        answer = await confirmed(server, user, await user.command("wonders resign"))
        assert "the AI plays their seat" in answer.content
    await server.wait_for(lambda: game_over_post(ana.channel, game), 60)
    for user in (ana, bo, cy):
        stats = await server.reply(await user.command("wonders stats"))
        assert "1 game, 0 wins, 0.0 points on average (best 0)" in stats.text(), stats.text()
    board = (await server.reply(await ana.command("wonders leaderboard", order="wins"))).text()
    assert board.count("0 wins in 1 game (0.0 points on average)") == 3, board
    # Rated, each resign is last place: all three share it, so their ratings stay equal.
    rated = (await server.reply(await ana.command("wonders leaderboard"))).text()
    assert len({line.split(" — ")[1] for line in rated.splitlines()[1:]}) == 1, rated
