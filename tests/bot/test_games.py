"""Whole games through the service layer: AI seats, stale versions, double clicks, resigns,
restarts (a fresh service on the same database), results and stats."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.model.errors import NotAllowed, StaleVersion, UserError
from bot.model.game import Table
from bot.presenters.reports import Report
from bot.services.driver import Driver
from bot.services.games import GameService
from bot.services.lobby import LobbyOptions

from .conftest import ANA, BO, CHANNEL, CY, GUILD, Services


async def _started(s: Services, humans: list[int], players: int = 3) -> int:
    table = await s.lobby.create(GUILD, CHANNEL, humans[0], LobbyOptions(players=players))
    for user in humans[1:]:
        await s.lobby.join(table.id, user)
    for _ in range(players - len(humans)):
        await s.lobby.add_ai(table.id, humans[0], False, "greedy")
    await s.lobby.start(table.id, humans[0], False)
    return table.id


def _hidden_cards(table: Table, viewer_seats: set[int]) -> set[str]:
    """Cards in the hands of seats other than ``viewer_seats`` (must never be posted)."""
    hidden: set[str] = set()
    for seat in range(table.players()):
        if seat not in viewer_seats:
            hidden |= set(table.view(seat).hand)
    return hidden


async def _play_out(s: Services, game: int, rng: random.Random) -> list[Report]:
    reports = await s.games.advance(game)
    while (table := await s.games.table(game)).status == "running":
        for seat in table.humans_to_act():
            view = table.view(seat)
            move = rng.choice(view.legal_moves).move
            user = table.seat_user(seat)
            assert user is not None
            result = await s.games.play(game, user, move, table.version)
            for report in result.reports:
                assert report.version == result.table.version
            reports += result.reports
        reports += await s.games.advance(game)
    return reports


@pytest.mark.asyncio
async def test_full_game_with_ai_seat_records_results(services: Services) -> None:
    game = await _started(services, [ANA, BO])
    reports = await _play_out(services, game, random.Random(3))
    assert len(reports) >= 18 and reports[-1].final and reports[-1].outcome is not None
    assert "Game over" in reports[-1].text and "Age III conflicts" in reports[-1].text
    assert sum("conflicts" in r.text for r in reports) == 3
    table = await services.games.table(game)
    assert table.status == "finished" and table.version >= 18 * 3
    results = await services.store.game_results(game)
    assert sorted(r[2] for r in results)[0] == 1 and {r[1] for r in results} == {ANA, BO, None}
    stats = await services.store.user_stats(ANA)
    assert stats.games == 1
    board = await services.store.leaderboard(GUILD)
    assert {row.user_id for row in board} == {ANA, BO}


@pytest.mark.asyncio
async def test_round_posts_never_show_a_pending_pick(services: Services) -> None:
    game = await _started(services, [ANA, BO, CY])
    table = await services.games.table(game)
    # a build, revealed face up (a discard stays face down even after the reveal); the deal
    # is random, so the first legal move may be a discard
    pick = next(m for m in table.view(0).legal_moves if m.action == "build")
    result = await services.games.play(game, ANA, pick.move, table.version)
    assert result.reports == [] and "Picked" in result.text and "Waiting for Bo, Cy" in result.text
    table = await services.games.table(game)
    secret = _hidden_cards(table, {1, 2})  # Ana's remaining hand + her pick
    for seat, user in ((1, BO), (2, CY)):
        move = table.view(seat).legal_moves[-1].move
        result = await services.games.play(game, user, move, table.version)
        table = result.table
    assert len(result.reports) == 1
    text = result.reports[0].text
    assert pick.card in text  # revealed now
    assert not any(card in text for card in secret - {pick.card})


@pytest.mark.asyncio
async def test_stale_version_and_double_click(services: Services) -> None:
    game = await _started(services, [ANA, BO])
    table = await services.games.table(game)
    first = table.version
    move = table.view(0).legal_moves[0].move
    both = await asyncio.gather(
        services.games.play(game, ANA, move, first),
        services.games.play(game, ANA, move, first),
        return_exceptions=True,
    )
    applied = [r for r in both if not isinstance(r, BaseException)]
    refused = [r for r in both if isinstance(r, UserError)]
    assert len(applied) == 1 and len(refused) == 1 and "already picked" in str(refused[0])
    record = await services.store.load_game(game)
    assert [m.seat for m in record.moves].count(0) == 1
    # Bo picks: the round is revealed and a button from round 1 is now stale.
    table = await services.games.table(game)
    bo_move = table.view(1).legal_moves[0].move
    await services.games.play(game, BO, bo_move, first)  # same round: still accepted
    await services.games.advance(game)
    table = await services.games.table(game)
    assert table.round_start > first
    new_move = table.view(0).legal_moves[0].move
    with pytest.raises(StaleVersion):
        await services.games.play(game, ANA, new_move, first)
    with pytest.raises(StaleVersion):
        await services.games.play(game, ANA, new_move, None)


@pytest.mark.asyncio
async def test_only_seated_players_act_and_illegal_moves_explain(services: Services) -> None:
    game = await _started(services, [ANA, BO])
    table = await services.games.table(game)
    with pytest.raises(NotAllowed, match="not playing"):
        await services.games.play(game, CY, "discard:Altar", table.version)
    with pytest.raises(UserError, match="Not a move"):
        await services.games.play(game, ANA, "fly:Moon", table.version)
    hand = set(table.view(0).hand)
    absent = next(c for c in table.game.engine.card_names() if c not in hand)
    with pytest.raises(UserError):
        await services.games.play(game, ANA, f"discard:{absent.replace(' ', '')}", table.version)
    assert (await services.games.table(game)).version == table.version


@pytest.mark.asyncio
async def test_resign_hands_the_seat_to_the_ai(services: Services) -> None:
    game = await _started(services, [ANA, BO, CY])
    text, _ = await services.games.resign(game, CY)
    assert "AI plays their seat" in text
    table = await services.games.table(game)
    assert table.seat_of(CY) is None and table.ai_level(2) == "heuristic"
    await services.games.advance(game)
    table = await services.games.table(game)
    assert 2 not in table.to_act() and table.humans_to_act() == [0, 1]
    with pytest.raises(NotAllowed):
        await services.games.play(game, CY, "discard:Altar", table.version)


@pytest.mark.asyncio
async def test_restart_replays_the_same_state(services: Services) -> None:
    game = await _started(services, [ANA, BO])
    rng = random.Random(9)
    for _ in range(4):
        table = await services.games.table(game)
        for seat in table.humans_to_act():
            move = rng.choice(table.view(seat).legal_moves).move
            await services.games.play(game, table.seat_user(seat) or 0, move, table.version)
        await services.games.advance(game)
    before = await services.games.table(game)
    fresh = GameService(services.store, services.games.names)  # a new process
    after = await fresh.table(game)
    assert after.version == before.version and after.round_start == before.round_start
    assert after.game.engine.dump(after.state) == before.game.engine.dump(before.state)


@pytest.mark.asyncio
async def test_all_ai_match_plays_to_the_end_through_the_driver(services: Services) -> None:
    posted: list[Report] = []

    async def post(report: Report) -> None:
        posted.append(report)

    async def no_delay(_: Table) -> float:
        return 0.0

    opening = await services.lobby.aimatch(
        GUILD, CHANNEL, ANA, LobbyOptions(players=5), [], "random"
    )
    driver = Driver(services.games, post, no_delay)
    driver.kick(opening.game_id)
    driver.kick(opening.game_id)  # a second kick must not start a second player
    await asyncio.wait_for(driver.idle(), 60)
    # 18 reveals, plus one post per Babylon / Halikarnassos extra action.
    assert len(posted) >= 18 and posted[-1].final and not posted[-1].mentions
    assert [r.version for r in posted] == sorted({r.version for r in posted})
    assert sum("conflicts" in r.text for r in posted) == 3
    table = await services.games.table(opening.game_id)
    assert table.status == "finished" and table.version == posted[-1].version >= 18 * 5


@pytest.mark.asyncio
async def test_a_game_number_from_another_server_is_answered_like_a_missing_one(
    services: Services,
) -> None:
    lobby = await services.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(timer="off"))
    found = await services.games.find_game(GUILD, None, BO, lobby.id, ("lobby",))
    assert found.id == lobby.id
    answers = []
    for guild, game in ((GUILD + 1, lobby.id), (GUILD, lobby.id + 99)):
        with pytest.raises(UserError) as refused:
            await services.games.find_game(guild, CHANNEL, BO, game, ("lobby", "running"))
        answers.append(str(refused.value).replace(str(game), "N"))
        with pytest.raises(UserError, match=f"no game #{game} in this server"):
            await services.games.table_in(guild, game)
    assert answers[0] == answers[1]  # nothing tells that game #N exists elsewhere


def _restarted(s: Services) -> GameService:
    """The game service of a process started afresh on the same database."""
    return GameService(s.store, s.games.names)


@pytest.mark.asyncio
async def test_a_game_started_here_is_not_caught_up_as_a_restart(services: Services) -> None:
    """Issue 35.16: a game started in the seconds after the bot connected, before its
    catch-up ran, is posted by its start alone: no "The bot was restarted" post."""
    game = await _started(services, [ANA, BO, CY])
    assert await services.games.catch_up([GUILD]) == []  # its own post is on its way
    table = await services.games.table(game)
    move = table.view(0).legal_moves[0].move
    await services.games.play(game, ANA, move, table.version)
    assert await services.games.catch_up([GUILD]) == []
    (after_a_crash,) = await _restarted(services).catch_up([GUILD])  # a restart: caught up
    assert after_a_crash.game_id == game and after_a_crash.text.startswith("The bot was restarted")


@pytest.mark.asyncio
async def test_catch_up_posts_each_unposted_state_once(services: Services) -> None:
    game = await _started(services, [ANA, BO, CY])
    # Started, never posted (a crash right after Start): the start is caught up.
    (first,) = await _restarted(services).catch_up([GUILD])
    assert first.game_id == game and first.version == 0 and "Picked" not in first.text
    assert set(first.mentions) == {ANA, BO, CY}
    await services.store.record_message(game, "board", CHANNEL, 1, version=0)
    assert await _restarted(services).catch_up([GUILD]) == []  # posted: nothing to do again
    users = (ANA, BO, CY)
    for seat in (0, 1):  # private picks: the catch-up shows who picked (not what)
        table = await services.games.table(game)
        move = table.view(seat).legal_moves[0].move
        await services.games.play(game, users[seat], move, table.version)
    (mid,) = await _restarted(services).catch_up([GUILD])
    assert mid.version == 2 and "✅ Picked: Ana, Bo." in mid.text
    assert set(mid.mentions) == {CY}, "only Cy still has to pick"
    await services.store.record_message(game, "board", CHANNEL, 2, version=2)
    table = await services.games.table(game)
    await services.games.play(
        game, CY, table.view(2).legal_moves[0].move, table.version
    )  # the reveal, saved; its post never sent
    (report,) = await _restarted(services).catch_up([GUILD])
    assert (
        report.game_id == game
        and report.version == 3
        and report.text.startswith("The bot was restarted")
    )
    assert await _restarted(services).catch_up([GUILD + 1]) == []  # another shard's guilds
    # A post of an older version does not count; the one showing version 3 does.
    await services.store.record_message(game, "board", CHANNEL, 3, version=2)
    assert [r.version for r in await _restarted(services).catch_up([GUILD])] == [3]
    await services.store.record_message(game, "board", CHANNEL, 4, version=3)
    assert await _restarted(services).catch_up([GUILD]) == []


@pytest.mark.asyncio
async def test_catch_up_skips_a_game_that_cannot_be_loaded(services: Services) -> None:
    games = [await _started(services, [ANA], players=3) for _ in range(2)]
    for game in games:  # Ana's pick ends the round (the AIs picked): saved, never posted
        services.games.cache.forget(game)
        await services.games.advance(game)
        table = await services.games.table(game)
        await services.games.play(game, ANA, table.view(0).legal_moves[0].move, table.version)
    async with services.store._write() as db:  # a broken row (e.g. edited by hand)
        await db.execute("UPDATE games SET config = '{bad' WHERE id = ?", (games[0],))
    services.games.cache.forget(games[0])
    assert [r.game_id for r in await _restarted(services).catch_up([GUILD])] == [games[1]]
