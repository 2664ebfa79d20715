"""rules.md §3: trading (one named test per fact). 3 players: left(0) = 2, right(0) = 1."""

from __future__ import annotations

from typing import Any

import pytest

from engine import classic as C
from engine.common import IllegalMove

Kit = Any


def _builds(kit: Kit, s: Any, seat: int, card: str) -> set[str]:
    return {m for m in kit.moves(s, seat) if m.startswith(f"build:{card}:")}


def test_rule_13_trade_only_with_direct_neighbours(kit: Kit) -> None:
    seats = [
        {"wonder": "Gizah", "hand": ["Guard Tower"]},
        {"wonder": "Olympia"},
        {"wonder": "Halikarnassos", "built": ["Clay Pool"]},
        {"wonder": "Rhodos"},
    ]
    assert _builds(kit, kit.pos(seats), 0, "GuardTower") == set()
    seats[1]["built"] = ["Clay Pool"]
    assert _builds(kit, kit.pos(seats), 0, "GuardTower") == {"build:GuardTower:0:2"}


def test_rule_14_board_brown_grey_buyable_yellow_and_wonder_not(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Gizah", "hand": ["Workshop"]},
            {"wonder": "Olympia", "built": ["Forum"]},
            {"wonder": "Rhodos"},
        ]
    )
    assert _builds(kit, s, 0, "Workshop") == set()
    s = kit.pos(
        [{"wonder": "Gizah", "hand": ["Workshop"]}, {"wonder": "Alexandria"}, {"wonder": "Rhodos"}]
    )
    assert _builds(kit, s, 0, "Workshop") == {"build:Workshop:0:2"}
    s = kit.pos(
        [
            {"wonder": "Gizah", "hand": ["Stockade"]},
            {"wonder": "Alexandria", "stages_built": 2},
            {"wonder": "Rhodos"},
        ]
    )
    assert _builds(kit, s, 0, "Stockade") == set()  # Alexandria A stage 2 is not for sale


def test_rule_15_prices_and_discounts_do_not_stack(kit: Kit) -> None:
    left = {"wonder": "Gizah", "built": ["Lumber Yard", "Glassworks"]}
    right = {"wonder": "Babylon", "built": ["Loom"]}
    me: dict[str, Any] = {"wonder": "Ephesos", "hand": ["Stockade", "Apothecary", "Workshop"]}
    s = kit.pos([me, right, left])
    assert _builds(kit, s, 0, "Stockade") == {"build:Stockade:2:0"}
    me["built"] = ["West Trading Post"]
    s = kit.pos([me, right, left])
    assert _builds(kit, s, 0, "Stockade") == {"build:Stockade:1:0"}
    assert _builds(kit, s, 0, "Apothecary") == {"build:Apothecary:0:2"}
    me["built"] = ["Marketplace", "East Trading Post"]
    s = kit.pos([me, right, left])
    assert _builds(kit, s, 0, "Apothecary") == {"build:Apothecary:0:1"}
    assert _builds(kit, s, 0, "Workshop") == {"build:Workshop:1:0"}
    assert _builds(kit, s, 0, "Stockade") == {"build:Stockade:2:0"}  # East = right only
    olympia = {
        "wonder": "Olympia",
        "side": "B",
        "stages_built": 1,
        "built": ["West Trading Post"],
        "hand": ["Guard Tower"],
    }
    s = kit.pos([olympia, {"wonder": "Babylon"}, {"wonder": "Rhodos"}])
    assert _builds(kit, s, 0, "GuardTower") == {"build:GuardTower:0:1"}


def test_rule_16_both_neighbours_buy_the_same_unit(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Olympia", "built": ["Stone Pit"], "hand": ["Baths"]},
            {"wonder": "Babylon", "hand": ["Baths"]},
            {"wonder": "Rhodos", "hand": ["Baths"]},
        ]
    )
    s = kit.turn(s, {0: "build:Baths:0:0", 1: "build:Baths:2:0", 2: "build:Baths:0:2"})
    assert [c.coins for c in s.cities] == [7, 1, 1]


