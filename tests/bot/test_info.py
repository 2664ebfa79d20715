"""Read-only answers for both games: card facts (names shared by both games), Duel status."""

from __future__ import annotations

import pytest

from bot.exts.wonders._info import card_choices
from bot.presenters import info
from bot.services.lobby import LobbyOptions
from engine import game_module

from .conftest import ANA, CHANNEL, GUILD, Services
from .test_duel import _duel


def test_card_text_reads_both_engines() -> None:
    classic = info.card_text(game_module("classic").card_info("Lumber Yard"), "7 Wonders")
    duel = info.card_text(game_module("duel").card_info("Lumber Yard"), "7 Wonders Duel")
    assert classic.startswith("**Lumber Yard** (7 Wonders) — brown card, Age I")
    assert duel.startswith("**Lumber Yard** (7 Wonders Duel) — brown card, Age I")
    assert "Effect: 1 wood" in duel and "Cost: free" in duel
    altar = info.card_text(game_module("duel").card_info("Altar"))
    assert "Chain symbol: moon" in altar


def test_card_autocomplete_offers_duel_only_cards() -> None:
    duel_only = sorted(
        set(game_module("duel").card_names()) - set(game_module("classic").card_names())
    )
    assert duel_only and duel_only[0] in card_choices(duel_only[0][:5])
    assert len(card_choices("")) == 25


@pytest.mark.asyncio
async def test_duel_status_names_the_phase(services: Services) -> None:
    game = await _duel(services, [ANA])
    table = await services.games.table(game)
    text = info.status_text(services.games, table, [])
    assert "7 Wonders Duel · Wonder draft" in text and "Waiting for Ana" in text
    score = info.score_text(services.games, table, True)
    assert "progress 0" in score


@pytest.mark.asyncio
async def test_games_list_stops_at_a_whole_line_and_counts_the_rest(services: Services) -> None:
    # 12 open 7-seat tables of real-sized user ids: about 1,900 characters for 9 of them.
    first_user = 157544722737000000
    for table_no in range(12):
        table = await services.lobby.create(
            GUILD, CHANNEL, first_user + 10 * table_no, LobbyOptions(players=7)
        )
        for seat in range(1, 7):
            await services.store.add_seat(table.id, user_id=first_user + 10 * table_no + seat)
    found = await services.store.list_games(guild_id=GUILD, status=("lobby", "running"))
    text = info.games_text(found)
    assert len(text) <= 2000
    *rows, tail = text.split("\n")
    assert 5 <= len(rows) < 12
    for row, game in zip(rows, found, strict=False):
        assert row.startswith(f"#{game.id} ") and row.endswith(f"<@{game.seats[-1].user_id}>")
    assert tail == f"… and {12 - len(rows)} more games."
    more = info.games_text(found[:2], more_exist=True)
    assert more.split("\n")[2:] == ["… and more games."]
    assert info.games_text(found, more_exist=True, size=1000).endswith("other games.")
    assert "\n" not in info.games_text(found[:1]) and "…" not in info.games_text(found[:1])
