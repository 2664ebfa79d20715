"""After the last card (issue 34): ratings, the Rematch button and seasons, through the real
client on the local Discord server. Duels end quickly by a resign (rated as last place)."""

from __future__ import annotations

import pytest

from bot.rating import Skill, rate
from tests.discord_server import LocalDiscord, Message, UserDriver
from tests.e2e.autoplay import Patience, confirmed, open_lobby
from tests.e2e.conftest import LiveFactory, people
from tests.e2e.inproc import InProcessBot


def result_post(user: UserDriver, game: int) -> Message | None:
    """The final post of ``game`` (in its thread): the one with its Rematch button."""
    for message in user.channel.public_with_threads():
        if any(b.get("custom_id") == f"wt:rematch:{game}" for b in message.buttons()):
            return message
    return None


async def resigned(server: LocalDiscord, loser: UserDriver, game: int) -> Message:
    """``loser`` resigns the running Duel ``game``; its result post."""
    await confirmed(server, loser, await loser.command("wonders resign", game=game))
    return await server.wait_for(lambda: result_post(loser, game), Patience.seconds)


async def rematch(
    server: LocalDiscord,
    result: Message,
    first: UserDriver,
    second: UserDriver,
    outsider: UserDriver | None = None,
) -> tuple[int, str]:
    """Both click Rematch on ``result`` (``outsider`` tries to join between): the new game's
    id and what the second click was told."""
    opened = (await server.reply(await first.click(result, "Rematch"))).content
    assert "You took your seat at rematch table #" in opened, opened
    game = int(opened.split("#", 1)[1].split(" ", 1)[0])
    if outsider is not None:
        refused = (await server.reply(await outsider.command("wonders join", game=game))).text()
        assert "its seats are kept for that game's players" in refused, refused
    started = (await server.reply(await second.click(result, "Rematch"))).content
    return game, started


def expected(winners: list[str]) -> dict[str, Skill]:
    """ana's and bo's ratings after Duels won by ``winners`` in turn (bot.rating, by hand)."""
    skills: dict[str, Skill] = {}
    for winner in winners:
        loser = "bo" if winner == "ana" else "ana"
        skills = {**skills, **rate([(winner, 1), (loser, 2)], skills)}
    return skills


@pytest.mark.asyncio
async def test_three_duels_move_ratings_and_rematch_seats_both(
    server: LocalDiscord, start_live: LiveFactory
) -> None:
    cast = people(server)
    ana, bo, cy, admin = cast["ana"], cast["bo"], cast["cy"], cast["admin"]
    first = await start_live()
    g1 = await open_lobby(server, ana, [bo], game="duel", timer="off")
    result = await resigned(server, bo, g1)
    one = expected(["ana"])
    assert f"Ratings: ana {one['ana'].shown} (+69, provisional) · bo {one['bo'].shown} (−37" in (
        result.content
    ), result.content
    assert len(result.attachments) == 2  # the board and the score sheet ("rating +69")

    await first.stop()  # the Rematch button is read from its custom_id after a restart
    live = await start_live()
    assert live.client is not None and live.client.store is not None
    store = live.client.store
    outsider = await server.reply(await cy.click(result, "Rematch"))
    assert outsider.ephemeral and outsider.visible_to == cy.id  # refusals are private
    assert outsider.content == f"Only the players of game #{g1} can ask for its rematch."
    g2, started = await rematch(server, result, bo, ana, outsider=cy)
    assert started == f"You took your seat: rematch #{g2} has started.", started
    again = (await server.reply(await bo.click(result, "Rematch"))).content
    assert f"The rematch of game #{g1} is game #{g2} (running)" in again, again
    record = await store.get_game(g2)
    # Same options, a new seed, and in a Duel the other player starts: bo is seat 0 now.
    assert [s.user_id for s in record.seats] == [bo.id, ana.id]
    old = await store.get_game(g1)
    assert (record.config, record.channel_id) == (old.config, old.channel_id)
    assert record.seed != old.seed and record.status == "running"
    assert record.thread_id is not None  # played in a thread of its own, like any table

    result2 = await resigned(server, ana, g2)
    two = expected(["ana", "bo"])
    assert f"bo {two['bo'].shown} (+" in result2.content, result2.content
    assert f"ana {two['ana'].shown} (−" in result2.content, result2.content
    g3, _ = await rematch(server, result2, ana, bo)
    assert [s.user_id for s in (await store.get_game(g3)).seats] == [ana.id, bo.id]
    await resigned(server, bo, g3)

    three = expected(["ana", "bo", "ana"])
    assert three["ana"].shown > three["bo"].shown
    stats = (await server.reply(await ana.command("wonders stats"))).text()
    line = f"7 Wonders Duel {three['ana'].shown} (3 rated games, provisional until 5 games)"
    assert line in stats, stats
    board = (await server.reply(await cy.command("wonders leaderboard"))).text()
    assert board.index(f"<@{ana.id}> — {three['ana'].shown}") < board.index(
        f"<@{bo.id}> — {three['bo'].shown}"
    ), board
    before = await store.rating_board(record.guild_id or 0, "duel", 0)

    refused = (await server.reply(await ana.command("wonders-admin ratings recompute"))).text()
    assert "Only server admins" in refused
    done = (await server.reply(await admin.command("wonders-admin ratings recompute"))).text()
    assert done == "Ratings recomputed from 3 finished games of this server.", done
    assert await store.rating_board(record.guild_id or 0, "duel", 0) == before
    assert (await server.reply(await ana.command("wonders stats"))).text() == stats


