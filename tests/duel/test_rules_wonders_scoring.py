"""rules.md §4 (seventh Wonder), §10 (Wonders), §11 (yellow cards, guilds), §12 (payment
optimisation), §13 (end and scoring), §15 (seed deviations we do not repeat), §16 (sub-states).

Each test is named after the rule it checks (test_rule_<section>_...)."""

from __future__ import annotations

import itertools
import random

import pytest

from engine import duel
from engine.common import IllegalMove
from engine.duel.costs import COSTS, ITEM_WONDER, price_base, trade_cost
from engine.duel.data import BOARD, CARDS, WONDERS
from engine.duel.state import OUT, State
from tests.duel.helpers import act, build, card, check_no_leak, moves, pos, token, wonder

MINE = ["the_colossus", "the_pyramids", "the_sphinx", "the_great_library"]
THEIRS = ["the_mausoleum", "piraeus", "the_appian_way", "circus_maximus"]

# --- §4 the seventh Wonder -------------------------------------------------------------------


def test_rule_4_the_builders_own_unbuilt_wonder_can_be_the_one_sent_away() -> None:
    s = pos(wonders=(MINE, THEIRS), built_wonders=(MINE[2:], THEIRS), coins=(99, 99))
    s, _ = act(s, "wonder:19:the_colossus")
    assert s.wage[wonder("the_pyramids")] == OUT and s.nbuilt == 7
    assert [w.out for w in duel.view(s, 0).cities[0].wonders] == [False, True, False, False]


def test_rule_4_no_wonder_can_be_built_after_the_seventh() -> None:
    s = pos(wonders=(MINE, THEIRS), built_wonders=(MINE[1:], THEIRS), coins=(99, 99))
    assert not any(m.startswith("wonder:") for m in moves(s))
    with pytest.raises(IllegalMove):
        act(s, "wonder:19:the_colossus")


# --- §10 wonder edge cases -------------------------------------------------------------------


def test_rule_10_appian_way_opponent_loses_at_most_what_it_has() -> None:
    s = pos(wonders=(["the_appian_way"], []), coins=(99, 1))
    s, _ = act(s, "wonder:19:the_appian_way")
    assert s.coins == (99 - 10 + 3, 0)


def test_rule_10_destroyed_card_goes_to_the_discard_and_only_the_right_colour() -> None:
    s = pos(
        cities=([], ["press", "glassworks", "lumber_yard"]),
        coins=(99, 7),
        wonders=(["circus_maximus"], []),
    )
    s, _ = act(s, "wonder:19:circus_maximus")
    assert moves(s) == {"destroy:press", "destroy:glassworks"}
    with pytest.raises(IllegalMove):
        act(s, "destroy:lumber_yard")
    s, _ = act(s, "destroy:glassworks")
    assert s.discard == (card("glassworks"),) and card("glassworks") not in s.built[1]
    assert s.masks[1] == (1 << card("press")) | (1 << card("lumber_yard"))


def test_rule_10_great_library_draws_from_the_box_and_the_other_two_leave() -> None:
    s = pos(wonders=(["the_great_library"], []), coins=(99, 7))
    box = set(s.box)
    s, events = act(s, "wonder:19:the_great_library")
    drawn = set(s.offer)
    lib = [e for e in events if e.kind == "library"]
    assert len(drawn) == 3 and drawn <= box and lib[0].visible_to == frozenset({0})
    pick = sorted(moves(s))[0].split(":")[1]
    s, _ = act(s, f"token:{pick}")
    assert len(s.box) == 4 and s.offer == () and set(s.box) == box - {token(pick)}


def test_rule_10_great_library_with_an_empty_box_does_nothing() -> None:
    s = pos(wonders=(["the_great_library"], []), coins=(99, 7))
    s, _ = act(s._replace(box=()), "wonder:19:the_great_library")
    assert s.phase == 1 and duel.to_act(s) == {1}


def test_rule_10_mausoleum_eligible_cards_and_full_effects() -> None:
    s = pos(
        discard=["scriptorium", "tavern"],
        cities=(["library"], []),
        coins=(99, 7),
        wonders=(["the_mausoleum"], []),
        tokens=(["urbanism"], []),
    )
    s, _ = act(s, "wonder:19:the_mausoleum")
    tucked = s.tucked[0]
    assert moves(s) == {"revive:scriptorium", "revive:tavern"}
    assert all(f"revive:{CARDS[c].key}" not in moves(s) for c in s.removed + tucked)
    coins = s.coins[0]
    s, _ = act(s, "revive:scriptorium")
    assert s.phase == 2 and s.coins[0] == coins  # quill pair -> token; no Urbanism bonus


def test_rule_10_mausoleum_yellow_card_pays_its_coins() -> None:
    s = pos(discard=["tavern"], coins=(99, 7), wonders=(["the_mausoleum"], []))
    s, _ = act(s, "wonder:19:the_mausoleum", "revive:tavern")
    assert s.coins[0] == 99 - 10 + 4


