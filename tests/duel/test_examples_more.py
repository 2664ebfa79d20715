"""Cases B6–B8 of the Duel rules examples (test names carry the case number)."""

from __future__ import annotations

import pytest

from engine import duel
from engine.duel.move import Move
from engine.duel.state import OUT
from tests.duel.helpers import act, build, card, moves, pos, wonder

ALL_BUILT_P2 = ["piraeus", "the_appian_way", "circus_maximus", "the_mausoleum"]


# --- B6 progress tokens ----------------------------------------------------------------------


def test_B6_1_agriculture_gives_6_coins_and_4_vp() -> None:
    s = pos(
        cities=(["pharmacist"], []),
        slots={19: "dispensary"},
        coins=(0, 7),
        board=["agriculture", "law"],
    )
    s, _ = act(s, "build:19", "token:agriculture")
    sc = duel.scores(s)[0]
    assert s.coins[0] == 6 and sc.progress == 4 and sc.treasury == 2


def test_B6_2_architecture_waives_the_priciest_units() -> None:
    s = pos(
        cities=(["press", "stone_reserve"], ["sawmill"]),
        coins=(1, 7),
        wonders=(["the_temple_of_artemis"], []),
        tokens=(["architecture"], []),
    )
    assert duel.price(s, 0, Move("wonder", 19, "the_temple_of_artemis")) == 1
    s, _ = act(s, "wonder:19:the_temple_of_artemis")
    assert s.coins[0] == 12


@pytest.mark.parametrize(
    ("name", "paid", "received"),
    [("town_hall", 7, 7), ("pretorium", 8, 0)],
    ids=["B6.3_town_hall", "B6.4_pretorium"],
)
def test_B6_3_4_economy_receives_only_trading_coins(name: str, paid: int, received: int) -> None:
    s = pos(
        cities=(["press", "stone_reserve"], []),
        tokens=([], ["economy"]),
        coins=(10, 0),
        slots={19: name},
    )
    s, _ = build(s)
    assert s.coins == (10 - paid, received)


def test_B6_5_masonry_waives_the_priciest_units_of_a_blue_card() -> None:
    s = pos(
        cities=(["customs_house", "clay_pool"], ["sawmill", "glassblower"]),
        tokens=(["masonry"], []),
        coins=(10, 7),
        slots={19: "palace"},
    )
    s, _ = build(s)
    assert s.coins[0] == 8


def test_B6_6_masonry_does_not_apply_to_green_cards() -> None:
    s = pos(
        cities=(["customs_house", "clay_pool"], ["sawmill", "glassblower"]),
        tokens=(["masonry"], []),
        coins=(10, 7),
        slots={19: "academy"},
    )
    s, _ = build(s)
    assert s.coins[0] == 2


def test_B6_7_philosophy_and_mathematics_points() -> None:
    s = pos(tokens=(["philosophy", "mathematics"], ["agriculture", "strategy"]), coins=(0, 0))
    sc = duel.scores(s)
    assert (sc[0].progress, sc[1].progress) == (13, 4)


def test_B6_8_theology_gives_play_again_to_the_pyramids() -> None:
    s = pos(tokens=(["theology"], []), coins=(99, 7))
    s, _ = act(s, "wonder:19:the_pyramids")
    assert duel.to_act(s) == {0} and s.phase == 1


def test_B6_9_theology_and_sphinx_give_exactly_one_extra_turn() -> None:
    s = pos(tokens=(["theology"], []), coins=(99, 7), wonders=(["the_sphinx"], []))
    s, _ = act(s, "wonder:19:the_sphinx")
    assert duel.to_act(s) == {0}
    s, _ = act(s, "discard:18")
    assert duel.to_act(s) == {1} and not s.again


def test_B6_10_theology_play_again_comes_after_the_library_choice() -> None:
    s = pos(tokens=(["theology"], []), coins=(99, 7), wonders=(["the_great_library"], []))
    s, _ = act(s, "wonder:19:the_great_library")
    assert s.phase == 3 and duel.to_act(s) == {0}
    s, _ = act(s, f"token:{next(iter(moves(s))).split(':')[1]}")
    assert s.phase == 1 and duel.to_act(s) == {0}


