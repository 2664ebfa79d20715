"""Issue 35.13: wording a player reads, finished — plurals instead of "coin(s)", a picked
wonder told once ("Picked: Rhodos side A …", not "Picked: Pick Rhodos…"), leader texts that
speak to the player, a reason a card can't be built that says what is short, a Duel header
that says whose coins, and no Olympia free build offered for a card already free."""

from __future__ import annotations

import dataclasses

import pytest

import engine.classic as classic
from bot.games.classic.game import ClassicGame
from bot.presenters.hand import build_prompt
from engine.classic.leaders.data import CITIES_LEADERS, LEADERS
from engine.common import Event
from engine.wording import lack_text
from render.wonder_pick import _event_text
from tests.bot.classic_table import StateTable

from .conftest import ANA, BO, CY, Services
from .test_games import _started

NAMES = ["ana", "bo", "cy"]


def test_leader_texts_speak_to_the_player() -> None:
    for leader in (*LEADERS, *CITIES_LEADERS):
        text = leader.text.lower()
        assert "the player" not in text and "player's" not in text, (leader.name, text)
        assert "'s owner" not in text, (leader.name, text)
    alexander = next(d for d in LEADERS if d.name == "Alexander")
    assert alexander.text.startswith("1 VP per Victory token you hold at game end")


def test_a_picked_wonder_is_told_once() -> None:
    state = classic.new_game(classic.Config(players=3, wonders="choose"), 1)
    move = classic.legal_moves(state, 0)[0]
    said = ClassicGame().move_text(StateTable(state), 0, move, NAMES)  # type: ignore[arg-type]
    assert not said.startswith("Pick") and " side " in said, said


def test_one_seat_that_lost_a_clash_picks_again() -> None:
    draw = Event(kind="wonder_draw", data={"seats": [0, 2], "board": "Rhodos", "winner": 2})
    assert _event_text(draw, NAMES).endswith("the draw gave it to cy; ana picks again")
    three = Event(kind="wonder_draw", data={"seats": [0, 1, 2], "board": "Rhodos", "winner": 2})
    assert _event_text(three, NAMES).endswith("; ana and bo pick again")


def test_why_a_card_cannot_be_built_says_what_is_short() -> None:
    assert lack_text({"coins": 4}) == "4 coins short"
    assert lack_text({"ore": 2, "coins": 1}) == "lacks 2 ore"
    assert lack_text({"coins": 1}) == "1 coin short"


@pytest.mark.asyncio
async def test_olympia_offers_no_free_build_for_a_card_already_free(services: Services) -> None:
    table = await services.games.table(await _started(services, [ANA, BO, CY]))
    olympia = {"wonder": "Olympia", "side": "A", "stages_built": 2, "coins": 0}
    seats = [
        {**olympia, "built": [], "hand": ["Altar", "Baths"]},
        {"wonder": "Gizah", "side": "A", "hand": ["Loom"]},
        {"wonder": "Babylon", "side": "A", "hand": ["Press"]},
    ]
    position = {"game": "classic", "age": 1, "turn": 1, "seats": seats}
    table = dataclasses.replace(table, state=table.game.engine.load_position(position))
    free = [b.label for b in build_prompt(table, 0, card="Altar").buttons]
    assert "Build (free)" in free and "Build free (Olympia)" not in free, free
    # Baths: 1 stone, which Gizah sells for 2 coins; the city has none ("lacks 4 coins" was
    # said of such resource costs before).
    paid = [b.label for b in build_prompt(table, 0, card="Baths").buttons]
    assert "Build free (Olympia)" in paid and "Build: 2 coins short" in paid, paid


@pytest.mark.asyncio
async def test_the_duel_header_says_whose_coins(services: Services) -> None:
    from .test_duel import _duel

    table = await services.games.table(await _duel(services, [ANA, BO]))
    seat = min(table.to_act())
    text = build_prompt(table, seat).text
    assert "(you have " in text.split("—")[0] and "(no coins)" not in text, text
