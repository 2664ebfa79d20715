"""Bot messages, guild settings, deadlines and results/stats/leaderboards."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.store import (
    GAME_SEAT,
    GameNotFound,
    GuildSettings,
    InvalidGameState,
    ResultEntry,
    Store,
)

from .conftest import running_game

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


@pytest.mark.asyncio
async def test_messages(store: Store) -> None:
    gid = await running_game(store)
    await store.record_message(gid, "lobby", 20, 1001)
    b1 = await store.record_message(gid, "board", 20, 1002)
    await store.record_message(gid, "prompt", 20, 1003, seat=0)
    await store.record_message(gid, "prompt", 20, 1004, seat=1)
    b2 = await store.record_message(gid, "board", 20, 1005)
    assert [m.message_id for m in await store.list_messages(gid)] == [1001, 1002, 1003, 1004, 1005]
    assert [m.id for m in await store.list_messages(gid, "board")] == [b1.id, b2.id]
    assert (await store.latest_message(gid, "board")).message_id == 1005  # type: ignore[union-attr]
    assert (await store.latest_message(gid, "prompt", seat=0)).message_id == 1003  # type: ignore[union-attr]
    assert await store.latest_message(gid, "reminder") is None
    found = await store.find_message(1004)
    assert found is not None and (found.game_id, found.kind, found.seat) == (gid, "prompt", 1)
    await store.record_message(gid, "board", 20, 1006, replace=True)
    assert [m.message_id for m in await store.list_messages(gid, "board")] == [1006]
    await store.record_message(gid, "prompt", 20, 1007, seat=0, replace=True)
    assert [m.message_id for m in await store.list_messages(gid, "prompt")] == [1004, 1007]
    assert await store.delete_message(1004) == 1
    assert await store.find_message(1004) is None


@pytest.mark.asyncio
async def test_guild_settings(store: Store) -> None:
    assert await store.get_guild_settings(5) == GuildSettings(5)
    s = await store.update_guild_settings(
        5,
        turn_timer_s=3600,
        timeout_policy="skip",
        allowed_channel_ids=[7, 8],
        show_live_scores=False,
        ai_match_delay_s=0.5,
        default_ai_level="greedy",
        reminder_interval_s=600,
        max_reminders=2,
    )
    loaded = await store.get_guild_settings(5)
    assert loaded == s
    assert (loaded.turn_timer_s, loaded.timeout_policy, loaded.allowed_channel_ids) == (
        3600,
        "skip",
        (7, 8),
    )
    assert loaded.show_live_scores is False and loaded.ai_match_delay_s == 0.5
    assert loaded.channel_allowed(7) and not loaded.channel_allowed(9)
    assert GuildSettings(1).channel_allowed(9)
    again = await store.update_guild_settings(5, max_reminders=4)
    assert again.turn_timer_s == 3600 and again.max_reminders == 4
    assert await store.get_guild_settings(6) == GuildSettings(6)
    for bad in ({"timeout_policy": "explode"}, {"colour": 1}, {"turn_timer_s": -1}):
        with pytest.raises(ValueError):
            await store.update_guild_settings(5, **bad)
    assert (await store.get_guild_settings(5)).max_reminders == 4


@pytest.mark.asyncio
async def test_deadlines(store: Store) -> None:
    g1 = await running_game(store, guild_id=1)
    g2 = await running_game(store, guild_id=2)
    d = await store.set_deadline(g1, 0, T0 + timedelta(hours=2), T0 + timedelta(hours=1))
    assert d.reminders_sent == 0 and not d.stalled and d.due_at == T0 + timedelta(hours=2)
    await store.set_deadline(g1, 1, T0 + timedelta(hours=5))
    await store.set_deadline(g2, GAME_SEAT, T0 + timedelta(minutes=30))
    assert [x.seat for x in await store.list_deadlines(g1)] == [0, 1]
    assert await store.due_deadlines(T0) == []
    due = await store.due_deadlines(T0 + timedelta(hours=1))
    assert [(x.game_id, x.seat) for x in due] == [(g2, GAME_SEAT), (g1, 0)]
    assert await store.games_with_due_deadlines(T0 + timedelta(hours=6)) == [g2, g1]
    assert await store.games_with_due_deadlines(T0 + timedelta(hours=6), guild_ids=[1]) == [g1]
    assert await store.record_reminder(g1, 0, T0 + timedelta(hours=1, minutes=30)) == 1
    assert await store.record_reminder(g1, 0, None) == 2
    assert [
        (x.game_id, x.seat) for x in await store.due_deadlines(T0 + timedelta(hours=1, minutes=45))
    ] == [(g2, GAME_SEAT)]
    await store.mark_stalled(g2, GAME_SEAT)
    assert await store.due_deadlines(T0 + timedelta(hours=1)) == []
    assert len(await store.due_deadlines(T0 + timedelta(hours=1), include_stalled=True)) == 1
    # Restarting a clock resets the reminder count.
    again = await store.set_deadline(g1, 0, T0 + timedelta(hours=9))
    assert again.reminders_sent == 0
    assert (await store.list_deadlines(g1))[0].reminders_sent == 0
    assert await store.clear_deadline(g1, 1) == 1
    assert await store.clear_deadline(g1) == 1
    assert await store.list_deadlines(g1) == []
    await store.set_deadline(g2, 0, T0)
    await store.abandon_game(g2)  # ending a game drops its deadlines
    assert await store.list_deadlines(g2) == []


@pytest.mark.asyncio
async def test_results_stats_leaderboard(store: Store) -> None:
    async def play(guild: int, kind: str, ranks_points: list[tuple[int, int]]) -> int:
        gid = await running_game(store, players=len(ranks_points), guild_id=guild, kind=kind)
        await store.finish_game(
            gid, [ResultEntry(i, r, p) for i, (r, p) in enumerate(ranks_points)]
        )
        return gid

    await play(1, "classic", [(1, 60), (2, 50), (3, 40)])  # users 100, 101, 102
    await play(1, "classic", [(2, 45), (1, 55)])  # users 100, 101
    await play(1, "duel", [(1, 30), (2, 20)])
    await play(2, "duel", [(2, 10), (1, 12)])
    gid = await store.create_game(
        kind="duel", channel_id=1, guild_id=1, config="{}", seed=1, rules_version="r"
    )
    await store.add_seat(gid, user_id=100)
    await store.add_seat(gid, ai_level="heuristic")
    await store.start_game(gid)
    await store.finish_game(gid, [ResultEntry(0, 2, 5), ResultEntry(1, 1, 9)])

    s = await store.user_stats(100)
    assert (s.games, s.wins, s.total_points, s.best_points) == (5, 2, 150, 60)
    assert s.average_points == 30
    c = await store.user_stats(100, kind="classic")
    assert (c.games, c.wins) == (2, 1)
    g2 = await store.user_stats(101, guild_id=2)
    assert (g2.games, g2.wins) == (1, 1)
    none = await store.user_stats(999)
    assert (none.games, none.best_points, none.average_points) == (0, None, 0.0)

    board = await store.leaderboard(1)
    assert [(r.user_id, r.games, r.wins) for r in board] == [(100, 4, 2), (101, 3, 1), (102, 1, 0)]
    assert [r.user_id for r in await store.leaderboard(1, kind="duel")] == [100, 101]
    assert [r.user_id for r in await store.leaderboard(1, min_games=3, limit=1)] == [100]


@pytest.mark.asyncio
async def test_turn_timer_and_resigned_seats_are_game_options(store: Store) -> None:
    gid = await store.create_game(
        kind="classic", channel_id=20, config="{}", seed=1, rules_version="r", turn_timer_s=600
    )
    assert (await store.get_game(gid)).turn_timer_s == 600
    await store.set_turn_timer(gid, 0)
    assert (await store.get_game(gid)).turn_timer_s == 0
    with pytest.raises(ValueError):
        await store.set_turn_timer(gid, -5)
    for user in (100, 101):
        await store.add_seat(gid, user_id=user)
    await store.add_seat(gid, ai_level="random")
    with pytest.raises(InvalidGameState):
        await store.resign_seat(gid, 0)  # a lobby has nobody to resign
    await store.start_game(gid)
    now = datetime(2026, 1, 1, tzinfo=UTC)
    await store.set_deadline(gid, 1, now, None)
    await store.set_deadline(gid, 0, now, None)
    assert await store.resign_seat(gid, 1) is True
    assert await store.resign_seat(gid, 1) is False
    with pytest.raises(ValueError):
        await store.resign_seat(gid, 2)  # an AI seat
    game = await store.get_game(gid)
    assert [s.resigned for s in game.seats] == [False, True, False]
    assert [d.seat for d in await store.list_deadlines(gid)] == [0]
    listed = await store.list_games(user_id=101)
    assert [s.resigned for s in listed[0].seats] == [False, True, False]
    await store.abandon_game(gid)
    with pytest.raises(InvalidGameState):
        await store.set_turn_timer(gid, 60)
    with pytest.raises(GameNotFound):
        await store.set_turn_timer(9999, 60)


@pytest.mark.asyncio
async def test_a_resigned_seat_counts_as_a_lost_game_without_points(store: Store) -> None:
    # Users 100, 101, 102; 100 and 101 resign, the AI finishes their seats and seat 0 wins.
    gid = await running_game(store, players=3, guild_id=1, kind="classic")
    for seat in (0, 1):
        assert await store.resign_seat(gid, seat)
    await store.finish_game(
        gid, [ResultEntry(0, 1, 67), ResultEntry(1, 2, 50), ResultEntry(2, 3, 40)]
    )
    # The game's own record keeps the seats' real standing.
    assert await store.game_results(gid) == [(0, 100, 1, 67), (1, 101, 2, 50), (2, 102, 3, 40)]
    ana = await store.user_stats(100)
    assert (ana.games, ana.wins, ana.total_points, ana.best_points) == (1, 0, 0, 0)
    assert (await store.user_stats(102)).total_points == 40
    board = await store.leaderboard(1)
    assert [(r.user_id, r.wins, r.average_points) for r in board] == [
        (100, 0, 0.0),
        (101, 0, 0.0),
        (102, 0, 40.0),
    ]

    # A later game played to the end counts as usual.
    g2 = await running_game(store, players=2, guild_id=1, kind="duel")
    await store.finish_game(g2, [ResultEntry(0, 1, 30), ResultEntry(1, 2, 20)])
    ana = await store.user_stats(100)
    assert (ana.games, ana.wins, ana.total_points, ana.best_points) == (2, 1, 30, 30)
    assert (await store.leaderboard(1))[0].user_id == 100


@pytest.mark.asyncio
async def test_a_lobby_seat_can_be_kept_for_one_member(store: Store) -> None:
    gid = await store.create_game(
        kind="duel", channel_id=20, config="{}", seed=1, rules_version="r"
    )
    assert (await store.get_game(gid)).invited_id is None
    await store.set_invited(gid, 555)
    assert (await store.get_game(gid)).invited_id == 555
    assert (await store.list_games(channel_id=20))[0].invited_id == 555
    await store.abandon_game(gid)
    with pytest.raises(InvalidGameState):
        await store.set_invited(gid, 556)
    with pytest.raises(GameNotFound):
        await store.set_invited(9999, 1)
