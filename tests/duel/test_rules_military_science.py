"""rules.md §7 (military), §8 (science and progress tokens), §9 (token details).

Each test is named after the rule it checks (test_rule_<section>_...)."""

from __future__ import annotations

import pytest

from engine import duel
from engine.duel.data import CARDS, COLORS, SCIENCE_MASK, SYMBOLS
from engine.duel.move import Move
from tests.duel.helpers import act, build, build_cost, card, moves, pos, wonder_cost

# --- §7 military -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "name", "pawn"),
    [(0, "guard_tower", 1), (1, "guard_tower", -1), (0, "walls", 2), (1, "arsenal", -3)],
)
def test_rule_7_each_shield_moves_the_pawn_one_space(seat: int, name: str, pawn: int) -> None:
    s, _ = build(pos(seat=seat, slots={19: name}, coins=(99, 99)))
    assert s.pawn == pawn


def test_rule_7_a_token_is_looted_once_and_leaves_the_game() -> None:
    s = pos(slots={19: "walls", 18: "guard_tower", 17: "guard_tower"}, pawn=2, coins=(99, 7))
    s, events = act(s, "build:19")
    assert s.coins[1] == 5 and [e.kind for e in events].count("loot") == 1
    v = duel.view(s, None)
    assert [(x.victim, x.coins, x.available) for x in v.loot if x.victim == 1] == [
        (1, 2, False),
        (1, 5, True),
    ]


def test_rule_7_seat_1_loots_seat_0_on_the_negative_side() -> None:
    s, _ = build(pos(seat=1, slots={19: "walls"}, pawn=-1, coins=(7, 99)))
    assert s.pawn == -3 and s.coins[0] == 5 and s.loot == 0b1011


def test_rule_7_coins_short_loses_everything_never_negative() -> None:
    s, _ = build(pos(slots={19: "pretorium"}, pawn=3, loot=0b1110, coins=(99, 4)))
    assert s.pawn == 6 and s.coins[1] == 0


def test_rule_7_crossing_two_zones_loots_both_in_order() -> None:
    s, events = act(
        pos(slots={19: "pretorium"}, pawn=2, coins=(99, 10), tokens=(["strategy"], [])), "build:19"
    )
    loots = [e.data["token"] for e in events if e.kind == "loot"]
    assert s.pawn == 6 and loots == [2, 5] and s.coins[1] == 3


def test_rule_7_the_pawn_never_passes_the_capital_and_the_mover_wins() -> None:
    s, _ = build(pos(slots={19: "pretorium"}, pawn=8, loot=0, coins=(99, 7)))
    out = duel.outcome(s)
    assert s.pawn == 9 and out is not None and out.victory == "military" and out.winners == [0]
    s, _ = build(pos(seat=1, slots={19: "pretorium"}, pawn=-7, loot=0, coins=(7, 99)))
    out = duel.outcome(s)
    assert s.pawn == -9 and out is not None and out.winners == [1]


def test_rule_7_military_win_comes_before_the_zeus_destruction() -> None:
    s = pos(cities=([], ["sawmill"]), pawn=8, loot=0, coins=(99, 7))
    s, _ = act(s, "wonder:19:the_statue_of_zeus")
    assert duel.to_act(s) == frozenset() and s.built[1] == (card("sawmill"),)


@pytest.mark.parametrize(
    ("pawn", "vp0", "vp1"),
    [
        (0, 0, 0),
        (1, 2, 0),
        (2, 2, 0),
        (3, 5, 0),
        (5, 5, 0),
        (6, 10, 0),
        (8, 10, 0),
        (-1, 0, 2),
        (-5, 0, 5),
        (-8, 0, 10),
    ],
)
def test_rule_7_end_of_game_military_points(pawn: int, vp0: int, vp1: int) -> None:
    sc = duel.scores(pos(pawn=pawn))
    assert (sc[0].military, sc[1].military) == (vp0, vp1)


def test_rule_7_strategy_is_not_retroactive_and_applies_to_mausoleum_red_cards() -> None:
    s = pos(
        discard=["walls"],
        tokens=(["strategy"], []),
        coins=(99, 7),
        wonders=(["the_mausoleum"], []),
        cities=(["guard_tower"], []),
    )
    assert s.pawn == 0
    s, _ = act(s, "wonder:19:the_mausoleum", "revive:walls")
    assert s.pawn == 3


# --- §8 science ------------------------------------------------------------------------------


def test_rule_8_six_symbols_on_two_green_cards_each_scale_only_on_law() -> None:
    green = COLORS.index("green")
    for i, sym in enumerate(SYMBOLS):
        holders = [c.key for c in CARDS if c.color == green and c.science == i]
        assert len(holders) == (0 if sym == "scale" else 2), sym
    assert SCIENCE_MASK[SYMBOLS.index("scale")] == 0


