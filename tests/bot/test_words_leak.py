"""No engine words where a person reads: no "turn 0", no "move 17" in the status, How to pay
options naming each neighbour paid (not "to the right") and not repeating the move, a Duel
wonder described by what it does (not "with slot 10 (…, 0 coins)")."""

from __future__ import annotations

import dataclasses

import pytest

from bot.presenters import info
from bot.presenters.hand import build_prompt
from bot.presenters.status import game_title
from bot.presenters.texts import named_prompt

from .conftest import ANA, BO, CY, Services
from .test_duel import _duel
from .test_games import _started


@pytest.mark.asyncio
async def test_the_status_names_the_turn_not_the_move_count(services: Services) -> None:
    game = await _started(services, [ANA, BO, CY])
    table = await services.games.table(game)
    text = info.status_text(services.games, table, [])
    assert text.startswith(f"**Game #{game} · 7 Wonders · Age I turn 1**"), text
    assert "move" not in text and "running" not in text, text
    assert text.count("Ana") == 1, "each seat is named once"


@pytest.mark.asyncio
async def test_a_turn_before_the_ages_first_is_not_turn_0(services: Services) -> None:
    table = await services.games.table(await _started(services, [ANA, BO, CY]))
    before = dataclasses.replace(table, state=table.state._replace(age=3, turn=0))
    assert game_title(before).endswith("· Before Age III")


@pytest.mark.asyncio
async def test_how_to_pay_names_the_neighbours_and_what_you_keep(services: Services) -> None:
    table = await services.games.table(await _started(services, [ANA, BO, CY]))
    seats = [
        {"wonder": "Rhodos", "side": "A", "coins": 5, "built": [], "hand": ["Baths", "Altar"]},
        {"wonder": "Gizah", "side": "A", "coins": 3, "built": ["Stone Pit"], "hand": ["Loom"]},
        {"wonder": "Babylon", "side": "A", "coins": 3, "built": ["Stone Pit"], "hand": ["Press"]},
    ]
    position = {"game": "classic", "age": 1, "turn": 1, "seats": seats}
    table = dataclasses.replace(table, state=table.game.engine.load_position(position))
    pay = build_prompt(table, 0, card="Baths", action="build", move="build:Baths:2:0")
    shown = named_prompt(pay, ["Ana", "Bo", "Cy"])
    (select,) = shown.selects
    assert {(o.label, o.description) for o in select.options} == {
        ("2 coins to Cy (left)", "You keep 3 coins"),
        ("2 coins to Bo (right)", "You keep 3 coins"),
    }


@pytest.mark.asyncio
async def test_a_duel_wonder_option_says_what_the_wonder_does(services: Services) -> None:
    table = await services.games.table(await _duel(services, [ANA]))
    state, seat, wonder = table.state, 0, None
    while table.game.engine.to_act(state):  # Ana (seat 0 or 1) plays on until a wonder is possible
        seat = min(table.game.engine.to_act(state))
        view = table.game.engine.view(state, seat)
        wonder = next((m for m in view.legal_moves if m.action == "wonder"), None)
        if wonder is not None and table.seat_user(seat) is not None:
            break
        move = next((m for m in view.legal_moves if m.action != "wonder"), view.legal_moves[0])
        state, _ = table.game.engine.apply(state, seat, table.game.engine.parse_move(move.move))
    table = dataclasses.replace(table, state=state)
    assert wonder is not None, "the game offered a wonder"
    step = build_prompt(table, seat, card=str(wonder.slot), action="wonder")
    city = next(c for c in view.cities if c.seat == seat)
    effects = {w.name: w.text for w in city.wonders}
    for option in step.selects[0].options:
        assert "slot" not in option.description and "0 coins" not in option.description
        assert option.description in effects.values(), option
    assert "slot" not in table.game.engine.describe_move(
        view, table.game.engine.parse_move(wonder.move)
    )


@pytest.mark.asyncio
async def test_the_duel_status_says_where_the_pawn_is_in_words(services: Services) -> None:
    table = await services.games.table(await _duel(services, [ANA]))
    draft = info.status_text(services.games, table, [])
    assert "· Wonder draft**" in draft and "pawn" not in draft, draft
    state = table.state
    while table.game.engine.view(state, None).phase == "draft":
        seat = min(table.game.engine.to_act(state))
        state, _ = table.game.engine.apply(
            state, seat, table.game.engine.legal_moves(state, seat)[0]
        )
    played = dataclasses.replace(table, state=state)
    text = info.status_text(services.games, played, [])
    assert "Military: the pawn is in the middle." in text, text
    assert "+0" not in text and "when positive" not in text and "move" not in text
