"""Cases A1–B5 of the Duel rules examples (B6–B8: test_examples_more.py, B9–B12:
test_examples_end.py).

Test names (or parameter ids) carry the case number."""

from __future__ import annotations

import pytest

from engine import duel
from engine.common import IllegalMove
from engine.duel.move import Move
from engine.duel.state import State
from tests.duel.helpers import act, build, build_cost, card, moves, pos

# --- Part A ---------------------------------------------------------------------------------

A1_CITY = ["quarry", "brickyard", "clay_pool", "press"]  # 1 stone, 3 clay, 1 papyrus


def test_A1_production_pays_baths_and_garrison_but_not_apothecary() -> None:
    assert build_cost("baths", A1_CITY, []) == 0
    assert build_cost("garrison", A1_CITY, []) == 0
    assert build_cost("apothecary", A1_CITY, []) == 2
    assert build_cost("apothecary", A1_CITY + ["glassworks"], []) == 0


@pytest.mark.parametrize(
    ("name", "mine", "expected"),
    [
        ("lumber_yard", [], 0),
        ("stone_pit", [], 1),
        ("baths", ["quarry"], 0),
        ("arena", ["clay_pool", "quarry", "lumber_yard"], 0),
        ("horse_breeders", [], 4),
        ("horse_breeders", ["clay_pool", "lumber_yard"], 0),
        ("horse_breeders", ["stable"], 0),
    ],
    ids=[
        "lumber_yard",
        "stone_pit",
        "baths",
        "arena",
        "horse_breeders_bought",
        "horse_breeders_produced",
        "horse_breeders_chain",
    ],
)
def test_A2_printed_costs(name: str, mine: list[str], expected: int) -> None:
    assert build_cost(name, mine, []) == expected


BRUNO = ["shelf_quarry"]
ANTOINE = ["clay_pool"]


def test_A3_1_antoine_buys_stone_at_4() -> None:
    s = pos(cities=(ANTOINE, BRUNO))
    assert duel.view(s, 0).cities[0].trade_prices["stone"] == 4


def test_A3_2_bruno_third_stone_costs_2() -> None:
    s = pos(cities=(ANTOINE, BRUNO))
    assert duel.view(s, 1).cities[1].trade_prices["stone"] == 2
    assert build_cost("aqueduct", BRUNO, ANTOINE) == 2  # 3 stone: 2 produced + 1 bought


def test_A3_3_bruno_fortifications_costs_5() -> None:
    assert build_cost("fortifications", BRUNO, ANTOINE) == 5


def test_A3_4_antoine_aqueduct_costs_12() -> None:
    assert build_cost("aqueduct", ANTOINE, BRUNO) == 12


# --- B1 trading and construction cost -----------------------------------------------------


@pytest.mark.parametrize(
    ("case", "mine", "theirs", "name", "expected"),
    [
        ("B1.1", [], ["quarry"], "baths", 3),
        ("B1.2", [], ["quarry", "stone_pit"], "baths", 4),
        ("B1.3", ["stone_reserve"], ["quarry"], "baths", 1),
        ("B1.4", ["caravansery"], [], "baths", 0),
        ("B1.5", ["caravansery"], ["quarry"], "rostrum", 2),
        ("B1.6", [], ["caravansery"], "baths", 2),
        ("B1.7", ["pharmacist"], [], "dispensary", 0),
        ("B1.9", ["shelf_quarry"], ["clay_pool"], "fortifications", 5),
        ("B1.10", [], ["shelf_quarry"], "aqueduct", 12),
        ("B1.12", ["press", "stone_reserve"], [], "town_hall", 7),
    ],
    ids=lambda x: x if isinstance(x, str) and x.startswith("B1") else "",
)
def test_B1_costs(case: str, mine: list[str], theirs: list[str], name: str, expected: int) -> None:
    assert build_cost(name, mine, theirs) == expected, case


def test_B1_8_cannot_build_baths_with_1_coin() -> None:
    s = pos(slots={19: "baths"}, coins=(1, 7))
    assert "build:19" not in moves(s) and "discard:19" in moves(s)
    with pytest.raises(IllegalMove, match="cannot afford Baths"):
        act(s, "build:19")


