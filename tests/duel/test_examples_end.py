"""Cases B9–B12 of the Duel rules examples (test names carry the case number)."""

from __future__ import annotations

import pytest

from engine import duel
from engine.duel.data import CARDS, COLORS, LAYOUTS, WONDERS
from engine.duel.state import State
from tests.duel.helpers import act, build, build_cost, moves, pos, wonder_cost

# --- B9 end-of-game scoring ------------------------------------------------------------------


def _b91() -> State:
    p1 = [
        "theater",
        "statue",
        "gardens",
        "scriptorium",
        "library",
        "workshop",
        "laboratory",
        "port",
        "magistrates_guild",
        "lumber_yard",
    ]
    p2 = ["altar", "temple", "academy", "study", "arena", "lighthouse", "moneylenders_guild"]
    w1 = ["the_pyramids", "the_sphinx"]
    w2 = ["the_colossus", "the_appian_way", "the_temple_of_artemis"]
    return pos(
        cities=(p1, p2),
        wonders=(w1, w2),
        built_wonders=(w1, w2),
        pawn=4,
        tokens=(["philosophy", "mathematics"], ["agriculture"]),
        coins=(14, 20),
    )


def test_B9_1_full_civilian_scoring() -> None:
    a, b = duel.scores(_b91())
    assert (
        a.civilian,
        a.science,
        a.commercial,
        a.guilds,
        a.wonders,
        a.progress,
        a.treasury,
        a.military,
        a.total,
    ) == (13, 4, 3, 3, 15, 13, 4, 5, 60)
    assert (
        b.civilian,
        b.science,
        b.commercial,
        b.guilds,
        b.wonders,
        b.progress,
        b.treasury,
        b.military,
        b.total,
    ) == (7, 6, 6, 6, 6, 4, 6, 0, 41)


def _ended(s: State) -> State:
    return s._replace(phase=7, player=-1, victory=1)


def test_B9_2_tie_broken_by_blue_points() -> None:
    s = pos(
        cities=(["port"], ["theater", "senate", "archery_range", "university"]),
        wonders=(["piraeus"], []),
        built_wonders=(["piraeus"], []),
        pawn=1,
        tokens=(["philosophy"], ["agriculture"]),
        coins=(0, 0),
    )
    out = duel.outcome(_ended(s))
    assert out is not None and [x.total for x in out.scores] == [14, 14]
    assert out.winners == [1] and out.victory == "civilian"


def test_B9_3_shared_victory() -> None:
    s = pos(
        cities=(["temple", "obelisk"], ["theater", "gardens", "archery_range", "dispensary"]),
        wonders=(["the_great_library"], []),
        built_wonders=(["the_great_library"], []),
        pawn=1,
        tokens=([], ["agriculture"]),
        coins=(0, 0),
    )
    out = duel.outcome(_ended(s))
    assert out is not None and [x.total for x in out.scores] == [15, 15]
    assert out.winners == [0, 1]


@pytest.mark.parametrize(("coins", "vp"), [(17, 5), (9, 3), (4, 1)])
def test_B9_4_treasury(coins: int, vp: int) -> None:
    assert duel.scores(pos(coins=(coins, 0)))[0].treasury == vp


def test_B9_5_printed_vp_totals() -> None:
    def total(colour: str, age: int) -> int:
        return sum(c.vp for c in CARDS if COLORS[c.color] == colour and c.age == age)

    assert [total("blue", a) for a in (1, 2, 3)] == [9, 22, 36]
    assert [total("green", a) for a in (1, 2, 3)] == [2, 6, 10]
    assert total("yellow", 3) == 15 and sum(w.vp for w in WONDERS) == 42


# --- B10 who begins the next Age -------------------------------------------------------------


def _last_card(pawn: int, what: str = "discard:19") -> State:
    s = pos(pawn=pawn, coins=(99, 7), loot=0)
    s = s._replace(
        taken=((1 << 20) - 1) & ~(1 << 19), access=1 << 19, removed=s.removed + s.pyramid[:19]
    )
    s, _ = act(s, what)
    return s


def test_B10_1_the_weaker_player_chooses() -> None:
    s = _last_card(3)
    assert s.phase == 6 and duel.to_act(s) == {1} and moves(s) == {"start:0", "start:1"}
    s, _ = act(s, "start:0")
    assert s.age == 2 and duel.to_act(s) == {0}


def test_B10_2_central_pawn_last_active_player_chooses() -> None:
    s = _last_card(0)
    assert s.phase == 6 and duel.to_act(s) == {0}


def test_B10_3_play_again_is_lost_at_the_end_of_an_age() -> None:
    s = _last_card(-3, "wonder:19:the_temple_of_artemis")
    assert s.phase == 6 and duel.to_act(s) == {0} and not s.again
    s, _ = act(s, "start:1")
    assert duel.to_act(s) == {1}


# --- B11 structure accessibility -------------------------------------------------------------


def _bits(mask: int) -> set[int]:
    return {i for i in range(20) if mask >> i & 1}


def test_B11_1_age_1_start() -> None:
    s = pos()
    assert _bits(s.access) == set(range(14, 20))
    assert _bits(~s.face_up & ((1 << 20) - 1)) == {2, 3, 4, 9, 10, 11, 12, 13}


