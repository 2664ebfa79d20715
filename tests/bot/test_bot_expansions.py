"""A 7 Wonders expansion reaches the bot through one registry line (issue 31): a toy expansion
registered from this test takes over a seat's prompt and wait text in a step of its own, with
no edit of the classic adapter or its prompts; without it the game plays as before."""

from __future__ import annotations

import pytest

from bot.games.classic import expansions
from bot.games.classic.expansion import BotExpansion
from bot.model.game import PromptStep, Table
from bot.model.prompt import Prompt
from bot.presenters.hand import build_prompt
from bot.services.lobby import LobbyOptions
from engine.classic import ClassicView

from .conftest import ANA, BO, CHANNEL, GUILD, Services

TOY = "toy"


def _toy_prompt(table: Table, view: ClassicView, seat: int, step: PromptStep) -> Prompt | None:
    """The toy's step: the first turn of Age I, for seat 0 only."""
    if view.age == 1 and view.turn == 1 and seat == 0:
        return Prompt(f"{step.head}Toy step: game #{table.id}, {len(view.hand_cards)} cards.")
    return None


def _toy_wait(view: ClassicView, seat: int, names: list[str]) -> str | None:
    return f"{names[0]} is busy with the toy." if view.age == 1 and seat != 0 else None


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> BotExpansion:
    expansion = BotExpansion(TOY, "Toy", _toy_prompt, _toy_wait)
    monkeypatch.setattr(expansions, "BOT_EXPANSIONS", (*expansions.BOT_EXPANSIONS, expansion))
    return expansion


async def _table(s: Services) -> Table:
    table = await s.lobby.create(GUILD, CHANNEL, ANA, LobbyOptions(players=3))
    await s.lobby.join(table.id, BO)
    await s.lobby.add_ai(table.id, ANA, False, "greedy")
    await s.lobby.start(table.id, ANA, False, seed=11)
    return await s.games.table(table.id)


@pytest.mark.asyncio
async def test_a_registered_expansion_prompts_its_own_step(
    services: Services, toy: BotExpansion
) -> None:
    table = await _table(services)
    assert build_prompt(table, 0).text == f"Toy step: game #{table.id}, 7 cards."
    # another seat (and any seat in a step the toy does not own) gets the usual hand
    assert build_prompt(table, 1).selects, build_prompt(table, 1)
    move = table.legal_moves(1)[0]
    after = (await services.games.play(table.id, BO, str(move), table.version)).table
    names = services.games.seat_names(after)
    assert after.game.waiting_reason(after, 1, names) == f"{names[0]} is busy with the toy."


@pytest.mark.asyncio
async def test_without_the_registration_nothing_changes(services: Services) -> None:
    assert TOY not in {x.name for x in expansions.BOT_EXPANSIONS}
    table = await _table(services)
    assert build_prompt(table, 0).selects  # the hand's card select
    move = table.legal_moves(1)[0]
    after = (await services.games.play(table.id, BO, str(move), table.version)).table
    names = services.games.seat_names(after)
    assert after.game.waiting_reason(after, 1, names).startswith("You already picked")
