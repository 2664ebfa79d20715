"""Deadlines, reminders and timeout policies, driven by a settable clock (real store)."""

from __future__ import annotations

import pytest

from bot.services.lobby import LobbyOptions
from bot.services.timers import Notice, TimerService

from .conftest import ANA, BO, CHANNEL, CY, GUILD, Services


async def _game(
    s: Services,
    policy: str = "ai",
    timer: str = "1h",
    reminder_s: int = 600,
    max_reminders: int = 2,
) -> int:
    await s.store.update_guild_settings(
        GUILD,
        timeout_policy=policy,
        reminder_interval_s=reminder_s,
        max_reminders=max_reminders,
        default_ai_level="random",
    )
    table = await s.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(players=3, timer=timer))
    await s.lobby.join(table.id, BO)
    await s.lobby.join(table.id, CY)
    await s.lobby.start(table.id, ANA, False)
    return table.id


@pytest.mark.asyncio
async def test_start_sets_a_deadline_per_human_and_a_pick_clears_it(services: Services) -> None:
    game = await _game(services)
    deadlines = await services.store.list_deadlines(game)
    assert [d.seat for d in deadlines] == [0, 1, 2]
    assert all((d.due_at - services.clock.now).total_seconds() == 3600 for d in deadlines)
    table = await services.games.table(game)
    move = table.view(0).legal_moves[0].move
    await services.games.play(game, ANA, move, table.version)
    assert [d.seat for d in await services.store.list_deadlines(game)] == [1, 2]


@pytest.mark.asyncio
async def test_reminders_mention_only_waiting_players_then_stall(services: Services) -> None:
    game = await _game(services)
    timers = TimerService(services.games)
    table = await services.games.table(game)
    await services.games.play(game, ANA, table.view(0).legal_moves[0].move, table.version)
    assert await timers.tick(services.clock.now, [GUILD]) == []
    first = await timers.tick(services.clock.advance(601), [GUILD])
    assert len(first) == 1 and sorted(first[0].mentions) == [BO, CY]
    assert first[0].play_version is not None and "stalled" not in first[0].text
    assert await timers.tick(services.clock.advance(10), [GUILD]) == []
    second = await timers.tick(services.clock.advance(600), [GUILD])
    assert "stalled" in second[0].text
    assert await timers.tick(services.clock.advance(600), [GUILD]) == []  # no third reminder
    assert await timers.tick(services.clock.now, [GUILD + 1]) == []  # other shard's guilds


@pytest.mark.asyncio
async def test_no_reminder_at_all_when_the_server_allows_none(services: Services) -> None:
    game = await _game(services, max_reminders=0)
    timers = TimerService(services.games)
    assert all(d.next_reminder_at is None for d in await services.store.list_deadlines(game))
    for _ in range(5):
        assert await timers.tick(services.clock.advance(601), [GUILD]) == []
    assert not any(d.stalled for d in await services.store.list_deadlines(game))


@pytest.mark.asyncio
async def test_timeout_ai_policy_plays_the_turn_without_revealing_it(services: Services) -> None:
    game = await _game(services, "ai")
    timers = TimerService(services.games)
    table = await services.games.table(game)
    notices = await timers.tick(services.clock.advance(3601), [GUILD])
    assert len(notices) == 3 and all("Time ran out" in n.text for n in notices)
    hands = set().union(*(table.view(s).hand for s in range(3)))
    assert not any(card in notices[0].text for card in hands)  # picks stay secret
    assert sum(len(n.reports) for n in notices) == 1  # the reveal
    after = await services.games.table(game)
    assert after.round_start == after.version == 3
    assert [d.seat for d in await services.store.list_deadlines(game)] == [0, 1, 2]


@pytest.mark.asyncio
async def test_each_timeout_notice_is_published_once_its_move_is_saved(services: Services) -> None:
    game = await _game(services, "ai")
    saved_when_published: list[int] = []

    async def publish(notice: Notice) -> None:
        saved_when_published.append(len((await services.store.load_game(game)).moves))

    timers = TimerService(services.games, publish=publish)
    notices = await timers.tick(services.clock.advance(3601), [GUILD])
    assert len(notices) == 3
    # Published one by one (a crash before the next seat's move loses no notice).
    assert saved_when_published == [1, 2, 3]


@pytest.mark.asyncio
async def test_skip_policy_discards_and_abandon_policy_ends(services: Services) -> None:
    game = await _game(services, "skip")
    timers = TimerService(services.games)
    await timers.tick(services.clock.advance(3601), [GUILD])
    record = await services.store.load_game(game)
    assert [m.move_text.split(":")[0] for m in record.moves] == ["discard"] * 3
    other = await _game(services, "abandon")
    notices = await timers.tick(services.clock.advance(3601), [GUILD])
    assert any("abandoned" in n.text for n in notices if n.game_id == other)
    assert (await services.games.table(other)).status == "abandoned"


@pytest.mark.asyncio
async def test_no_timer_means_no_deadlines(services: Services) -> None:
    game = await _game(services, timer="off")
    assert await services.store.list_deadlines(game) == []
