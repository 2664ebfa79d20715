"""Read-only answers for both games: card facts (names shared by both games), Duel status."""

from __future__ import annotations

import pytest

from bot.exts.wonders._info import card_choices
from bot.services import info
from engine import game_module

from .conftest import ANA, Services
from .test_duel import _duel


def test_card_text_reads_both_engines() -> None:
    classic = info.card_text(game_module("classic").card_info("Lumber Yard"), "7 Wonders")
    duel = info.card_text(game_module("duel").card_info("Lumber Yard"), "7 Wonders Duel")
    assert classic.startswith("**Lumber Yard** (7 Wonders) — brown card, age 1")
    assert duel.startswith("**Lumber Yard** (7 Wonders Duel) — brown card, age 1")
    assert "Effect: 1 wood" in duel and "Cost: free" in duel
    altar = info.card_text(game_module("duel").card_info("Altar"))
    assert "Chain symbol: moon" in altar


def test_card_autocomplete_offers_duel_only_cards() -> None:
    duel_only = sorted(set(game_module("duel").card_names())
                       - set(game_module("classic").card_names()))
    assert duel_only and duel_only[0] in card_choices(duel_only[0][:5])
    assert len(card_choices("")) == 25


@pytest.mark.asyncio
async def test_duel_status_names_the_phase(services: Services) -> None:
    game = await _duel(services, [ANA])
    table = await services.games.table(game)
    text = info.status_text(services.games, table, [])
    assert "7 Wonders Duel" in text and "wonder draft" in text and "Waiting for Ana" in text
    score = info.score_text(services.games, table, True)
    assert "progress 0" in score