def test_B11_2_taking_14_then_15_uncovers_9() -> None:
    s, _ = act(pos(), "discard:14")
    assert _bits(s.access) == set(range(15, 20))
    s, events = act(s, "discard:15")
    assert 9 in _bits(s.access) and s.face_up >> 9 & 1
    assert [e.data["slot"] for e in events if e.kind == "reveal"] == [9]


def test_B11_3_age_3_structure() -> None:
    s = pos(age=3)
    assert _bits(s.access) == {18, 19}
    s, _ = act(s, "discard:18")
    assert 15 in _bits(s.access) and s.face_up >> 15 & 1 and 16 not in _bits(s.access)
    s, _ = act(s, "discard:19")
    assert 16 in _bits(s.access)


def test_B11_4_age_3_row_4_covers_two_cards_each() -> None:
    lay = LAYOUTS[3]
    assert set(lay.under[9]) == {5, 6} and set(lay.under[10]) == {7, 8}


def test_B11_5_age_2_structure() -> None:
    s = pos(age=2)
    assert _bits(s.access) == {18, 19}
    s, _ = act(s, "discard:18")
    assert 15 in _bits(s.access) and s.face_up >> 15 & 1 and 16 not in _bits(s.access)


# --- B12 cross-check -------------------------------------------------------------------------


def test_B12_1_two_steps_of_three_loot_2_then_5() -> None:
    s = pos(slots={19: "arsenal", 18: "pretorium"}, coins=(99, 7))
    s, _ = act(s, "build:19", "discard:17")
    assert s.pawn == 3 and s.coins[1] == 5 + 2  # 7 - 2 looted + 2 for the discard
    s, _ = act(s, "build:18")
    assert s.pawn == 6 and s.coins[1] == 2


def test_B12_2_six_at_once_loots_7() -> None:
    s = pos(seat=1, tokens=([], ["strategy"]), slots={18: "arsenal"}, coins=(10, 99), pawn=-2)
    s, _ = act(s, "build:18")
    assert s.pawn == -6 and s.coins[0] == 3  # both tokens: 2 + 5


def test_B12_3_coins_never_negative() -> None:
    s = pos(slots={19: "guard_tower"}, pawn=2, coins=(7, 1))
    s, _ = build(s)
    assert s.coins[1] == 0


@pytest.mark.parametrize(("tokens", "cost"), [([], 2), (["masonry"], 0), (["architecture"], 2)])
def test_B12_4_baths_with_rebates(tokens: list[str], cost: int) -> None:
    assert build_cost("baths", [], [], tokens=(tokens, [])) == cost


@pytest.mark.parametrize(("tokens", "cost"), [([], 8), (["architecture"], 4)])
def test_B12_5_pyramids_with_architecture(tokens: list[str], cost: int) -> None:
    assert wonder_cost("the_pyramids", [], [], tokens=(tokens, [])) == cost


def test_B12_6_agriculture_from_7_coins() -> None:
    s = pos(cities=(["pharmacist"], []), slots={19: "dispensary"}, board=["agriculture"])
    s, _ = act(s, "build:19", "token:agriculture")
    assert s.coins[0] == 13


@pytest.mark.parametrize(("tokens", "after"), [([], 9), (["urbanism"], 13)])
def test_B12_7_lighthouse_by_chain(tokens: list[str], after: int) -> None:
    s = pos(cities=(["tavern"], []), slots={19: "lighthouse"}, tokens=(tokens, []))
    s, _ = build(s)
    assert s.coins[0] == after


@pytest.mark.parametrize(("name", "p2"), [("baths", 9), ("scriptorium", 7)])
def test_B12_8_economy(name: str, p2: int) -> None:
    s = pos(slots={19: name}, tokens=([], ["economy"]))
    s, _ = build(s)
    assert s.coins == (5, p2)


def test_B12_9_shipowners_use_one_city_for_brown_and_grey() -> None:
    s = pos(
        cities=(["lumber_yard", "clay_pool", "quarry", "shipowners_guild"], ["glassworks", "press"])
    )
    assert duel.scores(s)[0].guilds == 3


@pytest.mark.parametrize(("theirs", "winners"), [("academy", [0]), ("theater", [0, 1])])
def test_B12_10_blue_tie_break(theirs: str, winners: list[int]) -> None:
    out = duel.outcome(_ended(pos(cities=(["altar"], [theirs]), coins=(0, 0))))
    assert out is not None and out.winners == winners


@pytest.mark.parametrize(("built", "can"), [(5, True), (7, False)])
def test_B12_11_seven_wonder_limit(built: int, can: bool) -> None:
    mine = ["the_pyramids", "the_sphinx", "the_colossus", "the_great_library"]
    theirs = ["the_mausoleum", "piraeus", "the_appian_way", "circus_maximus"]
    done = (mine[1:], theirs[: built - 3])
    s = pos(wonders=(mine, theirs), built_wonders=done, coins=(99, 99))
    assert s.nbuilt == built
    assert ("wonder:19:the_pyramids" in moves(s)) is can


def test_B12_12_great_library_offers_3_of_the_5_box_tokens() -> None:
    s = pos(wonders=(["the_great_library"], []), coins=(99, 7))
    box = set(s.box)
    assert len(box) == 5
    s, _ = act(s, "wonder:19:the_great_library")
    assert len(s.offer) == 3 and set(s.offer) <= box and len(moves(s)) == 3
