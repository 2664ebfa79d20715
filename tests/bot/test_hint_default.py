"""Who is offered the Hint button without asking: a person beside an AI of any level, and a
table where someone seated is in their first games (``FIRST_GAMES``); a table's own choice wins."""

from __future__ import annotations

import pytest

from bot.services.hints import FIRST_GAMES, OFF, ON, HintService
from bot.services.lobby import LobbyOptions
from bot.store import ResultEntry

from .conftest import ANA, BO, CHANNEL, GUILD, Services


async def _table(s: Services, humans: list[int], ai: str | None = None) -> int:
    table = await s.lobby.create(GUILD, CHANNEL, humans[0], LobbyOptions(kind="duel"))
    for user in humans[1:]:
        await s.lobby.join(table.id, user)
    if ai is not None:
        await s.lobby.add_ai(table.id, humans[0], False, ai)
    await s.lobby.start(table.id, humans[0], False, seed=3)
    return table.id


async def _finished_games(s: Services, n: int) -> None:
    """``n`` finished all-human games of Ana and Bo (recorded results, as a real end does)."""
    for _ in range(n):
        gid = await _table(s, [ANA, BO])
        await s.store.finish_game(gid, [ResultEntry(0, 1, 50), ResultEntry(1, 2, 40)])


@pytest.mark.asyncio
@pytest.mark.parametrize("level", ["random", "greedy", "heuristic"])
async def test_every_ai_level_offers_the_hint(services: Services, level: str) -> None:
    await _finished_games(services, FIRST_GAMES)  # not a newcomer: the AI alone decides
    table = await services.games.table(await _table(services, [ANA], level))
    assert await HintService(services.store).mode(table) == ON


@pytest.mark.asyncio
async def test_first_games_offer_the_hint_until_both_have_played_enough(
    services: Services,
) -> None:
    hints = HintService(services.store)
    modes = []
    for _ in range(FIRST_GAMES + 1):
        gid = await _table(services, [ANA, BO])
        modes.append(await hints.mode(await services.games.table(gid)))
        await services.store.finish_game(gid, [ResultEntry(0, 1, 50), ResultEntry(1, 2, 40)])
    assert modes == [ON] * FIRST_GAMES + [OFF]
    # A fresh service (a restart) reads the same default: games are counted by id.
    assert await HintService(services.store).mode(await services.games.table(gid)) == OFF


@pytest.mark.asyncio
async def test_the_tables_choice_wins_over_the_default(services: Services) -> None:
    table = await services.games.table(await _table(services, [ANA], "heuristic"))
    hints = HintService(services.store)
    assert "off" in await hints.switch(table, ANA, False, "off")
    assert await HintService(services.store).mode(table) == OFF
