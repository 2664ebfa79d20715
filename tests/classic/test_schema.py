"""Schema tests of the classic rule data (engine/classic/data/*.yaml)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from engine.classic import data, data_tables
from engine.classic.data import BASE_BOARD_COUNT, BASE_CARD_COUNT, COLORS, DataError

# The base game's cards and boards (Cities' come after them: tests/classic/cities).
CARDS, BOARDS = data.CARDS[:BASE_CARD_COUNT], data.BOARDS[:BASE_BOARD_COUNT]

PURPLE = COLORS.index("purple")
STRUCTURES_III = {3: 16, 4: 22, 5: 28, 6: 34, 7: 40}

# Copies used per player count, written out here so that any change in the data fails a test.
EXPECTED_TOTAL_COPIES = {  # (age, name) -> copies at 7 players
    (1, "Lumber Yard"): 2,
    (1, "Tavern"): 3,
    (2, "Forum"): 3,
    (2, "Caravansery"): 3,
    (2, "Training Ground"): 3,
    (3, "Town Hall"): 3,
    (3, "Arena"): 3,
    (3, "Circus"): 3,
    (3, "Arsenal"): 3,
    (1, "Loom"): 2,
    (2, "Loom"): 2,
}
ADDED = {  # examples.md §10: copies added going from N-1 to N players
    4: {
        1: "Lumber Yard, Ore Vein, Excavation, Pawnshop, Tavern, Guard Tower, Scriptorium",
        2: "Sawmill, Quarry, Brickyard, Foundry, Bazar, Training Ground, Dispensary",
        3: "Gardens, Haven, Chamber of Commerce, Circus, Arsenal, University",
    },
    5: {
        1: "Stone Pit, Clay Pool, Forest Cave, Altar, Tavern, Barracks, Apothecary",
        2: "Loom, Glassworks, Press, Courthouse, Caravansery, Stables, Laboratory",
        3: "Town Hall, Senate, Arena, Circus, Siege Workshop, Study",
    },
    6: {
        1: "Tree Farm, Mine, Loom, Glassworks, Press, Theater, Marketplace",
        2: "Temple, Forum, Caravansery, Vineyard, Training Ground, Archery Range, Library",
        3: "Pantheon, Town Hall, Lighthouse, Chamber of Commerce, Circus, Lodge",
    },
    7: {
        1: "Pawnshop, Baths, Tavern, East Trading Post, West Trading Post, Stockade, Workshop",
        2: "Aqueduct, Statue, Forum, Bazar, Walls, Training Ground, School",
        3: "Palace, Arena, Fortifications, Arsenal, Observatory, Academy",
    },
}


def _deck(players: int, age: int) -> Counter[str]:
    return Counter(
        {c.name: c.copies_for(players) for c in CARDS if c.age == age and c.copies_for(players)}
    )


@pytest.mark.parametrize("players", range(3, 8))
def test_decks_deal_seven_cards_per_player_each_age(players: int) -> None:
    assert sum(_deck(players, 1).values()) == 7 * players
    assert sum(_deck(players, 2).values()) == 7 * players
    structures = sum(_deck(players, 3).values())
    assert structures == STRUCTURES_III[players]
    assert structures + players + 2 == 7 * players


@pytest.mark.parametrize("players", range(4, 8))
def test_copies_added_per_player_count(players: int) -> None:
    for age in (1, 2, 3):
        added = _deck(players, age) - _deck(players - 1, age)
        assert sorted(added.elements()) == sorted(ADDED[players][age].split(", "))


def test_named_copy_counts_at_seven_players() -> None:
    got = {(c.age, c.name): c.copies_for(7) for c in CARDS}
    for key, copies in EXPECTED_TOTAL_COPIES.items():
        assert got[key] == copies, key


def test_box_contents() -> None:
    assert sum(c.copies_for(7) for c in CARDS if c.age == 1) == 49
    assert sum(c.copies_for(7) for c in CARDS if c.age == 2) == 49
    assert sum(c.copies_for(7) for c in CARDS if c.age == 3) == 40
    guilds = [c for c in CARDS[:BASE_CARD_COUNT] if c.color == PURPLE]
    assert len(guilds) == 10 and all(c.age == 3 and c.copies is None for c in guilds)
    extra = [data.CARDS[i] for i in data.LEADER_CARD_IDS]  # the Leaders box: 4 guilds only
    assert len(extra) == 4 and all(c.color == PURPLE and c.copies is None for c in extra)
    # each expansion's ids follow the base ones, Cities' first, so base ids never move
    assert data.CITY_CARD_IDS.start == BASE_CARD_COUNT
    assert data.LEADER_CARD_IDS.start == data.CITY_CARD_IDS.stop
    assert [data.BOARDS[b].city for b in data.CITY_BOARD_IDS] == ["Petra", "Byzantium"]
    assert [data.BOARDS[b].city for b in data.LEADER_BOARD_IDS] == ["Roma"]


def test_names_unique_within_an_age_and_only_grey_repeat_across_ages() -> None:
    keys = [(c.age, c.name) for c in CARDS]
    assert len(keys) == len(set(keys))
    repeated = {n for n, k in Counter(c.name for c in CARDS).items() if k > 1}
    assert repeated == {"Loom", "Glassworks", "Press"}


def test_chains_consistent_both_ways_and_go_forward_in_age() -> None:
    for card in CARDS:
        for src in card.chain_from:
            assert card.id in CARDS[src].chain_to
            assert CARDS[src].age < card.age
        for dst in card.chain_to:
            assert card.id in CARDS[dst].chain_from
    forum = next(c for c in CARDS if c.name == "Forum")
    assert {CARDS[i].name for i in forum.chain_from} == {"East Trading Post", "West Trading Post"}


def test_only_known_resources_and_symbols_in_the_files() -> None:
    raw = yaml.safe_load((data.DATA_DIR / "cards.yaml").read_text())["cards"]
    for card in raw:
        assert set(card["cost"]) <= set(data.RESOURCES)
        eff = card["effect"]
        assert set(eff.get("produce", {})) <= set(data.RESOURCES)
        assert set(eff.get("choice", [])) <= set(data.RESOURCES)
        assert eff.get("science") in (None, *data.SCIENCE)
    for card in CARDS:
        assert len(card.cost) == 7 and all(v >= 0 for v in card.cost)


def test_boards_seven_cities_both_sides() -> None:
    assert [b.city for b in BOARDS[:BASE_BOARD_COUNT]] == [
        "Rhodos",
        "Alexandria",
        "Ephesos",
        "Babylon",
        "Olympia",
        "Halikarnassos",
        "Gizah",
    ]
    counts = {
        (b.city, s): len(b.sides[i]) for b in BOARDS[:BASE_BOARD_COUNT] for i, s in enumerate("AB")
    }
    assert counts[("Rhodos", "B")] == 2 and counts[("Gizah", "B")] == 4
    assert sum(1 for v in counts.values() if v == 3) == 12
    vp = {
        (b.city, s): sum(st.effect.vp for st in b.sides[i])
        for b in BOARDS[:BASE_BOARD_COUNT]
        for i, s in enumerate("AB")
    }
    assert vp == {
        ("Rhodos", "A"): 10,
        ("Alexandria", "A"): 10,
        ("Ephesos", "A"): 10,
        ("Babylon", "A"): 10,
        ("Olympia", "A"): 10,
        ("Halikarnassos", "A"): 10,
        ("Gizah", "A"): 15,
        ("Rhodos", "B"): 7,
        ("Alexandria", "B"): 7,
        ("Ephesos", "B"): 10,
        ("Babylon", "B"): 3,
        ("Olympia", "B"): 5,
        ("Halikarnassos", "B"): 3,
        ("Gizah", "B"): 20,
    }
    starts = {b.city: data.RESOURCES[b.resource] for b in BOARDS[:BASE_BOARD_COUNT]}
    assert starts == {
        "Rhodos": "ore",
        "Alexandria": "glass",
        "Ephesos": "papyrus",
        "Babylon": "clay",
        "Olympia": "wood",
        "Halikarnassos": "loom",
        "Gizah": "stone",
    }


def test_broken_file_names_file_and_field(tmp_path: Path) -> None:
    text = (data.DATA_DIR / "cards.yaml").read_text()
    bad = tmp_path / "cards.yaml"
    bad.write_text(text.replace("color: brown", "color: pink", 1))
    with pytest.raises(DataError, match=r"cards\.yaml: field cards\.0\.color"):
        data.load_cards_file(bad)
    bad.write_text(text.replace("cost: {}", "cost: {gold: 1}", 1))
    with pytest.raises(DataError, match=r"cards\.yaml: field cards\.0\.cost\.gold"):
        data.load_cards_file(bad)
    boards = tmp_path / "boards.yaml"
    text = (data.DATA_DIR / "boards.yaml").read_text()
    boards.write_text(text.replace("resource: ore", "resource: 7"))
    with pytest.raises(DataError, match=r"boards\.yaml: field boards\.0\.resource"):
        data.load_boards_file(boards)


def test_a_changed_copy_count_is_caught(tmp_path: Path) -> None:
    """The deck-size invariant fails when one copy mark changes."""
    text = (data.DATA_DIR / "cards.yaml").read_text()
    bad = tmp_path / "cards.yaml"
    bad.write_text(text.replace("copies: [3, 4]", "copies: [3, 5]", 1))
    cards = data_tables.compile_cards(data.load_cards_file(bad), bad)
    assert sum(c.copies_for(4) for c in cards if c.age == 1) != 28
