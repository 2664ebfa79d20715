"""Ratings derived from finished games, seasons and rematch links, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest

from bot.rating import Skill, fresh, places, rate
from bot.store import InvalidGameState, ResultEntry, SeasonExists, Store

from .conftest import running_game

GUILD = 10


async def _duel(store: Store, winner: int, hints: int | None = None) -> int:
    """A finished Duel between users 100 and 101 (seats 0, 1) won by seat ``winner``, with
    the table's Hint option ``hints`` if given (2: the tutorial's coached practice game)."""
    gid = await store.create_game(
        kind="duel", channel_id=20, guild_id=GUILD, config="{}", seed=1, rules_version="t"
    )
    for user in (100, 101):
        await store.add_seat(gid, user_id=user)
    await store.start_game(gid)
    if hints is not None:
        await store.set_hints(gid, hints)
    await store.finish_game(gid, [ResultEntry(s, 1 if s == winner else 2, 10 + s) for s in (0, 1)])
    return gid


def _shown(row: object) -> int:
    return Skill(row.mu, row.sigma, row.games).shown  # type: ignore[attr-defined]


@pytest.mark.asyncio
async def test_a_finished_game_moves_both_ratings_and_a_recompute_agrees(store: Store) -> None:
    first = await _duel(store, 0)
    changes = await store.rating_changes(first)
    assert [(c.seat, c.player, c.games_after) for c in changes] == [
        (0, "u:100", 1),
        (1, "u:101", 1),
    ]
    assert changes[0].mu_after > changes[0].mu_before > changes[1].mu_after
    await _duel(store, 0)
    await _duel(store, 1)
    board = await store.rating_board(GUILD, "duel", 0)
    assert [(r.user_id, r.games) for r in board] == [(100, 3), (101, 3)]
    before = [(r.player, round(r.mu, 9), round(r.sigma, 9)) for r in board]
    assert await store.recompute_ratings(GUILD) == 3
    after = await store.rating_board(GUILD, "duel", 0)
    assert [(r.player, round(r.mu, 9), round(r.sigma, 9)) for r in after] == before
    assert await store.rating_board(GUILD, "classic", 0) == []
    assert (await store.user_ratings(GUILD, 100, 0))["duel"].games == 3


@pytest.mark.asyncio
async def test_ai_levels_are_rated_and_a_resign_is_last_place(store: Store) -> None:
    gid = await store.create_game(
        kind="classic", channel_id=20, guild_id=GUILD, config="{}", seed=1, rules_version="t"
    )
    await store.add_seat(gid, user_id=100)
    await store.add_seat(gid, user_id=101)
    await store.add_seat(gid, ai_level="heuristic")
    await store.start_game(gid)
    await store.resign_seat(gid, 0)  # seat 0's AI then won: its human is rated last
    await store.finish_game(
        gid, [ResultEntry(0, 1, 60), ResultEntry(1, 2, 50), ResultEntry(2, 3, 40)]
    )
    by_player = {c.player: c for c in await store.rating_changes(gid)}
    assert set(by_player) == {"u:100", "u:101", "ai:heuristic"}
    assert by_player["u:100"].mu_after < by_player["ai:heuristic"].mu_after
    assert by_player["u:101"].mu_after > by_player["u:101"].mu_before
    levels = [r.ai_level for r in await store.rating_board(GUILD, "classic", 0)]
    assert levels.count("heuristic") == 1


@pytest.mark.asyncio
async def test_abandoned_and_serverless_games_are_not_rated(store: Store) -> None:
    gid = await running_game(store, guild_id=GUILD)
    await store.abandon_game(gid)
    dm = await store.create_game(kind="duel", channel_id=5, config="{}", seed=1, rules_version="t")
    await store.add_seat(dm, user_id=100)
    await store.add_seat(dm, user_id=101)
    await store.start_game(dm)
    await store.finish_game(dm, [ResultEntry(0, 1, 5), ResultEntry(1, 2, 4)])
    assert await store.rating_changes(gid) == [] and await store.rating_changes(dm) == []
    assert await store.recompute_ratings(GUILD) == 0


@pytest.mark.asyncio
async def test_a_new_season_starts_fresh_and_keeps_the_old_one(store: Store) -> None:
    await _duel(store, 0)
    spring = await store.start_season(GUILD, "Spring")
    assert (spring.number, spring.name) == (1, "Spring")
    with pytest.raises(SeasonExists):
        await store.start_season(GUILD, "Spring")
    assert await store.rating_board(GUILD, "duel", 1) == []
    await _duel(store, 1)
    old, new = (
        await store.rating_board(GUILD, "duel", 0),
        await store.rating_board(GUILD, "duel", 1),
    )
    assert [r.user_id for r in old] == [100, 101] and [r.user_id for r in new] == [101, 100]
    assert all(r.games == 1 for r in old + new)
    assert await store.recompute_ratings(GUILD) == 2  # each game stays in its own season
    assert [r.user_id for r in await store.rating_board(GUILD, "duel", 1)] == [101, 100]
    assert [s.name for s in await store.seasons(GUILD)] == ["Spring"]
    both = await asyncio.gather(
        *(store.start_season(GUILD, "Summer") for _ in range(2)), return_exceptions=True
    )
    assert sorted(type(b).__name__ for b in both) == ["Season", "SeasonExists"]


@pytest.mark.asyncio
async def test_one_rematch_per_game(store: Store) -> None:
    gid = await _duel(store, 0)
    old = await store.get_game(gid)
    seats = [(None, None), (101, None)]
    new_id, made = await store.create_rematch(
        old, config="{}", seed=9, rules_version="t", creator_id=101, seats=seats
    )
    again, made_again = await store.create_rematch(
        old, config="{}", seed=8, rules_version="t", creator_id=100, seats=[(100, None)]
    )
    assert made and not made_again and again == new_id
    rematch = await store.get_game(new_id)
    assert (rematch.status, rematch.seed, rematch.channel_id) == ("lobby", 9, 20)
    assert [(s.seat, s.user_id) for s in rematch.seats] == [(1, 101)]
    assert await store.rematch_of(gid) == new_id and await store.rematch_source(new_id) == gid
    assert await store.rematch_source(gid) is None
    with pytest.raises(InvalidGameState):
        await store.finish_game(gid, [])


@pytest.mark.asyncio
async def test_a_coached_practice_game_is_not_rated_and_its_rematch_stays_coached(
    store: Store,
) -> None:
    gid = await _duel(store, 0, hints=2)
    assert await store.rating_changes(gid) == []
    assert await store.recompute_ratings(GUILD) == 0
    new_id, _ = await store.create_rematch(
        await store.get_game(gid), config="{}", seed=3, rules_version="t", creator_id=100, seats=[]
    )
    assert await store.hints_option(new_id) == 2
    rated = await _duel(store, 1, hints=1)  # the Hint button alone does not stop the rating
    assert len(await store.rating_changes(rated)) == 2


@pytest.mark.asyncio
async def test_games_ending_at_once_are_rated_one_after_the_other(store: Store) -> None:
    games = []
    for _ in range(3):
        gid = await store.create_game(
            kind="duel", channel_id=20, guild_id=GUILD, config="{}", seed=1, rules_version="t"
        )
        for user in (100, 101):
            await store.add_seat(gid, user_id=user)
        await store.start_game(gid)
        games.append(gid)
    await asyncio.gather(
        *(store.finish_game(g, [ResultEntry(0, 1, 9), ResultEntry(1, 2, 8)]) for g in games)
    )
    board = await store.rating_board(GUILD, "duel", 0)
    assert [r.games for r in board] == [3, 3]  # no game's update was lost
    await store.recompute_ratings(GUILD)
    again = await store.rating_board(GUILD, "duel", 0)
    assert [(r.player, r.games) for r in again] == [(r.player, r.games) for r in board]
    assert [round(r.mu, 9) for r in again] == [round(r.mu, 9) for r in board]


@pytest.mark.asyncio
async def test_rematch_clicks_at_once_open_one_table(store: Store) -> None:
    old = await store.get_game(await _duel(store, 0))
    made = await asyncio.gather(
        *(
            store.create_rematch(
                old, config="{}", seed=s, rules_version="t", creator_id=100, seats=[(100, None)]
            )
            for s in range(4)
        )
    )
    assert len({rid for rid, _ in made}) == 1 and [c for _, c in made].count(True) == 1
    lobbies = await store.list_games(guild_id=GUILD, status="lobby")
    assert [g.id for g in lobbies] == [made[0][0]]  # the losers' inserts were rolled back


def test_places_and_ties() -> None:
    assert places([(1, False), (2, False), (1, True), (3, False)]) == [1, 2, 4, 3]
    tied = rate([("a", 1), ("b", 1)], {})
    assert tied["a"] == tied["b"] and tied["a"].games == 1
    twice = rate([("u:1", 1), ("ai:x", 2), ("ai:x", 2)], {})
    assert twice["ai:x"].games == 1 and twice["ai:x"].mu < fresh().mu < twice["u:1"].mu
