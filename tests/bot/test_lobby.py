"""Lobby rules through the service layer with a real SQLite store."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

import pytest

from bot.model.errors import NotAllowed, UserError
from bot.presenters.reports import Report
from bot.services.lobby import LobbyOptions, format_duration, parse_duration
from bot.store.errors import TableFull

from .conftest import ANA, BO, CHANNEL, CY, DEE, GUILD, Services


async def _lobby(s: Services, players: int = 3) -> int:
    table = await s.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(players=players, timer="1h"))
    return table.id


@pytest.mark.asyncio
async def test_create_seats_creator_and_shows_options(services: Services) -> None:
    game = await _lobby(services, 4)
    table = await services.games.table(game)
    assert table.status == "lobby" and table.timer_s == 3600
    assert [s.user_id for s in table.record.seats] == [ANA]
    text = services.lobby.lobby_text(table)
    assert f"Table #{game}" in text and "4 seats" in text and "1 hour per turn" in text
    assert text.count("—") >= 3


@pytest.mark.asyncio
async def test_join_twice_and_full_table_are_refused(services: Services) -> None:
    game = await _lobby(services)
    await services.lobby.join(game, BO)
    with pytest.raises(UserError, match="already sit"):
        await services.lobby.join(game, BO)
    await services.lobby.join(game, CY)
    with pytest.raises(UserError, match="full"):
        await services.lobby.join(game, DEE)


@pytest.mark.asyncio
async def test_leave_frees_the_seat_but_creator_must_cancel(services: Services) -> None:
    game = await _lobby(services)
    await services.lobby.join(game, BO)
    table = await services.lobby.leave(game, BO)
    assert [s.user_id for s in table.record.seats] == [ANA]
    with pytest.raises(UserError, match="Cancel"):
        await services.lobby.leave(game, ANA)
    with pytest.raises(UserError, match="not seated"):
        await services.lobby.leave(game, CY)


@pytest.mark.asyncio
async def test_only_creator_or_admin_manage_the_table(services: Services) -> None:
    game = await _lobby(services)
    await services.lobby.join(game, BO)
    with pytest.raises(NotAllowed, match="creator or a server admin"):
        await services.lobby.start(game, BO, False)
    with pytest.raises(NotAllowed):
        await services.lobby.add_ai(game, BO, False)
    with pytest.raises(NotAllowed):
        await services.lobby.kick(game, BO, False, 0)
    with pytest.raises(NotAllowed):
        await services.lobby.cancel(game, BO, False)
    table = await services.lobby.add_ai(game, DEE, True, "random")  # an admin may
    assert [s.ai_level for s in table.record.seats] == [None, None, "random"]
    table = await services.lobby.kick(game, ANA, False, 1)
    assert [s.user_id for s in table.record.seats if s.user_id] == [ANA]
    with pytest.raises(UserError, match="creator can't be kicked"):
        await services.lobby.kick(game, DEE, True, 0)


@pytest.mark.asyncio
async def test_start_fills_empty_seats_with_ai_and_freezes_the_lobby(services: Services) -> None:
    game = await _lobby(services, 4)
    await services.lobby.join(game, BO)
    report = await services.lobby.start(game, ANA, False)
    table = await services.games.table(game)
    assert table.status == "running" and len(table.record.seats) == 4
    assert [s.ai_level is not None for s in table.record.seats] == [False, False, True, True]
    assert "Age I begins" in report.text and set(report.mentions) == {ANA, BO}
    assert report.wants_play_button
    with pytest.raises(UserError, match="already started"):
        await services.lobby.join(game, CY)
    with pytest.raises(UserError, match="already started"):
        await services.lobby.start(game, ANA, False)


@pytest.mark.asyncio
async def test_cancel_closes_the_lobby(services: Services) -> None:
    game = await _lobby(services)
    table = await services.lobby.cancel(game, ANA, False)
    assert table.status == "abandoned"
    with pytest.raises(UserError, match="been closed"):
        await services.lobby.join(game, BO)


@pytest.mark.asyncio
async def test_channel_allow_list_and_player_count(services: Services) -> None:
    await services.store.update_guild_settings(GUILD, allowed_channel_ids=(CHANNEL + 1,))
    with pytest.raises(UserError, match="not allowed in this channel"):
        await services.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions())
    with pytest.raises(UserError, match="2 to 7 players"):
        await services.lobby.create(GUILD, CHANNEL + 1, ANA, LobbyOptions(players=8))


def test_durations() -> None:
    assert parse_duration("90s") == 90 and parse_duration("30m") == 1800
    assert parse_duration("24h") == 86400 and parse_duration("2d") == 172800
    assert parse_duration("12") == 12 * 3600 and parse_duration("off") == 0
    assert parse_duration(None) is None
    for bad in ("soon", "4s", "99d"):
        with pytest.raises(UserError):
            parse_duration(bad)
    assert format_duration(86400) == "1 day" and format_duration(0) == "no timer"
    assert [format_duration(s) for s in (2 * 86400, 12 * 3600, 3600, 30 * 60, 60, 90)] == [
        "2 days",
        "12 hours",
        "1 hour",
        "30 minutes",
        "1 minute",
        "1 minute 30 seconds",
    ]
    assert format_duration(parse_duration("36h") or 0) == "1 day 12 hours"


# -- races: every lobby change holds the game's lock and re-reads the seats inside it --------


async def _outcomes(calls: list[Coroutine[Any, Any, Any]]) -> tuple[list[Any], list[str]]:
    """Run the calls at once: (results, error texts); anything but a UserError fails."""
    done = await asyncio.gather(*calls, return_exceptions=True)
    unexpected = [d for d in done if isinstance(d, BaseException) and not isinstance(d, UserError)]
    assert not unexpected, unexpected
    return (
        [d for d in done if not isinstance(d, BaseException)],
        [str(d) for d in done if isinstance(d, UserError)],
    )


@pytest.mark.asyncio
async def test_simultaneous_joins_seat_exactly_the_free_seats(services: Services) -> None:
    game = await _lobby(services, 3)
    joiners = list(range(100, 108))
    joined, refused = await _outcomes([services.lobby.join(game, u) for u in joiners])
    assert len(joined) == 2 and len(refused) == 6
    assert all("is full" in text for text in refused)
    table = await services.games.table(game)
    assert len(table.record.seats) == 3
    report = await services.lobby.start(game, ANA, False)
    seated = {s.user_id for s in (await services.games.table(game)).record.seats}
    assert set(report.mentions) == seated and len(seated) == 3


@pytest.mark.asyncio
@pytest.mark.parametrize("leave_first", [True, False])
async def test_leave_during_start_leaves_a_playable_game(
    services: Services, leave_first: bool
) -> None:
    game = await _lobby(services, 3)
    await services.lobby.join(game, BO)
    calls = [services.lobby.leave(game, BO), services.lobby.start(game, ANA, False)]
    done, refused = await _outcomes(calls if leave_first else calls[::-1])
    table = await services.games.table(game)
    assert table.status == "running" and len(table.record.seats) == 3 == table.players()
    assert table.state is not None and len(services.games.seat_names(table)) == 3
    started = [d for d in done if isinstance(d, Report)]
    assert len(started) == 1
    if refused:  # Start got there first: Bo is told, and still plays
        assert refused == [f"Game #{game} has already started."]
        assert table.seat_of(BO) is not None
    else:
        assert table.seat_of(BO) is None
    assert (await services.games.started(game)).game_id == game


@pytest.mark.asyncio
async def test_double_start_and_add_ai_start_once_with_the_right_seats(services: Services) -> None:
    game = await _lobby(services, 3)
    done, refused = await _outcomes(
        [
            services.lobby.start(game, ANA, False),
            services.lobby.start(game, ANA, False),
            services.lobby.add_ai(game, ANA, False, "random"),
        ]
    )
    assert len([d for d in done if isinstance(d, Report)]) == 1
    assert f"Game #{game} has already started." in refused
    table = await services.games.table(game)
    assert table.status == "running" and len(table.record.seats) == 3
    assert [s.seat for s in table.record.seats] == [0, 1, 2]


@pytest.mark.asyncio
async def test_store_refuses_a_seat_beyond_max_seats(services: Services) -> None:
    game = await _lobby(services, 3)
    for user in (BO, CY):
        await services.store.add_seat(game, user_id=user, max_seats=3)
    with pytest.raises(TableFull):
        await services.store.add_seat(game, ai_level="random", max_seats=3)
    with pytest.raises(TableFull):
        await services.store.add_seat(game, user_id=DEE, max_seats=3)
    assert len((await services.store.get_game(game)).seats) == 3