def test_rule_10_temple_of_artemis_twelve_coins_no_points() -> None:
    s = pos(coins=(99, 7))
    s, _ = act(s, "wonder:19:the_temple_of_artemis")
    assert s.coins[0] == 99 - 8 + 12 and duel.scores(s)[0].wonders == 0


def test_rule_10_lighthouse_and_piraeus_never_raise_opponent_prices() -> None:
    s = pos(
        wonders=(["the_great_lighthouse"], ["piraeus"]),
        built_wonders=(["the_great_lighthouse"], ["piraeus"]),
    )
    assert set(duel.view(s, 0).cities[1].trade_prices.values()) == {2}
    assert set(duel.view(s, 0).cities[0].trade_prices.values()) == {2}


def test_rule_10_great_lighthouse_produces_one_unit_per_turn() -> None:
    s = pos(
        wonders=(["the_great_lighthouse", "the_colossus"], []),
        built_wonders=(["the_great_lighthouse"], []),
        slots={19: "baths", 18: "walls"},
    )
    assert duel.price(s, 0, duel.parse_move("build:19")) == 0
    assert duel.price(s, 0, duel.parse_move("build:18")) == 2


# --- §11 yellow cards and guilds -------------------------------------------------------------


def test_rule_11_yellow_coins_counted_once_when_built() -> None:
    s = pos(
        cities=(["glassworks"], []), slots={19: "chamber_of_commerce", 18: "press"}, coins=(99, 7)
    )
    s, _ = act(s, "build:19")
    assert s.coins[0] == 99 - 4 + 3
    s, _ = act(s, "discard:17", "build:18")
    assert s.coins[0] == 99 - 4 + 3 - 1  # a later grey card pays nothing more


def test_rule_11_guild_coins_from_the_best_city_and_points_re_evaluated() -> None:
    s = pos(
        cities=(["theater"], ["altar", "baths"]), slots={19: "magistrates_guild"}, coins=(99, 7)
    )
    s, _ = build(s)
    paid = 99 - duel.price(
        pos(
            cities=(["theater"], ["altar", "baths"]), slots={19: "magistrates_guild"}, coins=(99, 7)
        ),
        0,
        duel.parse_move("build:19"),
    )
    assert s.coins[0] == paid + 2
    later = s._replace(
        masks=(
            s.masks[0] | 1 << card("palace") | 1 << card("temple") | 1 << card("statue"),
            s.masks[1],
        )
    )
    assert duel.scores(later)[0].guilds == 4


def test_rule_11_moneylenders_and_builders_pay_no_coins() -> None:
    for name in ("moneylenders_guild", "builders_guild"):
        s = pos(
            slots={19: name},
            coins=(99, 30),
            wonders=(["the_pyramids"], THEIRS),
            built_wonders=([], THEIRS[:3]),
        )
        price = duel.price(s, 0, duel.parse_move("build:19"))
        s, _ = build(s)
        assert s.coins[0] == 99 - price, name


# --- §12 payment optimisation ----------------------------------------------------------------


def _brute(
    cost: tuple[int, ...], city: list[int], opp: list[int], rebate: int, wonders: list[int]
) -> int:
    """Exhaustive minimum over every choice assignment and every waived pair (rules.md §12)."""
    prod = [0] * 5
    choices: list[int] = []
    fixed = 0
    for c in city:
        d = CARDS[c]
        prod = [a + b for a, b in zip(prod, d.produce, strict=True)]
        if d.choice:
            choices.append(d.choice)
        fixed |= d.fixed
    choices += [WONDERS[w].choice for w in wonders if WONDERS[w].choice]
    oprod = [0] * 5
    for c in opp:
        oprod = [a + b for a, b in zip(oprod, CARDS[c].produce, strict=True)]
    best = 10**9
    options = [[-1] + [r for r in range(5) if ch >> r & 1] for ch in choices]
    for assign in itertools.product(*options):
        need = [max(0, cost[r] - prod[r]) for r in range(5)]
        for r in assign:
            if r >= 0 and need[r]:
                need[r] -= 1
        units = [1 if fixed >> r & 1 else 2 + oprod[r] for r in range(5) for _ in range(need[r])]
        for waived in itertools.combinations(range(len(units)), min(rebate, len(units))):
            best = min(best, sum(u for i, u in enumerate(units) if i not in waived))
    return best


def test_rule_12_greedy_price_equals_exhaustive_minimum() -> None:
    rng = random.Random(12)
    pool = [c.id for c in CARDS if c.produce != (0,) * 5 or c.choice or c.fixed]
    choice_wonders = [wonder("the_great_lighthouse"), wonder("piraeus")]
    for _ in range(120):
        city = rng.sample(pool, rng.randint(0, 7))
        opp = [c for c in rng.sample(pool, rng.randint(0, 7)) if c not in city]
        mine = [w for w in choice_wonders if rng.random() < 0.4]
        names = [CARDS[c].key for c in city], [CARDS[c].key for c in opp]
        built = [WONDERS[w].key for w in mine]
        s = pos(
            cities=names,
            wonders=(built + ["the_pyramids"], ["the_colossus"]),
            built_wonders=(built, []),
        )
        base = price_base(s, 0)
        for item in range(len(COSTS)):
            rebate = rng.choice((0, 2))
            got = trade_cost(item, base, rebate)
            want = _brute(COSTS[item], city, opp, rebate, mine)
            assert got == want, (item, names, built, rebate)
    assert len(CARDS) == ITEM_WONDER


