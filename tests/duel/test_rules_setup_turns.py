"""rules.md §1 (setup), §2 (structures), §3 (the turn), §5 (new Age), §6 (play again).

Each test is named after the rule it checks (test_rule_<section>_<item>_...)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import duel
from engine.common import IllegalMove
from engine.duel.agent_json import to_agent_json
from engine.duel.data import AGE_IDS, CARDS, COLORS, GUILD_IDS, LAYOUTS, WONDER_INDEX, WONDERS
from engine.duel.move import Move
from engine.duel.state import OUT, State
from tests.duel.helpers import act, build, build_cost, card, moves, pos, wonder

PURPLE = COLORS.index("purple")


def _draft_game(seed: int = 4, first: int = 0) -> State:
    return duel.new_game(duel.Config(first_player=first), seed)


# --- §1 setup --------------------------------------------------------------------------------


def test_rule_1_1_pawn_centre_four_loot_tokens_five_board_tokens_seven_coins() -> None:
    s = _draft_game()
    assert s.pawn == 0 and s.loot == 0b1111 and s.coins == (7, 7)
    assert len(s.board) == 5 and len(s.box) == 5 and not set(s.board) & set(s.box)
    v = duel.view(s, None)
    assert len(v.progress_board) == 5 and all(x.available for x in v.loot) and len(v.loot) == 4


def test_rule_1_2_draft_order_ABBA_then_BAAB_with_the_last_wonder_automatic() -> None:
    for first in (0, 1):
        s = _draft_game(first=first)
        pickers = []
        offers = []
        while s.phase == 0:
            (seat,) = duel.to_act(s)
            pickers.append(seat)
            offers.append(len(moves(s)))
            s, _ = act(s, sorted(moves(s))[0])
        a, b = first, 1 - first
        assert pickers == [a, b, b, b, a, a]  # A, B, B, (A auto) / B, A, A, (B auto)
        assert offers == [4, 3, 2, 4, 3, 2]
        assert len(s.wonders[0]) == len(s.wonders[1]) == 4
        assert sum(1 for x in s.wage if x == OUT) == 4  # the last 4 stay out of the game
        assert s.phase == 1 and s.age == 1 and duel.to_act(s) == {a}  # §1.5: A starts Age I


def test_rule_1_2_auto_assigned_wonders_go_to_the_last_picker() -> None:
    s = _draft_game(first=0)
    s, _ = act(s, *sorted(moves(s))[:1])
    s, _ = act(s, sorted(moves(s))[0])
    last_two = set(s.draft[:2])
    s, _ = act(s, sorted(moves(s))[0])
    assert set(s.wonders[0]) & last_two  # seat 0 (A) got the 4th wonder of round 1


def test_rule_1_2_first_game_option_assigns_the_rulebook_wonders() -> None:
    s = duel.new_game(duel.Config(draft=False, first_player=1), 0)
    a = {"the_pyramids", "the_great_lighthouse", "the_temple_of_artemis", "the_statue_of_zeus"}
    b = {"circus_maximus", "piraeus", "the_appian_way", "the_colossus"}
    assert {duel.view(s, 1).cities[1].wonders[i].key for i in range(4)} == a
    assert {w.key for w in duel.view(s, 0).cities[0].wonders} == b
    assert s.phase == 1 and duel.to_act(s) == {1}


def test_rule_1_2_first_game_leaves_the_4_other_wonders_out_of_the_game() -> None:
    for seed in range(4):
        s = duel.new_game(duel.Config(draft=False, first_player=None), seed)
        dealt = set(s.wonders[0] + s.wonders[1])
        unused = {x for x in range(len(s.wage)) if x not in dealt}
        assert len(unused) == 4 and all(s.wage[x] == OUT for x in unused)
        assert all(s.wage[x] == 0 for x in dealt)
        assert sorted(to_agent_json(s, 0)["wondersUnavailable"]) == sorted(
            WONDERS[x].agent for x in unused
        )
        r = random.Random(seed)
        named: set[str] = set()
        while duel.to_act(s):  # no legal move ever names an unused wonder
            (seat,) = duel.to_act(s)
            legal = duel.legal_moves(s, seat)
            named |= {m.key for m in legal if m.action == "wonder"}
            s, _ = duel.apply(s, seat, r.choice(legal))
        assert named and not named & {WONDERS[x].key for x in unused}
        assert all(s.wage[x] == OUT for x in unused)


def test_rule_1_3_decks_have_20_cards_3_removed_3_guilds_in_age_3() -> None:
    s = _draft_game()
    ages = [set(s.decks[i]) for i in range(3)]
    assert [len(d) for d in s.decks] == [20, 20, 20]
    for age in (1, 2):
        assert ages[age - 1] <= set(AGE_IDS[age - 1])
    assert len(ages[2] & set(GUILD_IDS)) == 3 and len(ages[2] - set(GUILD_IDS)) == 17
    assert Counter(CARDS[c].age for c in s.removed if CARDS[c].color != PURPLE) == {
        1: 3,
        2: 3,
        3: 3,
    }
    assert len(set(s.removed) & set(GUILD_IDS)) == 4 and s.discard == ()


def test_rule_1_3_setup_is_deterministic_per_seed_and_varies_between_seeds() -> None:
    assert duel.dump(_draft_game(7)) == duel.dump(_draft_game(7))
    assert duel.dump(_draft_game(7)) != duel.dump(_draft_game(8))


def test_rule_1_4_a_face_down_guild_shows_a_guild_back() -> None:
    for seed in range(30):
        s = pos(age=3, seed=seed)
        down = [i for i in range(20) if not s.face_up >> i & 1]
        guilds = [i for i in down if s.pyramid[i] in GUILD_IDS]
        if guilds:
            slots = duel.view(s, 0).pyramid
            assert all(slots[i].back == "guild" and slots[i].card is None for i in guilds)
            assert all(slots[i].back == "age3" for i in down if i not in guilds)
            return
    raise AssertionError("no face-down guild in 30 seeds")


# --- §2 structures ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("age", "rows", "start"),
    [(1, [2, 3, 4, 5, 6], 6), (2, [6, 5, 4, 3, 2], 2), (3, [2, 3, 4, 2, 4, 3, 2], 2)],
)
def test_rule_2_structures_rows_twelve_face_up_and_start_access(
    age: int, rows: list[int], start: int
) -> None:
    lay = LAYOUTS[age]
    assert [sum(1 for r, _ in lay.pos if r == i + 1) for i in range(len(rows))] == rows
    assert (~lay.face_down & ((1 << 20) - 1)).bit_count() == 12
    assert lay.start_access.bit_count() == start


def test_rule_2_uncovered_cards_are_revealed_after_the_follow_up_choice() -> None:
    # Age I: 14 and 15 cover 9, 15 and 16 cover 10. Taking 15 last (a pair) asks for a token
    # first; 9 and 10 are turned over only when the turn is over, before the next player acts.
    s = pos(cities=(["pharmacist"], []), slots={15: "dispensary"})
    s, _ = act(s, "discard:14")
    s, _ = act(s, "discard:16")
    s, events = act(s, "build:15")
    assert s.phase == 2 and not s.face_up >> 9 & 1 and s.access >> 9 & 1
    assert "reveal" not in [e.kind for e in events]
    s, events = act(s, f"token:{duel.view(s, 0).progress_board[0].key}")
    assert s.face_up >> 9 & 1 and [e.data["slot"] for e in events if e.kind == "reveal"] == [9, 10]


def test_rule_2_only_accessible_cards_can_be_taken() -> None:
    s = pos()
    with pytest.raises(IllegalMove, match="covered"):
        act(s, "discard:9")
    s, _ = act(s, "discard:19")
    with pytest.raises(IllegalMove, match="already taken"):
        act(s, "discard:19")


# --- §3 the turn -----------------------------------------------------------------------------


def test_rule_3_1_three_actions_and_no_pass() -> None:
    s = pos(coins=(99, 7))
    actions = {m.split(":")[0] for m in moves(s)}
    assert actions == {"build", "discard", "wonder"}
    with pytest.raises(IllegalMove):
        duel.apply(s, 0, Move("token", -1, "law"))


def test_rule_3_2_printed_coins_go_to_the_bank_and_chain_is_free() -> None:
    s, _ = build(pos(slots={19: "stone_pit"}))
    assert s.coins == (6, 7)
    assert build_cost("horse_breeders", ["stable"], ["clay_pool", "lumber_yard"]) == 0


def test_rule_3_3_production_is_never_spent_even_in_a_replay_turn() -> None:
    s = pos(
        cities=(["quarry"], []),
        slots={19: "baths", 18: "walls"},
        coins=(0, 7),
        tokens=(["theology"], []),
        wonders=(["the_pyramids"], []),
    )
    s = s._replace(coins=(99, 7))
    s, _ = act(s, "wonder:17:the_pyramids")  # pays 3 stone: 1 produced, 2 bought
    assert duel.to_act(s) == {0}
    assert duel.price(s, 0, Move("build", 19)) == 0  # the quarry's stone again


def test_rule_3_3_a_choice_producer_gives_one_unit_per_turn() -> None:
    assert build_cost("walls", ["caravansery"], []) == 2  # 2 stone: 1 chosen, 1 bought
    s = pos(
        cities=(["caravansery"], []),
        slots={19: "walls"},
        coins=(99, 7),
        wonders=(["the_great_lighthouse"], []),
        built_wonders=(["the_great_lighthouse"], []),
    )
    assert duel.price(s, 0, Move("build", 19)) == 0  # two producers: one unit each


def test_rule_3_4_trade_price_counts_opponent_brown_grey_only() -> None:
    assert build_cost("walls", [], ["shelf_quarry"]) == 8  # (2 + 2) x 2
    assert build_cost("walls", [], ["caravansery"]) == 4  # yellow does not raise it
    s = pos(
        cities=([], []),
        wonders=(["the_great_lighthouse"], ["piraeus"]),
        built_wonders=([], ["piraeus"]),
    )
    assert duel.view(s, 0).cities[0].trade_prices == {
        r: 2 for r in ("wood", "stone", "clay", "glass", "papyrus")
    }


def test_rule_3_4_payment_goes_to_the_bank() -> None:
    s, _ = build(pos(slots={19: "baths"}))
    assert s.coins == (5, 7)


def test_rule_3_5_reserves_fix_the_price_at_one() -> None:
    assert build_cost("walls", ["stone_reserve"], ["shelf_quarry", "quarry"]) == 2
    assert build_cost("library", ["customs_house"], ["glassworks"]) == 2 + 2 + 1


def test_rule_3_6_discard_pays_2_plus_yellow_and_is_public() -> None:
    s = pos(cities=(["tavern", "forum", "stone_reserve"], []), slots={19: "baths"})
    s, _ = act(s, "discard:19")
    assert s.coins[0] == 7 + 5
    assert [c.key for c in duel.view(s, None).discard] == ["baths"]


def test_rule_3_7_wonder_pays_its_own_cost_and_tucks_the_card() -> None:
    s = pos(slots={19: "palace"}, coins=(99, 7))
    s, _ = act(s, "wonder:19:the_pyramids")
    assert s.coins[0] == 99 - 8 and s.tucked[0] == (card("palace"),) and s.discard == ()


def test_rule_3_8_unaffordable_build_is_refused_discard_always_allowed() -> None:
    s = pos(slots={19: "aqueduct"}, coins=(0, 7))
    assert "build:19" not in moves(s) and "discard:19" in moves(s)
    assert "wonder:19:the_pyramids" not in moves(s)
    with pytest.raises(IllegalMove, match="afford"):
        act(s, "wonder:19:the_pyramids")


def test_rule_3_8_the_chain_is_taken_automatically() -> None:
    s = pos(cities=(["baths", "quarry", "stone_pit", "shelf_quarry"], []), slots={19: "aqueduct"})
    s, events = build(s)
    assert s.coins[0] == 7 and "build" in events


def test_rule_3_9_the_bank_is_unlimited() -> None:
    s = pos(coins=(40, 7), wonders=(["the_temple_of_artemis"], []))
    s, _ = act(s, "wonder:19:the_temple_of_artemis")
    assert s.coins[0] > 31


# --- §5 end of an Age ------------------------------------------------------------------------


def _age_end(pawn: int, seat: int = 0) -> State:
    s = pos(pawn=pawn, loot=0, seat=seat)
    s = s._replace(
        taken=((1 << 20) - 1) & ~(1 << 19), access=1 << 19, removed=s.removed + s.pyramid[:19]
    )
    s, _ = act(s, "discard:19")
    return s


@pytest.mark.parametrize(
    ("pawn", "last", "chooser"),
    [(2, 0, 1), (2, 1, 1), (-1, 1, 0), (-1, 0, 0), (0, 0, 0), (0, 1, 1)],
)
def test_rule_5_weaker_player_or_last_active_player_chooses(
    pawn: int, last: int, chooser: int
) -> None:
    s = _age_end(pawn, last)
    assert s.phase == 6 and duel.to_act(s) == {chooser}
    assert moves(s) == {"start:0", "start:1"}
    for starter in (0, 1):
        nxt, events = act(s, f"start:{starter}")
        assert nxt.age == 2 and duel.to_act(nxt) == {starter} and nxt.phase == 1
        said = (
            f"Seat {chooser} chooses to begin Age II."
            if starter == chooser
            else f"Seat {chooser} lets Seat {starter} begin Age II."
        )
        assert said in [e.text for e in events], [e.text for e in events]


def test_rule_5_the_age_ends_after_the_20th_card_and_its_token_choice() -> None:
    s = pos(cities=(["pharmacist"], []), slots={19: "dispensary"})
    s = s._replace(
        taken=((1 << 20) - 1) & ~(1 << 19), access=1 << 19, removed=s.removed + s.pyramid[:19]
    )
    s, _ = act(s, "build:19")
    assert s.phase == 2 and s.age == 1
    s, _ = act(s, f"token:{duel.view(s, 0).progress_board[0].key}")
    assert s.phase == 6


def test_rule_5_age_3_end_is_the_end_of_the_game() -> None:
    s = pos(age=3)
    s = s._replace(
        taken=((1 << 20) - 1) & ~(1 << 19), access=1 << 19, removed=s.removed + s.pyramid[:19]
    )
    s, events = act(s, "discard:19")
    out = duel.outcome(s)
    assert out is not None and out.victory == "civilian" and duel.to_act(s) == frozenset()
    assert events[-1].kind == "end"


# --- §6 play again ---------------------------------------------------------------------------

PLAY_AGAIN = {
    "the_appian_way",
    "the_hanging_gardens",
    "piraeus",
    "the_sphinx",
    "the_temple_of_artemis",
}


@pytest.mark.parametrize("key", sorted(WONDER_INDEX))
def test_rule_6_play_again_wonders(key: str) -> None:
    s = pos(wonders=([key], []), coins=(99, 7), cities=([], []), discard=[])
    s, _ = act(s, f"wonder:19:{key}")
    while s.phase in (3, 4, 5):  # library / destroy / mausoleum follow-ups
        s, _ = act(s, sorted(moves(s))[0])
    assert (duel.to_act(s) == {0}) is (key in PLAY_AGAIN)


def test_rule_6_extra_turns_chain() -> None:
    s = pos(wonders=(["the_sphinx", "the_hanging_gardens"], []), coins=(99, 7))
    s, _ = act(s, "wonder:19:the_sphinx")
    s, _ = act(s, "wonder:18:the_hanging_gardens")
    assert duel.to_act(s) == {0}
    s, _ = act(s, "discard:17")
    assert duel.to_act(s) == {1}


def test_rule_6_theology_extra_turn_comes_after_the_mausoleum_and_its_token() -> None:
    s = pos(
        discard=["pharmacist"],
        cities=(["dispensary"], []),
        coins=(99, 7),
        tokens=(["theology"], []),
        wonders=(["the_mausoleum"], []),
    )
    s, _ = act(s, "wonder:19:the_mausoleum")
    assert s.phase == 5
    s, _ = act(s, "revive:pharmacist")
    assert s.phase == 2 and duel.to_act(s) == {0}  # the mortar pair
    s, _ = act(s, f"token:{duel.view(s, 0).progress_board[0].key}")
    assert s.phase == 1 and duel.to_act(s) == {0}  # the Theology extra turn is kept


def test_rule_6_the_extra_turn_is_lost_when_the_age_ends() -> None:
    s = pos(wonders=(["the_sphinx"], []), coins=(99, 7), pawn=1, loot=0)
    s = s._replace(
        taken=((1 << 20) - 1) & ~(1 << 19), access=1 << 19, removed=s.removed + s.pyramid[:19]
    )
    s, _ = act(s, "wonder:19:the_sphinx")
    assert s.phase == 6 and duel.to_act(s) == {1} and not s.again
    assert s.wage[wonder("the_sphinx")] == 1


def test_rule_1_5_player_A_starts_age_1() -> None:
    for first in (0, 1):
        s = duel.new_game(duel.Config(first_player=first), 9)
        while s.phase == 0:
            s, _ = act(s, sorted(moves(s))[-1])
        assert s.age == 1 and duel.to_act(s) == {first}
    s = duel.new_game(duel.Config(draft=False, first_player=1), 9)
    assert duel.to_act(s) == {1}
