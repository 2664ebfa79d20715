"""A named test per black card (rules.md 2-6), on hand-made Cities tables."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.classic.state import DEBT, PICK
from engine.classic.stats import city_stats
from tests.classic.cities.conftest import settle, table, turn


def _built(card: str, coins: int = 9, **seat0: object) -> C.State:
    """Seat 0 builds ``card`` paying no trade (3 players; the others discard)."""
    s = table([{"hand": [card, "Altar"], "coins": coins, **seat0}, {}, {}])
    return turn(s, {0: _build_move(s, card)})


def _build_move(s: C.State, card: str) -> str:
    slug = card.replace(" ", "")
    return next(str(m) for m in C.legal_moves(s, 0) if str(m).startswith(f"build:{slug}:"))


@pytest.mark.parametrize(("card", "shields"), [("Militia", 2)])
def test_militia_two_shields_for_three_coins(card: str, shields: int) -> None:
    s = _built(card, coins=3)
    assert city_stats(s.cities[0]).shields == shields and s.cities[0].coins == 0


def test_mercenaries_three_shields() -> None:
    s = table([{"hand": ["Mercenaries", "Altar"], "coins": 4, "built": ["Press"]}, {}, {}], age=2)
    s = turn(s, {0: "build:Mercenaries:0:0"})
    assert city_stats(s.cities[0]).shields == 3 and s.cities[0].coins == 0


def test_contingent_five_shields() -> None:
    s = table([{"hand": ["Contingent", "Altar"], "coins": 5, "built": ["Loom"]}, {}, {}], age=3)
    s = turn(s, {0: "build:Contingent:0:0"})
    assert city_stats(s.cities[0]).shields == 5


@pytest.mark.parametrize(("card", "loss", "vp"), [("Hideout", 1, 2)])
def test_hideout_every_other_player_loses_one(card: str, loss: int, vp: int) -> None:
    s = _built(card, coins=3)
    assert s.phase == DEBT and s.cx is not None and s.cx.owed == (0, loss, loss)
    s = settle(s, {})
    assert s.phase == PICK and [c.coins for c in s.cities] == [3, 3 - loss + 3, 3 - loss + 3]
    assert C.scores(s)[0].cities == vp


def test_lair_every_other_player_loses_two() -> None:
    s = table([{"hand": ["Lair", "Altar"], "built": ["Sawmill", "Glassworks"]}, {}, {}], age=2)
    s = turn(s, {0: "build:Lair:0:0"})
    assert s.cx is not None and s.cx.owed == (0, 2, 2)
    s = settle(s, {1: 2, 2: 0})
    assert s.cx is not None and s.cx.debt == (0, 0, 2) and C.scores(s)[0].cities == 3


def test_brotherhood_every_other_player_loses_three() -> None:
    built = ["Sawmill", "Ore Vein", "Loom"]
    s = table([{"hand": ["Brotherhood", "Altar"], "built": built}, {"coins": 1}, {}], age=3)
    s = turn(s, {0: "build:Brotherhood:0:0"})
    assert s.cx is not None and s.cx.owed == (0, 3, 3)
    s = settle(s, {})
    # seat 1 had 1 coin + 3 from its discard: pays 3; seat 2 had 3 + 3: pays 3
    assert [c.coins for c in s.cities[1:]] == [1, 3] and s.cx is not None
    assert s.cx.debt == (0, 0, 0) and C.scores(s)[0].cities == 4


@pytest.mark.parametrize(
    ("card", "age", "built", "vp"),
    [
        ("Residence", 1, ["Clay Pool"], 1),
        ("Consulate", 2, ["Clay Pool", "Press"], 2),
        ("Embassy", 3, ["Stone Pit", "Loom", "Press"], 3),
    ],
)
def test_diplomacy_cards_give_a_token_and_vp(
    card: str, age: int, built: list[str], vp: int
) -> None:
    s = table([{"hand": [card, "Altar"], "built": built}, {}, {}], age=age)
    s = turn(s, {0: f"build:{card.replace(' ', '')}:0:0"})
    assert s.cx is not None and s.cx.diplomacy == (1, 0, 0)
    assert C.scores(s)[0].cities == vp


def test_gambling_den_six_coins_and_one_to_each_neighbour() -> None:
    s = _built("Gambling Den", coins=0)
    assert [c.coins for c in s.cities] == [6, 3 + 1 + 3, 3 + 1 + 3]


def test_gambling_house_nine_coins_and_two_to_each_neighbour() -> None:
    s = table([{"hand": ["Gambling House", "Altar"], "coins": 1}, {}, {}, {}], age=2)
    s = turn(s, {0: "build:GamblingHouse:0:0"})
    assert [c.coins for c in s.cities] == [9, 3 + 2 + 3, 3 + 3, 3 + 2 + 3]


@pytest.mark.parametrize(
    ("card", "science"), [("Pigeon Loft", 1), ("Spy Ring", 1), ("Torture Chamber", 1)]
)
def test_mask_cards_copy_a_neighbour_green_symbol(card: str, science: int) -> None:
    # Seat 0 has a compass; its right neighbour a compass too: the mask makes 2 compasses (4).
    s = table(
        [{"built": ["Apothecary", card]}, {"built": ["Apothecary"]}, {"built": ["Workshop"]}],
    )
    assert C.scores(s)[0].science == 4
    bare = table([{"built": ["Apothecary", card]}, {}, {}])
    assert C.scores(bare)[0].science == science  # no green neighbour: nothing to copy


def _baths_moves(dock: str, seller: int) -> set[str]:
    """Seat 0 buys Baths' stone from Gizah at ``seller`` (2: left, 1: right) with ``dock``."""
    seats: list[dict[str, object]] = [{"hand": ["Baths", "Altar"], "built": [dock]}, {}, {}]
    seats[seller] = {"wonder": "Gizah"}
    s = table(seats)
    return {str(m) for m in C.legal_moves(s, 0) if m.action == "build"}