@pytest.mark.asyncio
async def test_a_new_season_empties_the_leaderboard_and_keeps_the_old_one(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo, admin = cast["ana"], cast["bo"], cast["admin"]
    g1 = await open_lobby(server, ana, [bo], game="duel", timer="off")
    await resigned(server, bo, g1)
    board = (await server.reply(await ana.command("wonders leaderboard", game="duel"))).text()
    assert f"<@{ana.id}> — 1069 (provisional) · 1 game" in board, board

    refused = (await server.reply(await bo.command("wonders-admin season start", name="S"))).text()
    assert "Only server admins" in refused
    said = await server.reply(await admin.command("wonders-admin season start", name="Spring"))
    assert "Season **Spring** (#1) has started" in said.text(), said.text()
    twice = await server.reply(await admin.command("wonders-admin season start", name="Spring"))
    assert twice.text() == "This server already had a season called 'Spring'."

    fresh = (await server.reply(await ana.command("wonders leaderboard", game="duel"))).text()
    assert "Spring" in fresh and "No rated games yet." in fresh, fresh
    old = await server.reply(await ana.command("wonders leaderboard", game="duel", season="0"))
    assert f"<@{ana.id}> — 1069" in old.text() and "(a past season)" in old.text(), old.text()
    offered = await ana.autocomplete("wonders leaderboard", season="")
    assert offered == ["Spring", "before the first season"], offered
    unknown = await server.reply(await ana.command("wonders leaderboard", season="Winter"))
    assert unknown.text().startswith("There is no season 'Winter' here; the seasons are:")

    g2 = await open_lobby(server, ana, [bo], game="duel", timer="off")
    await resigned(server, ana, g2)  # the new season: bo wins its first game
    spring = (await server.reply(await ana.command("wonders leaderboard", game="duel"))).text()
    assert spring.index(f"<@{bo.id}> — 1069") < spring.index(f"<@{ana.id}> — 963"), spring
    old = await server.reply(await ana.command("wonders leaderboard", game="duel", season="0"))
    assert old.text().index(f"<@{ana.id}> — 1069") < old.text().index(f"<@{bo.id}>")


@pytest.mark.asyncio
async def test_opening_a_rematch_counts_toward_the_members_table_limit(
    server: LocalDiscord, start_live: LiveFactory
) -> None:
    await start_live(max_lobbies_per_member=1)
    cast = people(server)
    ana, bo = cast["ana"], cast["bo"]
    g1 = await open_lobby(server, ana, [bo], game="duel", timer="off")
    result = await resigned(server, bo, g1)
    await server.reply(await ana.command("wonders create", game="classic", players=3))
    refused = await server.reply(await ana.click(result, "Rematch"))
    assert refused.ephemeral and refused.content.startswith("You already have 1 open tables")
    opened = (await server.reply(await bo.click(result, "Rematch"))).content
    assert "You took your seat at rematch table #" in opened, opened


def lobby_message(user: UserDriver, game: int) -> Message | None:
    """The lobby post of table ``game``: the message whose buttons belong to it."""
    for message in user.channel.public_with_threads():
        if any(str(b.get("custom_id", "")).startswith(f"wt:join:{game}") for b in message.items()):
            return message
    return None


@pytest.mark.asyncio
async def test_join_at_a_rematch_keeps_its_line_and_the_last_seat_starts_it(
    server: LocalDiscord, live: InProcessBot
) -> None:
    cast = people(server)
    ana, bo, cy = cast["ana"], cast["bo"], cast["cy"]
    g1 = await open_lobby(server, ana, [bo, cy], game="classic", players=3, timer="off")
    for user in (ana, bo, cy):  # the AI plays the three seats to the end
        await confirmed(server, user, await user.command("wonders resign", game=g1))
    result = await server.wait_for(lambda: result_post(ana, g1), 120)

    opened = (await server.reply(await ana.click(result, "Rematch"))).content
    g2 = int(opened.split("#", 1)[1].split(" ", 1)[0])
    line = f"Rematch of game #{g1}"
    post = await server.wait_for(lambda: lobby_message(ana, g2), Patience.seconds)
    assert line in post.content, post.content

    # /wonders join takes bo's kept seat; the redrawn lobby post still says whose rematch it is.
    assert live.client is not None and live.client.store is not None
    store, edits = live.client.store, post.edits
    joined = (await server.reply(await bo.command("wonders join", game=g2))).content
    assert f"You took your seat at rematch table #{g2}" in joined, joined
    await server.wait_for(lambda: post.edits > edits, Patience.seconds)
    assert line in post.content, post.content
    assert (await store.get_game(g2)).status == "lobby"

    # Join (the button) on the last kept seat starts the game, as Rematch would.
    click = await cy.click(post, "Join")
    said = f"You took your seat: rematch #{g2} has started."
    told = await server.wait_for(
        lambda: next((m for m in click.replies() if m.content == said), None), Patience.seconds
    )
    assert told.ephemeral and told.visible_to == cy.id
    assert (await store.get_game(g2)).status == "running"
    assert line not in post.content  # the lobby post now shows the started table
