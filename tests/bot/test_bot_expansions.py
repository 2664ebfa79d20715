"""A 7 Wonders expansion reaches the bot through one registry line (issue 31): a toy expansion
registered from this test takes over a seat's prompt and wait text in a step of its own, with
no edit of the classic adapter or its prompts; without it the game plays as before."""

from __future__ import annotations

import pytest

import engine.classic as classic
from bot.games.classic import expansions
from bot.games.classic.expansion import BotExpansion
from bot.games.classic.seam import state_of
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


def _toy_status(view: ClassicView, names: list[str]) -> str | None:
    return f"Toy holder: {names[view.age % len(names)]}." if view.phase == "pick" else None


def _toy_public(view: ClassicView, names: list[str]) -> str | None:
    return f"**Toy:** age {view.age}"


@pytest.mark.asyncio
async def test_a_registered_variant_words_the_table_post(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A variant's lines (as the Free City's holder and the gods in play are told) come from
    its registration: none of them without it."""
    table = await _table(services)
    names = services.games.seat_names(table)
    game = table.game
    assert not game.status_line(table, names).startswith("Toy")
    variant = BotExpansion(
        "toy-variant",
        "Toy variant",
        turn_text=_toy_status,
        status_text=_toy_status,
        public_text=_toy_public,
        acts_again=lambda view, seat, to_act: seat == 2,
    )
    monkeypatch.setattr(expansions, "BOT_VARIANTS", (*expansions.BOT_VARIANTS, variant))
    assert game.status_line(table, names) == f"Toy holder: {names[1]}."
    assert game.turn_line(table, names) == f"Toy holder: {names[1]}."
    assert [game.acts_again(table, s) for s in range(3)] == [False, False, True]
    moves = [(s, table.legal_moves(s)[0]) for s in sorted(table.to_act())]
    for seat, move in moves[:-1]:
        table = (
            await services.games.play(table.id, [ANA, BO][seat], str(move), table.version)
        ).table
    before = table
    after, events = classic.apply(state_of(table), *moves[-1])  # the AI seat's pick
    done = Table(table.record, game, after, table.version + 1, table.round_start)
    assert game.round_text(before, done, list(events), names).endswith("\n**Toy:** age 1")
