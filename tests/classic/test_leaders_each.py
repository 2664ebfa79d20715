"""One named test per first-edition leader (rules.md 4-5; effects in leaders.yaml)."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.classic.state import HALI, LEAD, PICK
from tests.classic.leaders_kit import coins, moves, pos, score, turn


@pytest.mark.parametrize(
    ("name", "vp"), [("Sappho", 2), ("Zenobia", 3), ("Nefertiti", 4), ("Cleopatra", 5)]
)
def test_fixed_vp_leaders(name: str, vp: int) -> None:
    s = pos([{"recruited": [name]}])
    assert score(s).leaders == vp
    assert score(s, 1).leaders == 0


def test_recruiting_pays_the_printed_cost_to_the_bank() -> None:
    s = pos([{"lead": ["Cleopatra"], "coins": 5}], recruit=True)
    s = turn(s, {0: "recruit:Cleopatra"})
    assert s.phase == PICK and coins(s) == 1 and coins(s, 1) == 6  # 3 + 3 for its discard
    assert s.leaders.recruited[0] == (C.parse_move("recruit:Cleopatra").card,)


def test_alexander() -> None:
    s = pos([{"recruited": ["Alexander"], "military_tokens": [1, 3, -1, 5]}])
    assert score(s).leaders == 3


def test_amytis() -> None:
    s = pos([{"recruited": ["Amytis"], "stages_built": 2}])
    assert score(s).leaders == 4


def test_phidias() -> None:
    s = pos([{"recruited": ["Phidias"], "built": ["Lumber Yard", "Stone Pit", "Loom"]}])
    assert score(s).leaders == 2


def test_praxiteles() -> None:
    s = pos([{"recruited": ["Praxiteles"], "built": ["Loom", "Glassworks", "Stone Pit"]}])
    assert score(s).leaders == 4


def test_nebuchadnezzar() -> None:
    s = pos([{"recruited": ["Nebuchadnezzar"], "built": ["Altar", "Baths"], "hand": ["Tavern"]}])
    assert score(s).leaders == 2


def test_varro() -> None:
    s = pos([{"recruited": ["Varro"], "built": ["Tavern", "Marketplace", "Altar"]}])
    assert score(s).leaders == 2


def test_pericles() -> None:
    s = pos([{"recruited": ["Pericles"], "built": ["Stockade", "Barracks", "Altar"]}])
    assert score(s).leaders == 4


def test_hypatia_counts_green_cards_only() -> None:
    s = pos([{"recruited": ["Hypatia", "Euclid"], "built": ["Apothecary", "Workshop"]}])
    assert score(s).leaders == 2  # Euclid's compass is not a green card (rules 5.7)


def test_hiram() -> None:
    s = pos(
        [{"recruited": ["Hiram"], "built": ["Workers Guild", "Craftsmens Guild", "Altar"]}], age=3
    )
    assert score(s).leaders == 4


def test_midas_adds_to_the_treasury_row() -> None:
    s = pos([{"recruited": ["Midas"], "coins": 10}])
    assert score(s).leaders == 3 and score(s).treasury == 3


def test_justinian() -> None:
    built = ["Altar", "Baths", "Stockade", "Apothecary", "Barracks"]
    s = pos([{"recruited": ["Justinian"], "built": built, "hand": ["Tavern"]}])
    assert score(s).leaders == 3


def test_plato_needs_all_seven_colours() -> None:
    six = ["Lumber Yard", "Loom", "Altar", "Tavern", "Stockade", "Apothecary"]
    s = pos([{"recruited": ["Plato"], "built": six}], age=3)
    assert score(s).leaders == 0
    s = pos([{"recruited": ["Plato"], "built": [*six, "Workers Guild"]}], age=3)
    assert score(s).leaders == 7


@pytest.mark.parametrize(
    ("name", "built"),
    [
        ("Euclid", ["Workshop", "Scriptorium"]),  # + compass
        ("Pythagoras", ["Apothecary", "Scriptorium"]),  # + gear
        ("Ptolemy", ["Apothecary", "Workshop"]),  # + tablet
    ],
)
def test_science_leaders_complete_a_set(name: str, built: list[str]) -> None:
    without = pos([{"built": built}])
    assert score(without).science == 2
    s = pos([{"recruited": [name], "built": built}])
    assert score(s).science == 10 and score(s).leaders == 0


def test_aristotle() -> None:
    s = pos([{"recruited": ["Aristotle"], "built": ["Apothecary", "Workshop", "Scriptorium"]}])
    assert score(s).science == 10 and score(s).leaders == 3


def _end_of_age(seats: list[dict[str, object]]) -> C.State:
    """Age I, turn 6: everyone discards, the conflicts are resolved."""
    full = [dict(s, hand=["Altar", "Baths"]) for s in seats]
    full += [{"hand": ["Altar", "Baths"]} for _ in range(3 - len(seats))]
    s = pos(full)
    s = s._replace(turn=6)
    return turn(s, {})


def test_hannibal() -> None:
    s = _end_of_age([{"recruited": ["Hannibal"]}])
    assert s.phase == LEAD and s.age == 2
    assert sorted(s.cities[0].tokens) == [1, 1]
    assert sorted(s.cities[1].tokens) == [-1]


def test_caesar() -> None:
    s = _end_of_age([{"recruited": ["Caesar"]}, {"built": ["Stockade"]}])
    assert sorted(s.cities[0].tokens) == [1, 1]
    assert sorted(s.cities[1].tokens) == [-1, 1]  # lost to Caesar, beat seat 2


def test_tomyris() -> None:
    s = _end_of_age([{"recruited": ["Tomyris"]}, {"built": ["Stockade"]}])
    assert s.cities[0].tokens == ()  # her Defeat token went to the victor
    assert sorted(s.cities[1].tokens) == [-1, 1, 1]
    assert C.scores(s)[1].military == 1


def test_croesus() -> None:
    s = pos([{"lead": ["Croesus"], "coins": 3}], recruit=True)
    s = turn(s, {0: "recruit:Croesus"})
    assert coins(s) == 3 - 1 + 6


def test_nero() -> None:
    s = _end_of_age([{"recruited": ["Nero"], "built": ["Stockade"]}])
    assert sorted(s.cities[0].tokens) == [1, 1]
    assert coins(s) == 3 + 3 + 4  # discarded its last card, 2 coins per Victory token


def test_xenophon() -> None:
    s = pos([{"recruited": ["Xenophon"], "hand": ["Tavern", "Altar"]}, {}, {}])
    s = turn(s, {0: "build:Tavern:0:0"})
    assert coins(s) == 3 + 5 + 2


def test_vitruvius() -> None:
    s = pos([{"recruited": ["Vitruvius"], "built": ["Altar"], "hand": ["Temple"]}], age=2)
    s = turn(s, {0: "build:Temple:0:0"})
    assert coins(s) == 3 + 2


def test_hatshepsut() -> None:
    s = pos([{"recruited": ["Hatshepsut"], "hand": ["Baths", "Altar"]}, {"built": ["Stone Pit"]}])
    assert "build:Baths:0:2" in moves(s, 0)
    s = turn(s, {0: "build:Baths:0:2"})
    assert coins(s) == 3 - 2 + 1


def test_maecenas() -> None:
    s = pos([{"lead": ["Maecenas", "Cleopatra"], "coins": 1}], recruit=True)
    assert "recruit:Cleopatra" not in moves(s, 0)
    s = turn(s, {0: "recruit:Maecenas"})
    assert coins(s) == 0
    s2 = pos([{"lead": ["Cleopatra"], "recruited": ["Maecenas"], "coins": 0}], recruit=True)
    assert "recruit:Cleopatra" in moves(s2, 0)
    assert C.view(s2, 0).leaders is not None and C.view(s2, 0).leaders.mine[0].price == 0


def test_imhotep() -> None:
    seat = {"built": ["Lumber Yard"], "hand": ["Altar", "Baths"]}  # Rhodos A stage 1: 2 wood
    assert not any(m.startswith("wonder") for m in moves(pos([seat]), 0))
    s = pos([dict(seat, recruited=["Imhotep"])])
    assert "wonder:Altar:0:0" in moves(s, 0)
    s = turn(s, {0: "wonder:Altar:0:0"})
    assert s.cities[0].stages == 1


def test_hammurabi() -> None:
    seat = {"hand": ["Baths", "Altar"]}  # Baths costs 1 stone; nobody around has stone
    assert not any(m.startswith("build:Baths:0:0") for m in moves(pos([seat]), 0))
    assert "build:Baths:0:0" in moves(pos([dict(seat, recruited=["Hammurabi"])]), 0)


def test_leonidas() -> None:
    seat = {"hand": ["Stockade", "Altar"]}  # 1 wood
    assert not any(m.startswith("build:Stockade:0:0") for m in moves(pos([seat]), 0))
    assert "build:Stockade:0:0" in moves(pos([dict(seat, recruited=["Leonidas"])]), 0)


def test_archimedes() -> None:
    seat = {"hand": ["Apothecary", "Altar"]}  # 1 loom
    assert not any(m.startswith("build:Apothecary:0:0") for m in moves(pos([seat]), 0))
    s = pos([dict(seat, recruited=["Archimedes"])])
    assert "build:Apothecary:0:0" in moves(s, 0)
    assert turn(s, {0: "build:Apothecary:0:0"}).cities[0].built != ()


def test_ramses() -> None:
    seat = {"hand": ["Workers Guild", "Statue"], "coins": 0}
    assert not any(m.startswith("build:WorkersGuild:0:0") for m in moves(pos([seat], age=3), 0))
    s = pos([dict(seat, recruited=["Ramses"])], age=3)
    assert "build:WorkersGuild:0:0" in moves(s, 0)
    s = turn(s, {0: "build:WorkersGuild:0:0"})
    assert coins(s) == 0 and len(s.cities[0].built) == 1


def test_solomon_builds_from_the_discard_at_the_end_of_the_recruitment() -> None:
    s = pos([{"lead": ["Solomon"]}], age=2, recruit=True, discard=["Altar", "Baths"])
    s = turn(s, {0: "recruit:Solomon"})
    assert s.phase == HALI and C.to_act(s) == frozenset({0})
    assert moves(s, 0) == {"salvage:Altar", "salvage:Baths"}
    s, _ = C.apply(s, 0, C.parse_move("salvage:Altar"))
    assert s.phase == PICK and s.age == 2 and len(s.hands[0]) == 7
    assert [C.card_info("Altar")["name"]] == [C.view(s, 0).cities[0].built[0]]


def test_bilkis_buys_one_unit_from_the_bank_for_one_coin() -> None:
    seat = {"hand": ["Baths", "Altar"]}  # 1 stone; nobody around sells stone
    assert not any(m.startswith("build:Baths") for m in moves(pos([seat]), 0))
    s = pos([dict(seat, recruited=["Bilkis"])])
    assert "build:Baths:0:0" in moves(s, 0)
    s = turn(s, {0: "build:Baths:0:0"})
    assert coins(s) == 2 and coins(s, 1) == 6  # the coin went to the bank (seat 1 discarded)


def test_bilkis_costs_nothing_when_the_city_produces_the_resource() -> None:
    s = pos([{"recruited": ["Bilkis"], "built": ["Stone Pit"], "hand": ["Baths", "Altar"]}])
    assert coins(turn(s, {0: "build:Baths:0:0"})) == 3


def test_bilkis_pays_for_a_stage_built_with_a_leader() -> None:
    s = pos([{"lead": ["Sappho"], "recruited": ["Bilkis"], "built": ["Lumber Yard"]}], recruit=True)
    assert "leader-wonder:Sappho:0:0" in moves(s, 0)  # Rhodos A stage 1: 2 wood, one bought
    s = turn(s, {0: "leader-wonder:Sappho:0:0"})
    assert s.cities[0].stages == 1 and coins(s) == 2


def test_views_count_leader_shields_and_symbols() -> None:
    s = pos([{"recruited": ["Caesar", "Euclid"], "built": ["Stockade"]}])
    city = C.view(s, None).cities[0]
    assert city.shields == 3 and city.science["compass"] == 1