def test_B6_10_theology_play_again_comes_after_the_zeus_destruction() -> None:
    s = pos(cities=([], ["sawmill"]), tokens=(["theology"], []), coins=(99, 7))
    s, _ = act(s, "wonder:19:the_statue_of_zeus")
    assert s.phase == 4 and moves(s) == {"destroy:sawmill"}
    s, _ = act(s, "destroy:sawmill")
    assert s.phase == 1 and duel.to_act(s) == {0}


@pytest.mark.parametrize(("name", "gain"), [("barracks", 4), ("temple", 0), ("aqueduct", 4)])
def test_B6_11_urbanism_pays_4_per_chain_build(name: str, gain: int) -> None:
    s = pos(
        cities=(["baths", "garrison", "logging_camp", "press"], []),
        coins=(0, 7),
        tokens=(["urbanism"], []),
        slots={19: name},
    )
    s, _ = build(s)
    assert s.coins[0] == gain


# --- B7 wonders ------------------------------------------------------------------------------


def test_B7_1_appian_way() -> None:
    s = pos(cities=(["forum"], []), coins=(8, 2), wonders=(["the_appian_way"], []))
    s, _ = act(s, "wonder:19:the_appian_way")
    assert s.coins == (3, 0) and duel.to_act(s) == {0}


def test_B7_2_temple_of_artemis() -> None:
    s = pos(cities=(["press", "glassblower", "brickyard"], []), coins=(4, 7))
    s, _ = act(s, "wonder:19:the_temple_of_artemis")
    assert s.coins[0] == 12 and duel.to_act(s) == {0}
    assert duel.scores(s)[0].wonders == 0


def test_B7_3_hanging_gardens() -> None:
    s = pos(
        cities=(["press", "forum", "sawmill"], []),
        coins=(0, 7),
        wonders=(["the_hanging_gardens"], []),
    )
    s, _ = act(s, "wonder:19:the_hanging_gardens")
    assert s.coins[0] == 6 and duel.to_act(s) == {0}


def test_B7_4_the_seventh_wonder_sends_the_last_one_away() -> None:
    mine = ["the_colossus", "the_pyramids", "the_sphinx", "the_great_library"]
    theirs = ["the_mausoleum", "piraeus", "the_appian_way", "circus_maximus"]
    s = pos(wonders=(mine, theirs), built_wonders=(mine[1:], theirs[1:]), coins=(99, 99))
    assert s.nbuilt == 6
    s, events = act(s, "wonder:19:the_colossus")
    assert s.wage[wonder("the_mausoleum")] == OUT and s.nbuilt == 7
    assert "wonder_out" in [e.kind for e in events]
    v = duel.view(s, 1)
    assert [w.out for w in v.cities[1].wonders] == [True, False, False, False]


def test_B7_5_zeus_destroys_sawmill_and_prices_drop() -> None:
    s = pos(cities=([], ["sawmill"]), coins=(99, 7))
    assert duel.view(s, 0).cities[0].trade_prices["wood"] == 4
    s, _ = act(s, "wonder:19:the_statue_of_zeus", "destroy:sawmill")
    assert s.discard == (card("sawmill"),) and s.built[1] == ()
    assert duel.view(s, 0).cities[0].trade_prices["wood"] == 2 and s.pawn == 1


def test_B7_6_circus_maximus_without_grey_cards() -> None:
    s = pos(cities=([], ["sawmill"]), coins=(99, 7), wonders=(["circus_maximus"], []))
    s, _ = act(s, "wonder:19:circus_maximus")
    assert s.phase == 1 and duel.to_act(s) == {1} and s.pawn == 1
    assert duel.scores(s)[0].wonders == 3


def test_B7_7_mausoleum_revives_a_destroyed_card_without_urbanism_bonus() -> None:
    s = pos(
        discard=["baths", "sawmill"],
        tokens=(["urbanism"], []),
        coins=(99, 7),
        wonders=(["the_mausoleum"], []),
        slots={19: "tavern"},
    )
    s, _ = act(s, "wonder:19:the_mausoleum")
    assert moves(s) == {"revive:baths", "revive:sawmill"}
    coins = s.coins[0]
    s, _ = act(s, "revive:sawmill")
    assert card("sawmill") in s.built[0] and s.coins[0] == coins
    assert s.discard == (card("baths"),) and card("tavern") in s.tucked[0]