def test_rule_8_pair_forces_a_token_choice_with_no_skip() -> None:
    s, _ = build(pos(cities=(["scriptorium"], []), slots={19: "library"}, coins=(99, 7)))
    assert s.phase == 2 and all(m.startswith("token:") for m in moves(s))
    with pytest.raises(Exception, match="token"):
        duel.apply(s, 0, Move("discard", 18))


def test_rule_8_a_pair_needs_the_same_player_to_own_both_cards() -> None:
    s, _ = build(pos(cities=([], ["scriptorium"]), slots={19: "library"}, coins=(99, 7)))
    assert s.phase == 1 and duel.to_act(s) == {1}


def test_rule_8_law_never_pairs() -> None:
    # Law's scale is a symbol, but no card carries it: holding Law never completes a pair.
    s, _ = build(pos(tokens=(["law"], []), slots={19: "pharmacist"}))
    assert s.phase == 1 and duel.view(s, 0).cities[0].science == ["mortar", "scale"]


def test_rule_8_empty_board_pair_gives_nothing() -> None:
    s, _ = build(pos(cities=(["scriptorium"], []), slots={19: "library"}, coins=(99, 7), board=[]))
    assert s.phase == 1 and s.tokens == (0, 0)


def test_rule_8_six_different_symbols_win_immediately_by_a_pair_token_law() -> None:
    city = ["pharmacist", "scriptorium", "laboratory", "school", "university"]
    s = pos(cities=(city, []), slots={19: "dispensary"}, board=["law", "agriculture"])
    s, _ = act(s, "build:19", "token:law")
    out = duel.outcome(s)
    assert out is not None and out.victory == "science" and out.winners == [0]


def test_rule_8_library_tokens_never_refill_the_board() -> None:
    s = pos(wonders=(["the_great_library"], []), coins=(99, 7))
    board = s.board
    s, _ = act(s, "wonder:19:the_great_library")
    s, _ = act(s, sorted(moves(s))[0])
    assert s.board == board and len(s.box) == 4 and s.offer == ()


# --- §9 progress token details ---------------------------------------------------------------


@pytest.mark.parametrize("key", ["agriculture", "urbanism"])
def test_rule_9_six_coins_on_taking_also_through_the_library(key: str) -> None:
    for rng in range(40):
        s = pos(wonders=(["the_great_library"], []), coins=(99, 7), board=["law"])
        s, _ = act(s._replace(rng=rng), "wonder:19:the_great_library")
        if f"token:{key}" in moves(s):
            before = s.coins[0]
            s, _ = act(s, f"token:{key}")
            assert s.coins[0] == before + 6
            return
    raise AssertionError(f"{key} never drawn")


def test_rule_9_urbanism_nothing_for_no_cost_cards() -> None:
    s, _ = build(pos(tokens=(["urbanism"], []), slots={19: "lumber_yard"}))
    assert s.coins[0] == 7


def test_rule_9_economy_receives_trade_of_wonders_too() -> None:
    s = pos(tokens=([], ["economy"]), coins=(99, 0))
    s, _ = act(s, "wonder:19:the_pyramids")
    assert s.coins == (91, 8)


def test_rule_9_economy_receives_fixed_price_purchases() -> None:
    s = pos(
        tokens=([], ["economy"]), coins=(99, 0), cities=(["stone_reserve"], []), slots={19: "walls"}
    )
    s, _ = build(s)
    assert s.coins == (97, 2)


def test_rule_9_economy_owner_pays_the_bank_normally() -> None:
    s, _ = build(pos(tokens=(["economy"], []), slots={19: "baths"}))
    assert s.coins == (5, 7)


def test_rule_9_architecture_wasted_below_two_units_and_wonders_only() -> None:
    assert (
        wonder_cost(
            "the_pyramids", ["quarry", "stone_pit", "press"], [], tokens=(["architecture"], [])
        )
        == 0
    )
    assert build_cost("walls", [], [], tokens=(["architecture"], [])) == 4


def test_rule_9_masonry_rebate_and_chain_blue_is_already_free() -> None:
    assert build_cost("palace", [], [], tokens=(["masonry"], [])) == 6
    assert build_cost("statue", ["theater"], [], tokens=(["masonry"], [])) == 0


def test_rule_9_mathematics_counts_itself_philosophy_7() -> None:
    sc = duel.scores(pos(tokens=(["mathematics"], ["philosophy", "law", "theology"]), coins=(0, 0)))
    assert (sc[0].progress, sc[1].progress) == (3, 7)
    sc = duel.scores(pos(tokens=(["mathematics", "law", "economy"], []), coins=(0, 0)))
    assert sc[0].progress == 9


def test_rule_9_law_is_a_scale_symbol() -> None:
    s = pos(tokens=(["law"], []))
    assert duel.view(s, None).cities[0].science == ["scale"]