def test_B1_11_piraeus_costs_all_8_coins() -> None:
    s = pos(wonders=(["piraeus"], []), coins=(8, 7))
    assert duel.price(s, 0, Move("wonder", 19, "piraeus")) == 8
    s, _ = act(s, "wonder:19:piraeus")
    assert s.coins[0] == 0


# --- B2 discard ------------------------------------------------------------------------------


def test_B2_1_discard_gives_2_and_goes_to_the_discard_pile() -> None:
    s, _ = act(pos(slots={19: "baths"}), "discard:19")
    assert s.coins[0] == 9 and s.discard == (card("baths"),)


def test_B2_2_discard_with_two_yellow_cards_gives_4() -> None:
    s = pos(cities=(["quarry", "tavern", "clay_reserve"], []), slots={19: "baths"})
    s, _ = act(s, "discard:19")
    assert s.coins[0] == 11


# --- B3 immediate coins from yellow cards ----------------------------------------------------


@pytest.mark.parametrize(
    ("case", "mine", "name", "after"),
    [
        ("B3.1", [], "tavern", 4),
        ("B3.2", [], "brewery", 6),
        ("B3.3", ["press", "drying_room"], "chamber_of_commerce", 6),
        ("B3.4", ["press", "glassworks", "logging_camp", "brickyard"], "port", 4),
        ("B3.5", ["shelf_quarry", "arsenal", "glassblower"], "armory", 1),
        ("B3.6", ["clay_pit", "forum", "caravansery", "clay_reserve", "brewery"], "lighthouse", 5),
    ],
    ids=lambda x: x if isinstance(x, str) and x.startswith("B3") else "",
)
def test_B3_yellow_coins(case: str, mine: list[str], name: str, after: int) -> None:
    theirs = ["sawmill", "shelf_quarry"] if case == "B3.4" else []  # opponent's do not count
    s = pos(cities=(mine, theirs), slots={19: name}, coins=(0, 7))
    s, _ = build(s)
    assert s.coins[0] == after, case


def test_B3_7_arena_counts_own_wonders_only() -> None:
    s = pos(
        cities=(["brewery"], []),
        slots={19: "arena"},
        coins=(0, 7),
        wonders=(
            ["the_pyramids", "the_sphinx", "the_colossus"],
            ["piraeus", "the_appian_way", "circus_maximus", "the_mausoleum"],
        ),
        built_wonders=(
            ["the_pyramids", "the_sphinx"],
            ["piraeus", "the_appian_way", "circus_maximus", "the_mausoleum"],
        ),
    )
    s, _ = build(s)
    assert s.coins[0] == 4


# --- B4 military -----------------------------------------------------------------------------


def test_B4_1_guard_tower_moves_pawn_one() -> None:
    s, _ = build(pos(slots={19: "guard_tower"}))
    assert s.pawn == 1 and s.loot == 0b1111


def test_B4_2_entering_zone_3_loots_2() -> None:
    s = pos(cities=(["shelf_quarry"], []), slots={19: "walls"}, pawn=2, coins=(7, 7))
    s, _ = build(s)
    assert s.pawn == 4 and s.coins[1] == 5 and s.loot == 0b1110


def test_B4_3_one_move_loots_both_tokens_never_below_zero() -> None:
    s = pos(slots={19: "arsenal"}, pawn=2, coins=(99, 6), tokens=(["strategy"], []))
    s, _ = build(s)
    assert s.pawn == 6 and s.coins[1] == 0 and s.loot == 0b1100


def test_B4_4_reentering_a_zone_loots_nothing() -> None:
    s = pos(
        cities=(["guard_tower"], ["shelf_quarry"]),
        slots={19: "walls", 18: "guard_tower"},
        pawn=4,
        loot=0b1110,
        seat=1,
        coins=(7, 7),
    )
    s, _ = act(s, "build:19")
    assert s.pawn == 2
    s, _ = act(s, "build:18")
    assert s.pawn == 3 and s.coins[1] == 7


def test_B4_5_reaching_the_capital_wins_at_once() -> None:
    s, _ = build(pos(slots={19: "archery_range"}, pawn=7, coins=(99, 7)))
    out = duel.outcome(s)
    assert s.pawn == 9 and duel.to_act(s) == frozenset()
    assert out is not None and out.winners == [0] and out.victory == "military"


