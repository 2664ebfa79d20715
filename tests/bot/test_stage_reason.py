"""A Wonder stage the player can't pay says what it lacks on its disabled button ("can't
afford: needs 2 wood"), never "not allowed"."""

from __future__ import annotations

import dataclasses

import pytest

from bot.model.game import Table
from bot.presenters.hand import build_prompt

from .conftest import ANA, BO, CY, Services
from .test_games import _started


def _seat(wonder: str, coins: int, built: list[str], hand: list[str]) -> dict[str, object]:
    return {"wonder": wonder, "side": "A", "coins": coins, "built": built, "hand": hand}


async def _at(services: Services, seats: list[dict[str, object]]) -> Table:
    table = await services.games.table(await _started(services, [ANA, BO, CY]))
    position = {"game": "classic", "age": 1, "turn": 1, "seats": seats}
    return dataclasses.replace(table, state=table.game.engine.load_position(position))


def _stage_button(table: Table, card: str) -> tuple[str, bool]:
    prompt = build_prompt(table, 0, card=card)
    (button,) = [b for b in prompt.buttons if b.label.startswith("Wonder")]
    return button.label, button.disabled


@pytest.mark.asyncio
async def test_a_stage_nobody_can_supply_names_the_units(services: Services) -> None:
    # Rhodos A's first stage costs 2 wood; nobody at the table has any.
    table = await _at(
        services,
        [
            _seat("Rhodos", 3, [], ["Altar", "Baths"]),
            _seat("Gizah", 3, [], ["Loom"]),
            _seat("Babylon", 3, [], ["Press"]),
        ],
    )
    assert _stage_button(table, "Altar") == ("Wonder stage 1: can't afford: needs 2 wood", True)


@pytest.mark.asyncio
async def test_a_stage_short_of_coins_says_how_many(services: Services) -> None:
    # The wood is next door (Gizah's Lumber Yard sells it at 2 each) but Rhodos has 1 coin.
    table = await _at(
        services,
        [
            _seat("Rhodos", 1, [], ["Altar", "Baths"]),
            _seat("Gizah", 3, ["Lumber Yard", "Timber Yard"], ["Loom"]),
            _seat("Babylon", 3, [], ["Press"]),
        ],
    )
    label, disabled = _stage_button(table, "Altar")
    assert disabled and label == "Wonder stage 1: can't afford: needs 3 coins", label


@pytest.mark.asyncio
async def test_an_affordable_stage_has_its_price(services: Services) -> None:
    table = await _at(
        services,
        [
            _seat("Rhodos", 3, ["Lumber Yard", "Timber Yard"], ["Altar", "Baths"]),
            _seat("Gizah", 3, [], ["Loom"]),
            _seat("Babylon", 3, [], ["Press"]),
        ],
    )
    label, disabled = _stage_button(table, "Altar")
    assert not disabled and label == "Wonder stage 1 (free)", label
