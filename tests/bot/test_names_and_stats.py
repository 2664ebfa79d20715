"""Players' names kept in the store (they survive a restart and reach an admin's match), and
stats of resigned seats, through the services on a real SQLite file."""

from __future__ import annotations

import pytest

from bot.services.games import GameService
from bot.services.lobby import LobbyOptions, LobbyService
from bot.services.names import NameBook

from .conftest import ANA, BO, CHANNEL, CY, GUILD, Services

DEE_ADMIN = 99  # an admin who does not play


def _book(**names: int) -> NameBook:
    """Names as the bot learns them from interactions in GUILD."""
    book = NameBook()
    for name, user in names.items():
        book.remember(user, name, GUILD)
    return book


def _fresh(services: Services) -> tuple[GameService, LobbyService]:
    """The services of a restarted bot: same database, nobody seen yet."""
    games = GameService(services.store, NameBook(), services.clock)
    return games, LobbyService(games)


@pytest.mark.asyncio
async def test_names_survive_a_restart(services: Services) -> None:
    games = GameService(services.store, _book(Ana=ANA, Bo=BO), services.clock)
    lobby = LobbyService(games)
    table = await lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(players=3))
    await lobby.join(table.id, BO)
    stored = await services.store.get_game(table.id)
    assert [(s.user_id, s.name) for s in stored.seats] == [(ANA, "Ana"), (BO, "Bo")]

    games, lobby = _fresh(services)
    table = await games.table(table.id)
    assert lobby.lobby_text(table).startswith(f"**Table #{table.id}** — Ana opened")
    report = await lobby.start(table.id, ANA, False)
    assert report.names[:2] == ("Ana", "Bo")
    assert games.seat_names(await games.table(table.id))[:2] == ["Ana", "Bo"]


@pytest.mark.asyncio
async def test_a_new_name_is_stored_once_and_only_when_it_changed(services: Services) -> None:
    book = _book(Ana=ANA)
    games = GameService(services.store, book, services.clock)
    table = await LobbyService(games).create(GUILD, CHANNEL, ANA, LobbyOptions(players=3))
    table = await games.table(table.id)
    assert book.changed(table) == {}  # stored and seen agree: loading writes nothing
    book.remember(ANA, "Ana B.", GUILD)  # a click shows a new nickname
    assert book.changed(table) == {ANA: "Ana B."}
    await games.table(table.id)
    assert (await services.store.get_game(table.id)).seats[0].name == "Ana B."
    assert book.changed(await games.table(table.id)) == {}
    book.remember(ANA, "Annie", GUILD + 1)  # her nickname on another server is not this one's
    assert book.changed(await games.table(table.id)) == {}
    fresh, _ = _fresh(services)
    assert fresh.seat_names(await fresh.table(table.id))[0] == "Ana B."


@pytest.mark.asyncio
async def test_an_admin_match_names_its_human(services: Services) -> None:
    games = GameService(services.store, _book(Ana=ANA), services.clock)
    report = await LobbyService(games).aimatch(
        GUILD, CHANNEL, DEE_ADMIN, LobbyOptions(kind="duel"), [ANA], "random"
    )
    assert report.names == ("Ana", "Archimedes (AI)")
    assert "Player 1" not in report.text
    stored = await services.store.get_game(report.game_id)
    assert stored.seats[0].name == "Ana"
    fresh, _ = _fresh(services)
    assert fresh.seat_names(await fresh.table(report.game_id)) == ["Ana", "Archimedes (AI)"]


@pytest.mark.asyncio
async def test_resigned_seats_are_losses_without_points(services: Services) -> None:
    table = await services.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(players=3))
    for user in (BO, CY):
        await services.lobby.join(table.id, user)
    await services.lobby.start(table.id, ANA, False, seed=7)
    for user in (ANA, BO, CY):  # everyone resigns on turn 1; the AI finishes all three seats
        await services.games.resign(table.id, user)
    await services.games.advance(table.id, default_level="random")
    assert (await services.games.table(table.id)).status == "finished"
    results = await services.store.game_results(table.id)
    assert sorted(r[2] for r in results)[0] == 1 and all(r[3] > 0 for r in results)
    for user in (ANA, BO, CY):
        stats = await services.store.user_stats(user, guild_id=GUILD)
        assert (stats.games, stats.wins, stats.total_points, stats.best_points) == (1, 0, 0, 0)
    board = await services.store.leaderboard(GUILD)
    assert [(r.games, r.wins, r.average_points) for r in board] == [(1, 0, 0.0)] * 3


@pytest.mark.asyncio
async def test_a_duel_resignation_stays_a_loss_and_a_win(services: Services) -> None:
    table = await services.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(kind="duel"))
    await services.lobby.join(table.id, BO)
    await services.lobby.start(table.id, ANA, False, seed=3)
    await services.games.resign(table.id, BO)
    ana, bo = [await services.store.user_stats(u) for u in (ANA, BO)]
    assert (ana.games, ana.wins, bo.games, bo.wins) == (1, 1, 1, 0)
    assert [r.user_id for r in await services.store.leaderboard(GUILD)] == [ANA, BO]


@pytest.mark.asyncio
async def test_a_lobby_names_its_creator_as_known_in_its_own_server(services: Services) -> None:
    book = NameBook()
    book.remember(ANA, "AnaHere", GUILD)
    games = GameService(services.store, book, services.clock)
    lobby = LobbyService(games)
    table = await lobby.create(GUILD, CHANNEL, ANA, LobbyOptions())
    book.remember(ANA, "AnaElsewhere", GUILD + 1)  # a later command in another server
    text = lobby.lobby_text(await games.table(table.id))
    assert "AnaHere" in text and "AnaElsewhere" not in text
