"""Who was told of which turn survives a restart (issue 18 leftovers), on both backends."""

from __future__ import annotations

import pytest

from bot.services.notify import Attention
from bot.store import Store

from .conftest import running_game


@pytest.mark.asyncio
async def test_told_and_watched_turns_are_kept_per_game_and_person(store: Store) -> None:
    game = await running_game(store, guild_id=10)
    elsewhere = await running_game(store, guild_id=11)
    await store.save_turn_pings(game, [(100, 3, None), (101, None, 3)])
    await store.save_turn_pings(elsewhere, [(100, 1, None)])
    assert await store.turn_pings([10]) == [(game, 100, 3, None), (game, 101, None, 3)]
    await store.save_turn_pings(game, [(101, 3, None), (100, None, None)])  # 100: forgotten
    assert await store.turn_pings([10, 11]) == [(game, 101, 3, None), (elsewhere, 100, 1, None)]
    await store.forget_turn_pings(game)
    assert await store.turn_pings([10]) == [] and await store.turn_pings([]) == []


@pytest.mark.asyncio
async def test_a_restarted_attention_tells_nobody_twice_of_one_turn(store: Store) -> None:
    game = await running_game(store, guild_id=10)
    before = Attention()
    assert before.to_tell(game, [100, 101], turn=4, ping_after=0) == [100, 101]
    await store.save_turn_pings(game, [(u, *before.state(game, u)) for u in (100, 101)])

    after = Attention()  # a new process
    for game_id, user, told, watch in await store.turn_pings([10]):
        after.restore(game_id, user, told, watch)
    assert after.to_tell(game, [100, 101], turn=4, ping_after=0) == []
    assert after.to_tell(game, [100, 101], turn=5, ping_after=0) == [100, 101]