def test_B4_6_strategy_does_not_add_to_wonder_shields() -> None:
    s = pos(wonders=(["the_colossus"], []), tokens=(["strategy"], []), coins=(99, 7))
    s, _ = act(s, "wonder:19:the_colossus")
    assert s.pawn == 2


def test_B4_7_strategy_adds_one_to_red_cards() -> None:
    s, _ = build(pos(slots={19: "archery_range"}, tokens=(["strategy"], []), coins=(99, 7)))
    assert s.pawn == 3


@pytest.mark.parametrize(("pawn", "p1", "p2"), [(-8, 0, 10), (2, 2, 0), (4, 5, 0), (0, 0, 0)])
def test_B4_8_military_points(pawn: int, p1: int, p2: int) -> None:
    sc = duel.scores(pos(pawn=pawn))
    assert (sc[0].military, sc[1].military) == (p1, p2)


# --- B5 science ------------------------------------------------------------------------------

BOARD5 = ["law", "economy", "masonry", "mathematics", "theology"]


def test_B5_1_pair_asks_for_a_board_token_before_the_turn_passes() -> None:
    s = pos(cities=(["pharmacist"], []), slots={19: "dispensary"}, board=BOARD5)
    s, _ = build(s)
    assert duel.to_act(s) == {0} and s.phase == 2
    assert moves(s) == {f"token:{t}" for t in BOARD5}
    s, _ = act(s, "token:economy")
    assert duel.to_act(s) == {1} and s.board == tuple(t for t in pos(board=BOARD5).board if t != 2)


def test_B5_2_token_then_last_active_player_chooses_who_starts_age_3() -> None:
    s = pos(age=2, cities=(["pharmacist"], []), slots={19: "dispensary"}, board=BOARD5)
    s = _only_slot(s, 19)
    s, _ = build(s)
    assert s.phase == 2 and duel.to_act(s) == {0}
    s, _ = act(s, "token:law")
    assert s.phase == 6 and duel.to_act(s) == {0} and moves(s) == {"start:0", "start:1"}
    s, _ = act(s, "start:1")
    assert s.age == 3 and duel.to_act(s) == {1}


def _only_slot(s: State, slot: int) -> State:
    """The position with every pyramid card but ``slot`` gone (they leave the game)."""
    others = [c for i, c in enumerate(s.pyramid) if i != slot]
    return s._replace(
        taken=((1 << 20) - 1) & ~(1 << slot),
        access=1 << slot,
        face_up=s.face_up | 1 << slot,
        removed=s.removed + tuple(others),
    )


def test_B5_3_pair_with_an_empty_board_gives_nothing() -> None:
    s = pos(cities=(["pharmacist"], []), slots={19: "dispensary"}, board=[])
    s, kinds = build(s)
    assert s.phase == 1 and duel.to_act(s) == {1} and "choose" not in kinds


def test_B5_4_six_symbols_with_law_win_at_once() -> None:
    s = pos(
        cities=(["pharmacist", "scriptorium", "school", "laboratory"], []),
        slots={19: "university"},
        tokens=(["law"], []),
    )
    s, _ = build(s)
    out = duel.outcome(s)
    assert out is not None and out.victory == "science" and out.winners == [0]


def test_B5_5_law_from_the_great_library_wins() -> None:
    city = ["pharmacist", "scriptorium", "school", "laboratory", "university"]
    for rng in range(40):
        s = pos(
            cities=(city, []),
            wonders=(["the_great_library"], []),
            coins=(99, 7),
            board=["agriculture", "economy", "masonry", "mathematics", "theology"],
        )
        s = s._replace(rng=rng)
        s, _ = act(s, "wonder:19:the_great_library")
        if "token:law" in moves(s):
            s, _ = act(s, "token:law")
            out = duel.outcome(s)
            assert out is not None and out.victory == "science" and out.winners == [0]
            return
    raise AssertionError("Law never drawn")


def test_B5_6_first_symbol_gives_no_token() -> None:
    s, kinds = build(pos(slots={19: "pharmacist"}))
    assert s.phase == 1 and duel.to_act(s) == {1} and "choose" not in kinds
