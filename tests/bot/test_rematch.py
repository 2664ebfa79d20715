"""Rematch through the services (a 7 Wonders table: same seats, AI seats carried over) and the
ratings' words, with a real SQLite store."""

from __future__ import annotations

import pytest

from bot.model.errors import GameNotHere, NotAllowed, UserError
from bot.presenters.ratings import board_text, rating_line, stats_ratings
from bot.rating import Skill
from bot.services.lobby import LobbyOptions
from bot.services.ratings import Board, RatingService, SeatChange
from bot.services.rematch import RematchService
from bot.store import RatingRow, Season
from render.scores import seat_note

from .conftest import ANA, BO, CHANNEL, CY, GUILD, Services


async def _finished_classic(s: Services) -> int:
    """Ana (seat 0), Bo (seat 1) and an Easy AI (seat 2); both people resign and the AIs
    play the game to its end."""
    table = await s.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(players=3, timer="off"))
    await s.lobby.join(table.id, BO)
    await s.lobby.add_ai(table.id, ANA, False, "random")
    await s.lobby.start(table.id, ANA, False)
    rematch = RematchService(s.lobby)
    with pytest.raises(UserError, match="is running: only a finished game has a rematch"):
        await rematch.ask(GUILD, table.id, ANA)
    for user in (ANA, BO):
        await s.games.resign(table.id, user)
    await s.games.advance(table.id)
    assert (await s.games.table(table.id)).status == "finished"
    return table.id


@pytest.mark.asyncio
async def test_a_rematch_keeps_the_seats_and_starts_when_everyone_is_back(
    services: Services,
) -> None:
    old = await _finished_classic(services)
    rematch = RematchService(services.lobby)
    with pytest.raises(NotAllowed, match=f"Only the players of game #{old}"):
        await rematch.ask(GUILD, old, CY)
    with pytest.raises(GameNotHere):
        await rematch.ask(GUILD + 1, old, ANA)
    opened = await rematch.ask(GUILD, old, BO)
    assert opened.created and opened.seated and opened.report is None
    seats = [(s.seat, s.user_id, s.ai_level) for s in opened.table.record.seats]
    assert seats == [(1, BO, None), (2, None, "random")]  # seat 0 is kept for Ana
    with pytest.raises(UserError, match="its seats are kept for that game's players"):
        await services.lobby.join(opened.table.id, CY)
    started = await rematch.ask(GUILD, old, ANA)
    assert not started.created and started.seated and started.report is not None
    table = started.table
    assert table.status == "running" and table.id == opened.table.id
    assert [s.user_id for s in table.record.seats] == [ANA, BO, None]
    before = await services.games.table(old)
    assert table.record.config == before.record.config
    assert table.record.seed != before.record.seed
    again = await rematch.ask(GUILD, old, ANA)
    assert (again.created, again.seated, again.report) == (False, False, None)
    assert await rematch.source_of(table) == old


@pytest.mark.asyncio
async def test_an_abandoned_game_has_no_rematch(services: Services) -> None:
    table = await services.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(players=3))
    await services.lobby.cancel(table.id, ANA, False)
    with pytest.raises(UserError, match="is abandoned"):
        await RematchService(services.lobby).ask(GUILD, table.id, ANA)


@pytest.mark.asyncio
async def test_resigned_people_are_rated_last_behind_the_ai(services: Services) -> None:
    old = await _finished_classic(services)
    changes = await RatingService(services.store).changes(old)
    assert {c.user_id for c in changes} == {ANA, BO}
    assert all(c.change < 0 and c.provisional for c in changes)  # last place, shared


@pytest.mark.asyncio
async def test_season_names_are_checked(services: Services) -> None:
    ratings = RatingService(services.store)
    with pytest.raises(UserError, match="can't be a number"):
        await ratings.start_season(GUILD, "2")
    with pytest.raises(UserError, match="1 to 40 characters"):
        await ratings.start_season(GUILD, "  ")
    spring = await ratings.start_season(GUILD, "  Spring   2027 ")
    assert spring.name == "Spring 2027"
    assert (await ratings.season(GUILD, "spring 2027")) == (spring, True)
    assert (await ratings.season(GUILD, "0"))[0].number == 0


def test_the_words_of_ratings() -> None:
    changes = [SeatChange(0, ANA, 1069, 69, True), SeatChange(1, BO, 963, -37, False)]
    assert (
        rating_line(changes, ["Ana", "Bo"]) == "Ratings: Ana 1069 (+69, provisional) · Bo 963 (−37)"
    )
    assert rating_line([], ["Ana"]) == ""
    assert seat_note(0, 23) == "rating +23" and seat_note(2, -5) == "used 2 hints · rating -5"
    assert seat_note(1, None) == "used 1 hint"
    spring, before = Season(GUILD, 1, "Spring", None), Season(GUILD, 0, "before", None)
    mine = stats_ratings({"duel": Skill(27.6, 8.07, 1)}, spring)
    assert mine == "Rating (Spring): 7 Wonders Duel 1068 (1 rated game, provisional until 5 games)"
    assert (
        stats_ratings({"classic": Skill(30, 1, 9)}, before)
        == "Rating: 7 Wonders 1540 (9 rated games)"
    )
    assert stats_ratings({}, spring) == "No rated games in season Spring yet."
    assert stats_ratings({}, before) == "No rated games yet."
    rows = [
        RatingRow("ai:heuristic", None, 30.0, 5.0, 9),
        RatingRow(f"u:{ANA}", ANA, 27.6, 8.07, 1),
    ]
    text = board_text(Board(Season(GUILD, 1, "Spring", None), False, rows), "classic")
    assert text.splitlines() == [
        "**Leaderboard — 7 Wonders, Spring** (a past season)",
        f"1. <@{ANA}> — 1068 (provisional) · 1 game",
        "AI levels: Hard 1300",
    ]