# --- §13 end of game and scoring -------------------------------------------------------------


def _over(s: State) -> State:
    return s._replace(phase=7, player=-1, victory=1)


def test_rule_13_supremacy_ends_the_game_at_once_even_mid_age() -> None:
    s, _ = build(pos(slots={19: "archery_range"}, pawn=7, coins=(99, 7)))
    assert duel.to_act(s) == frozenset() and duel.legal_moves(s, 1) == []
    with pytest.raises(IllegalMove, match="over"):
        duel.apply(s, 1, duel.parse_move("discard:18"))


def test_rule_13_total_is_the_sum_of_categories() -> None:
    s = pos(
        cities=(["theater", "workshop", "tavern", "merchants_guild"], ["forum"]),
        wonders=(["the_pyramids"], []),
        built_wonders=(["the_pyramids"], []),
        pawn=3,
        tokens=(["philosophy"], []),
        coins=(10, 0),
    )
    sc = duel.scores(s)[0]
    parts = (
        sc.military,
        sc.treasury,
        sc.wonders,
        sc.civilian,
        sc.science,
        sc.commercial,
        sc.guilds,
        sc.progress,
    )
    assert parts == (5, 3, 9, 3, 1, 0, 1, 7) and sc.total == sum(parts)


def test_rule_13_most_points_wins_outright() -> None:
    out = duel.outcome(_over(pos(cities=(["theater"], []), coins=(0, 0))))
    assert out is not None and out.winners == [0] and out.victory == "civilian"


def test_rule_13_scores_while_running_and_no_outcome() -> None:
    s = pos()
    assert duel.outcome(s) is None and len(duel.scores(s)) == 2


def test_rule_13_military_vp_table_matches_board_data() -> None:
    assert [list(x) for x in BOARD.military.vp] == [[1, 2], [3, 5], [6, 10]]


# --- §15 seed deviations we do not repeat ----------------------------------------------------


def test_rule_15_6_who_starts_is_a_choice_and_play_again_does_not_carry_over() -> None:
    s = pos(wonders=(["the_sphinx"], []), coins=(99, 7), pawn=0)
    s = s._replace(
        taken=((1 << 20) - 1) & ~(1 << 19), access=1 << 19, removed=s.removed + s.pyramid[:19]
    )
    s, _ = act(s, "wonder:19:the_sphinx")
    assert s.phase == 6 and moves(s) == {"start:0", "start:1"}
    s, _ = act(s, "start:1")
    assert duel.to_act(s) == {1}


def test_rule_15_7_both_tokens_looted_from_2_to_6() -> None:
    s, _ = build(pos(slots={19: "pretorium"}, pawn=2, coins=(99, 7), tokens=(["strategy"], [])))
    assert s.coins[1] == 0 and s.loot == 0b1100


def test_rule_15_8_lighthouse_counts_itself() -> None:
    s, _ = build(pos(slots={19: "lighthouse"}, coins=(99, 7)))
    assert (
        s.coins[0]
        == 99
        - duel.price(pos(slots={19: "lighthouse"}, coins=(99, 7)), 0, duel.parse_move("build:19"))
        + 1
    )


def test_rule_15_10_card_names_use_the_rulebook_spelling() -> None:
    names = set(duel.card_names())
    assert {"Altar", "Rostrum", "Theater", "Town Hall", "Glassblower"} <= names


# --- §16 sub-states --------------------------------------------------------------------------


def test_rule_16_zeus_skipped_when_the_opponent_has_no_brown_card() -> None:
    s = pos(cities=([], ["press"]), coins=(99, 7))
    s, _ = act(s, "wonder:19:the_statue_of_zeus")
    assert s.phase == 1 and duel.to_act(s) == {1}


# --- §14 hidden information ------------------------------------------------------------------


def test_rule_14_views_hide_face_down_removed_box_and_the_library_draw() -> None:
    s = pos(wonders=(["the_great_library"], []), coins=(99, 7), age=3)
    check_no_leak(s)
    s, _ = act(s, "wonder:19:the_great_library")
    check_no_leak(s)  # the drawn tokens: the chooser sees them, the opponent and spectators not
    assert duel.view(s, 0).library_offer and not duel.view(s, 1).library_offer


def test_rule_15_9_theology_extra_turn_survives_a_mausoleum_science_pair() -> None:
    s = pos(
        discard=["school"],
        cities=(["apothecary"], []),
        coins=(99, 7),
        tokens=(["theology"], []),
        wonders=(["the_mausoleum"], []),
    )
    s, _ = act(s, "wonder:19:the_mausoleum", "revive:school")
    assert s.phase == 2
    s, _ = act(s, f"token:{duel.view(s, 0).progress_board[0].key}")
    assert duel.to_act(s) == {0} and s.phase == 1