def test_clandestine_dock_west_first_left_resource_one_coin_less() -> None:
    assert "build:Baths:1:0" in _baths_moves("Clandestine Dock West", 2)  # 2 coins, 1 off
    assert "build:Baths:0:2" in _baths_moves("Clandestine Dock West", 1)  # right: full price


def test_clandestine_dock_east_first_right_resource_one_coin_less() -> None:
    assert "build:Baths:0:1" in _baths_moves("Clandestine Dock East", 1)
    assert "build:Baths:2:0" in _baths_moves("Clandestine Dock East", 2)


def test_secret_warehouse_one_more_unit_of_a_produced_type() -> None:
    # Gizah (stone) + Stone Pit make 2 stone; nobody around sells stone: Aqueduct (3 stone)
    # needs the Warehouse's extra unit, which is only of a type the city already makes.
    seats = [{"wonder": "Gizah", "hand": ["Aqueduct", "Statue"], "built": ["Stone Pit"]}, {}, {}]
    without = table(seats, age=2)
    assert "build:Aqueduct:0:0" not in {str(m) for m in C.legal_moves(without, 0)}
    seats[0]["built"] = ["Stone Pit", "Secret Warehouse"]
    s = table(seats, age=2)
    assert "build:Aqueduct:0:0" in {str(m) for m in C.legal_moves(s, 0)}
    assert city_stats(s.cities[0]).choices == ((1,),)  # stone only
    assert city_stats(s.cities[0]).sell_fixed[1] == 2  # neighbours cannot buy the extra unit


def test_black_market_one_unit_of_a_type_not_produced() -> None:
    s = table([{"built": ["Black Market", "Ore Vein"]}, {}, {}])
    st = city_stats(s.cities[0])
    (choice,) = st.choices
    assert 3 not in choice and len(choice) == 6  # every type but ore (Rhodos + Ore Vein)


@pytest.mark.parametrize(
    ("card", "vp"), [("Gates of the City", 4), ("Tabularium", 6), ("Capitol", 8)]
)
def test_vp_black_cards_score_in_the_cities_row(card: str, vp: int) -> None:
    s = table([{"built": [card]}, {}, {}])
    sc = C.scores(s)[0]
    assert sc.cities == vp and sc.civilian == 0


@pytest.mark.parametrize("card", ["Sepulcher", "Cenotaph"])
def test_sepulcher_and_cenotaph_losses_count_the_victims_victory_tokens(card: str) -> None:
    # Stone, glass, loom (Sepulcher) and 2 clay more (Cenotaph); Rhodos makes none of them.
    built = ["Stone Pit", "Glassworks", "Loom"] + (["Brickyard"] if card == "Cenotaph" else [])
    s = table(
        [
            {"hand": [card, "Altar"], "built": built, "coins": 0},
            {"tokens": [1, 3, -1]},
            {"tokens": [-1, -1]},
        ],
        age=2 if card == "Sepulcher" else 3,
    )
    s = turn(s, {0: _build_move(s, card)})
    assert s.cx is not None and s.cx.owed == (0, 2, 0)  # 2 Victory tokens; defeats count 0
    assert C.scores(s)[0].cities == (4 if card == "Sepulcher" else 5)


def test_architect_cabinet_stages_without_resources() -> None:
    s = table([{"hand": ["Altar", "Baths"], "built": ["Architect Cabinet"], "coins": 0}, {}, {}])
    assert "wonder:Altar:0:0" in {str(m) for m in C.legal_moves(s, 0)}  # Rhodos A: 2 wood
    s = turn(s, {0: "wonder:Altar:0:0"})
    assert s.cities[0].stages == 1 and C.scores(s)[0].cities == 2


def test_builders_union_loss_counts_the_victims_stages() -> None:
    built = ["Lumber Yard", "Clay Pool", "Glassworks", "Press"]
    s = table(
        [{"hand": ["Builders Union", "Altar"], "built": built}, {"stages": 2}, {"stages": 0}], age=3
    )
    s = turn(s, {0: "build:BuildersUnion:0:0"})
    assert s.cx is not None and s.cx.owed == (0, 2, 0)


def test_secret_society_coin_and_vp_per_black_card_itself_included() -> None:
    s = table(
        [
            {
                "hand": ["Secret Society", "Altar"],
                "built": ["Militia", "Stone Pit", "Press"],
                "coins": 0,
            },
            {},
            {},
        ],
        age=3,
    )
    s = turn(s, {0: "build:SecretSociety:0:0"})
    assert s.cities[0].coins == 2 and C.scores(s)[0].cities == 2


def test_slave_market_coin_and_vp_per_own_victory_token() -> None:
    built = ["Lumber Yard", "Sawmill", "Foundry"]
    s = table(
        [
            {"hand": ["Slave Market", "Altar"], "built": built, "coins": 0, "tokens": [1, 3, -1]},
            {},
            {},
        ],
        age=3,
    )
    s = turn(s, {0: "build:SlaveMarket:0:0"})
    assert s.cities[0].coins == 2 and C.scores(s)[0].cities == 2