def test_rule_17_buy_from_both_and_choose_the_dearer_side(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Gizah", "coins": 5, "built": ["West Trading Post"], "hand": ["Statue"]},
            {"wonder": "Rhodos"},
            {"wonder": "Halikarnassos", "built": ["Ore Vein"]},
        ],
        age=2,
    )
    # Statue: 1 wood + 2 ore; neither neighbour has wood -> unaffordable.
    assert _builds(kit, s, 0, "Statue") == set()
    s = kit.pos(
        [
            {"wonder": "Olympia", "coins": 5, "built": ["West Trading Post"], "hand": ["Statue"]},
            {"wonder": "Rhodos"},
            {"wonder": "Halikarnassos", "built": ["Ore Vein"]},
        ],
        age=2,
    )
    assert _builds(kit, s, 0, "Statue") == {"build:Statue:1:2"}
    s = kit.pos(
        [
            {"wonder": "Olympia", "coins": 5, "built": ["West Trading Post"], "hand": ["Barracks"]},
            {"wonder": "Rhodos"},
            {"wonder": "Halikarnassos", "built": ["Ore Vein"]},
        ]
    )
    assert _builds(kit, s, 0, "Barracks") == {"build:Barracks:1:0", "build:Barracks:0:2"}
    s2, _ = C.apply(s, 0, C.parse_move("build:Barracks:0:2"))  # dearer side is still legal
    assert s2.picks[0] == C.parse_move("build:Barracks:0:2")


def test_rule_17_dominated_payment_is_legal_but_not_listed(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Olympia", "built": ["Clay Pit"], "hand": ["Barracks"]},
            {"wonder": "Rhodos"},
            {"wonder": "Halikarnassos", "built": ["Ore Vein"]},
        ]
    )
    assert _builds(kit, s, 0, "Barracks") == {"build:Barracks:0:0"}
    s2, _ = C.apply(s, 0, C.parse_move("build:Barracks:2:0"))
    assert s2.picks[0] is not None


def test_rule_18_quantity_limited_to_the_neighbours_production(kit: Kit) -> None:
    seats: list[dict[str, Any]] = [
        {"wonder": "Ephesos", "coins": 9, "hand": ["Laboratory"]},
        {"wonder": "Gizah"},
        {"wonder": "Rhodos", "built": ["Clay Pool"]},
    ]
    assert _builds(kit, kit.pos(seats, age=2), 0, "Laboratory") == set()
    seats[1]["built"] = ["Clay Pool"]
    assert _builds(kit, kit.pos(seats, age=2), 0, "Laboratory") == {"build:Laboratory:2:2"}


def test_rule_19_choice_card_gives_one_unit_to_each_user(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Ephesos", "coins": 9, "hand": ["Senate"]},
            {"wonder": "Olympia", "built": ["Timber Yard"]},
            {"wonder": "Rhodos", "built": ["Timber Yard"]},
        ],
        age=3,
    )
    # Senate: 2 wood, 1 stone, 1 ore. Right sells wood (board) + one of stone/wood; left sells
    # ore (board) + one of stone/wood: one unit per choice card.
    assert _builds(kit, s, 0, "Senate") == {"build:Senate:4:4"}
    s = kit.pos(
        [
            {"wonder": "Gizah", "hand": ["Statue"]},
            {"wonder": "Halikarnassos", "built": ["Timber Yard"]},
            {"wonder": "Babylon"},
        ],
        age=2,
    )
    assert _builds(kit, s, 0, "Statue") == set()


def test_rule_20_bought_resources_are_for_this_turn_only(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Gizah", "hand": ["Stockade", "Altar"]},
            {"wonder": "Olympia"},
            {"wonder": "Rhodos"},
        ]
    )
    s = kit.turn(s, {0: "build:Stockade:0:2"})
    assert C.view(s, 0).cities[0].production.fixed == {"stone": 1}


def test_rule_21_coins_earned_this_turn_cannot_be_spent(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Olympia", "coins": 1, "hand": ["Baths"]},
            {"wonder": "Gizah", "hand": ["Stockade"]},
            {"wonder": "Babylon", "hand": ["Stockade"]},
        ]
    )
    with pytest.raises(IllegalMove, match="you have 1 coin"):
        C.apply(s, 0, C.parse_move("build:Baths:0:2"))
    s = kit.turn(s, {1: "build:Stockade:2:0", 2: "build:Stockade:0:2"})
    assert s.cities[0].coins == 1 + 3 + 4


def test_rule_22_trading_pays_wonder_stages(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Rhodos", "coins": 4, "hand": ["Altar"]},
            {"wonder": "Olympia"},
            {"wonder": "Babylon", "built": ["Lumber Yard"]},
        ]
    )
    stage = {m for m in kit.moves(s, 0) if m.startswith("wonder:")}
    assert stage == {"wonder:Altar:2:2"}
    s = kit.turn(s, {0: "wonder:Altar:2:2"})
    assert s.cities[0].stages == 1 and [c.coins for c in s.cities] == [0, 8, 8]


def test_rule_23_card_coin_cost_is_separate_from_trade(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Rhodos", "coins": 0, "hand": ["Tree Farm"]},
            {"wonder": "Olympia"},
            {"wonder": "Babylon"},
        ]
    )
    assert _builds(kit, s, 0, "TreeFarm") == set()
    with pytest.raises(IllegalMove, match="1 coin"):
        C.apply(s, 0, C.parse_move("build:TreeFarm:0:0"))