def test_B7_8_mausoleum_with_an_empty_discard() -> None:
    s = pos(coins=(99, 7), wonders=(["the_mausoleum"], []))
    s, _ = act(s, "wonder:19:the_mausoleum")
    assert s.phase == 1 and duel.to_act(s) == {1} and duel.scores(s)[0].wonders == 2


# --- B8 guilds -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "mine", "theirs", "name", "coins", "after"),
    [
        (
            "B8.1",
            ["clay_pool", "lumber_yard", "glassblower", "forum"],
            ["arena", "caravansery", "customs_house", "clay_reserve"],
            "merchants_guild",
            0,
            4,
        ),
        (
            "B8.3",
            ["brickyard", "glassblower", "drying_room", "caravansery"],
            ["shelf_quarry"],
            "shipowners_guild",
            0,
            3,
        ),
        (
            "B8.6",
            ["logging_camp", "brickyard", "forum", "temple"],
            ["sawmill", "glassblower", "courthouse", "statue", "pantheon", "senate", "baths"],
            "magistrates_guild",
            4,
            5,
        ),
        (
            "B8.8",
            ["sawmill", "brickyard", "apothecary", "library", "dispensary"],
            ["workshop"],
            "scientists_guild",
            0,
            3,
        ),
        (
            "B8.11",
            ["quarry", "drying_room", "caravansery", "palisade", "fortifications", "circus"],
            ["shelf_quarry", "walls", "arsenal", "archery_range"],
            "tacticians_guild",
            2,
            3,
        ),
    ],
    ids=["B8.1", "B8.3", "B8.6", "B8.8", "B8.11"],
)
def test_B8_guild_coins(
    case: str, mine: list[str], theirs: list[str], name: str, coins: int, after: int
) -> None:
    s = pos(cities=(mine, theirs), slots={19: name}, coins=(coins, 7))
    s, _ = build(s)
    assert s.coins[0] == after, case


@pytest.mark.parametrize(
    ("case", "mine", "theirs", "vp"),
    [
        (
            "B8.2",
            ["merchants_guild", "forum"],
            ["clay_pool", "clay_reserve", "caravansery", "armory"],
            3,
        ),
        (
            "B8.4",
            ["shipowners_guild", "quarry", "brickyard", "drying_room"],
            ["clay_pool", "clay_reserve", "caravansery", "armory"],
            3,
        ),
        (
            "B8.7",
            ["magistrates_guild", "quarry", "brickyard", "drying_room"],
            ["clay_pool", "palace", "courthouse", "obelisk", "statue", "altar", "armory"],
            5,
        ),
        (
            "B8.9",
            [
                "scientists_guild",
                "quarry",
                "brickyard",
                "drying_room",
                "scriptorium",
                "observatory",
            ],
            ["clay_pool", "clay_reserve", "caravansery", "armory", "pharmacist", "school"],
            2,
        ),
        (
            "B8.12",
            [
                "tacticians_guild",
                "quarry",
                "brickyard",
                "drying_room",
                "palisade",
                "siege_workshop",
                "circus",
                "horse_breeders",
            ],
            ["clay_pool", "clay_reserve", "caravansery", "armory", "stable", "garrison"],
            4,
        ),
    ],
    ids=["B8.2", "B8.4", "B8.7", "B8.9", "B8.12"],
)
def test_B8_guild_points(case: str, mine: list[str], theirs: list[str], vp: int) -> None:
    sc = duel.scores(pos(cities=(mine, theirs), coins=(0, 0)))[0]
    assert sc.guilds == vp, case
    if case == "B8.9":
        assert sc.guilds + sc.science == 4


def test_B8_5_builders_guild_counts_the_city_with_most_wonders() -> None:
    s = pos(
        cities=(["builders_guild"], []),
        wonders=(["the_pyramids"], ALL_BUILT_P2[:3]),
        built_wonders=(["the_pyramids"], ALL_BUILT_P2[:3]),
    )
    assert duel.scores(s)[0].guilds == 6


def test_B8_10_moneylenders_guild_counts_the_richest_city() -> None:
    sc = duel.scores(pos(cities=(["moneylenders_guild"], []), coins=(5, 19)))[0]
    assert (sc.guilds, sc.treasury) == (6, 1)
