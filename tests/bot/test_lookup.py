"""``/wonders card`` finds cards, wonders of both games and Duel progress tokens, forgives case,
spacing and small misspellings, and refuses with suggestions; ``/wonders help`` names real
commands only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.model.errors import UserError
from bot.presenters import info, lookup


def test_a_card_in_both_games_shows_both() -> None:
    text = lookup.lookup_text("lumber yard")
    assert "**Lumber Yard** (7 Wonders)" in text and "**Lumber Yard** (7 Wonders Duel)" in text


def test_classic_wonder_boards_by_city_or_wonder_name() -> None:
    by_city = lookup.lookup_text("Rhodos")
    assert by_city == lookup.lookup_text("colossus of rhodes")
    assert by_city.startswith("**Colossus of Rhodes** — Rhodos (7 Wonders wonder board)")
    assert "Produces 1 ore" in by_city
    assert "Side A (3 stages)" in by_city and "Side B (2 stages)" in by_city
    assert "3 stone → 3 VP; 1 shield; 3 coins" in by_city
    babylon = lookup.lookup_text("Babylon")
    assert "play the seventh card of each Age" in babylon


def test_duel_wonders_and_progress_tokens() -> None:
    library = lookup.lookup_text("the great library")
    assert library.startswith("**The Great Library** (7 Wonders Duel wonder)")
    assert "Cost: 3 wood, 1 glass, 1 papyrus" in library and "Effect: 4 VP; draw 3" in library
    law = lookup.lookup_text("LAW")
    assert law.startswith("**Law** (7 Wonders Duel progress token)") and "scale" in law


def test_forgiving_match_part_of_a_name_and_misspellings() -> None:
    assert [e.label for e in lookup.find("agricul")] == ["Agriculture"]
    assert [e.label for e in lookup.find("Mausoleum of Halikarnasos")] == [
        "Mausoleum of Halikarnassos (Halikarnassos)"
    ]
    assert [e.label for e in lookup.find("Sphinks")] == ["The Sphinx"]
    assert {e.game for e in lookup.find("scriptorium")} == {"classic", "duel"}


def test_nothing_matches_gives_suggestions_or_a_tip() -> None:
    with pytest.raises(UserError) as close:
        lookup.find("artemis tmple")
    assert "don't know a card, wonder or progress token called 'artemis tmple'" in str(close.value)
    assert "Did you mean: Temple, " in str(close.value)
    assert "The Temple of Artemis" in str(close.value)
    with pytest.raises(UserError) as far:
        lookup.find("qqqxw-vvvv")
    assert "pick one from the list" in str(far.value)
    with pytest.raises(UserError) as many:
        lookup.find("guild")
    assert "Type more of the name" in str(many.value)


def test_autocomplete_offers_wonders_and_tokens() -> None:
    assert "Colossus of Rhodes (Rhodos)" in lookup.choices("rhod")
    assert "Economy" in lookup.choices("econ")
    assert "The Pyramids" in lookup.choices("pyram")
    assert len(lookup.choices("")) == 25 and all(len(c) <= 100 for c in lookup.choices(""))
    # every offered name finds exactly what it names
    for label in lookup.choices("a"):
        assert label in {e.label for e in lookup.find(label)}


@pytest.mark.asyncio
async def test_help_names_real_commands_and_the_five_topics(tmp_path: Path) -> None:
    from .test_commands_doc import _groups

    wonders, _ = await _groups(tmp_path)
    real = {cmd.name for cmd in wonders.commands}
    named = set(re.findall(r"`/wonders ([a-z]+)", info.HELP))
    assert named and named <= real, named - real
    assert {"create", "duel", "hand", "tutorial", "hints", "rules", "card", "help"} - named == {
        "help"
    }
    assert "help" in real
    assert [line[:2] for line in info.HELP.splitlines()[1:]] == ["1.", "2.", "3.", "4.", "5."]
    assert "Play your turn" in info.HELP and len(info.HELP) <= 2000


def test_leaders_name_the_box_they_come_from() -> None:
    assert "(7 Wonders: Leaders expansion) — leader" in lookup.lookup_text("Nero")
    aspasia = lookup.lookup_text("Aspasia")
    assert "(7 Wonders: Cities expansion, played with Leaders) — leader" in aspasia
    assert "Diplomacy" in aspasia


def test_babel_tiles_and_projects_say_when_their_data_is_unconfirmed() -> None:
    tile = lookup.lookup_text("babel tile 7")
    assert tile.startswith("**Babel tile 7** (7 Wonders: Babel, Tower of Babel)")
    assert "neighbour" in tile and "Confirmed by two sources." in tile
    assert "Unconfirmed: only one source" in lookup.lookup_text("Babel tile 12")
    walls = lookup.lookup_text("double walls")
    assert walls.startswith("**Double Walls** (7 Wonders: Babel, Great Project of Age I)")
    assert "Unconfirmed" in walls and "name is confirmed by the rulebook" in walls
    assert "participation: 1 coin + 1 clay" in lookup.lookup_text("Belvedere")
