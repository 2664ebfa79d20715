"""One named test per Cities leader (Cities rules 7; cities.yaml ``leaders``), in a game with
Leaders and Cities, and the Cities leaders' place in the deal, views and positions."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.classic.cities.ext import LAST_TURN
from engine.classic.data import CARD_INDEX
from engine.classic.leaders.data import BOX_LEADERS, CITIES_LEADERS, LEADER_INDEX, leader_pool
from engine.classic.state import LEAD
from engine.common import EngineError, IllegalMove
from tests.classic.leaders_kit import coins, moves, pos, score, turn

CITY_NAMES = {"Aspasia", "Berenice", "Caligula", "Darius", "Diocletian"}


def test_the_cities_leaders_join_the_deal_only_with_cities() -> None:
    assert {d.name for d in CITIES_LEADERS} == CITY_NAMES | {"Semiramis"}
    assert leader_pool(False) == tuple(d.id for d in BOX_LEADERS)
    assert set(leader_pool(True)) - set(leader_pool(False)) == {LEADER_INDEX[n] for n in CITY_NAMES}
    dealt: set[int] = set()
    for seed in range(40):
        s = C.new_game(C.Config(players=7, expansions=("leaders", "cities")), seed)
        hands = [x for h in s.leaders.draft for x in h]
        assert sorted(hands + list(s.leaders.deck)) == sorted(leader_pool(True))
        dealt.update(hands)
        only = C.new_game(C.Config(players=7, expansions=("leaders",)), seed)
        assert not {x for h in only.leaders.draft for x in h} - set(leader_pool(False))
    assert {LEADER_INDEX[n] for n in CITY_NAMES} <= dealt


def test_semiramis_is_data_only_until_the_rulebook_is_checked() -> None:
    assert LEADER_INDEX["Semiramis"] not in leader_pool(True)
    # One data change away (in_pool): JF's reading, every Defeat token counts as a shield.
    seats = [{"recruited": ["Semiramis"], "military_tokens": [-1, -1], "hand": ["Altar", "Baths"]}]
    seats += [{"built": ["Stockade"], "hand": ["Altar", "Baths"]}, {"hand": ["Altar", "Baths"]}]
    s = pos(seats, cities=True)._replace(turn=LAST_TURN)
    s = turn(s, {})
    assert sorted(s.cities[0].tokens) == [-1, -1, 1, 1]  # 2 "shields" beat 1 and 0


def test_aspasia_takes_a_diplomacy_token_when_recruited_and_scores_2() -> None:
    s = pos([{"lead": ["Aspasia"], "coins": 3}], recruit=True, cities=True)
    s = turn(s, {0: "recruit:Aspasia"})
    assert s.cx is not None and s.cx.diplomacy == (1, 0, 0) and coins(s) == 0
    assert score(s).leaders == 2


def test_aspasia_recruited_in_a_leaders_only_position_is_refused() -> None:
    with pytest.raises(EngineError, match="only with Cities"):
        pos([{"recruited": ["Aspasia"]}])


def test_berenice_adds_a_coin_to_a_discard() -> None:
    s = pos([{"recruited": ["Berenice"]}], cities=True)
    assert coins(turn(s, {})) == 3 + 3 + 1


def test_berenice_adds_one_coin_once_per_turn() -> None:
    s = pos([{"recruited": ["Berenice"], "hand": ["Tavern", "Altar"]}], cities=True)
    assert coins(turn(s, {0: "build:Tavern:0:0"})) == 3 + 5 + 1


def test_berenice_ignores_coins_from_a_neighbours_purchase() -> None:
    me = {"recruited": ["Berenice"], "built": ["Lumber Yard"], "hand": ["Altar", "Baths"]}
    buyer = {"hand": ["Stockade", "Altar"]}  # 1 wood, bought from seat 0 (its left) for 2
    s = turn(pos([me, buyer], cities=True), {0: "build:Altar:0:0", 1: "build:Stockade:2:0"})
    assert coins(s) == 3 + 2


def test_berenice_counts_a_neighbours_gambling_den_share() -> None:
    me = {"recruited": ["Berenice"], "hand": ["Altar", "Baths"]}
    den = {"hand": ["Gambling Den", "Altar"]}
    s = turn(pos([me, den], cities=True), {0: "build:Altar:0:0", 1: "build:GamblingDen:0:0"})
    assert coins(s) == 3 + 1 + 1 and coins(s, 1) == 3 + 6


def test_berenice_counts_a_leader_discarded_for_coins() -> None:
    s = pos([{"lead": ["Sappho"], "recruited": ["Berenice"]}], recruit=True, cities=True)
    assert coins(turn(s, {0: "leader-discard:Sappho"})) == 3 + 3 + 1


def test_caligula_builds_one_black_card_free_per_age() -> None:
    s = pos([{"recruited": ["Caligula"], "hand": ["Militia", "Altar"], "coins": 0}], cities=True)
    assert "free:Militia" in moves(s, 0) and "free:Altar" not in moves(s, 0)
    s = turn(s, {0: "free:Militia"})
    assert coins(s) == 0 and s.cities[0].built == (CARD_INDEX["Militia"],)
    assert s.leaders.caligula[0] == 1 and s.cities[0].free_used_age == 0


def test_caligula_free_build_resets_each_age() -> None:
    s = pos([{"recruited": ["Caligula"], "hand": ["Spy Ring", "Statue"]}], age=2, cities=True)
    s = s._replace(leaders=s.leaders._replace(caligula=(1, 0, 0)))  # spent in Age I
    assert "free:SpyRing" in moves(s, 0)
    spent = s._replace(leaders=s.leaders._replace(caligula=(2, 0, 0)))  # spent in Age II
    assert "free:SpyRing" not in moves(spent, 0)


def test_caligula_keeps_olympias_free_build_for_another_card() -> None:
    seat = {"recruited": ["Caligula"], "wonder": "Olympia", "stages_built": 2}
    s = pos([dict(seat, hand=["Militia", "Altar"], coins=0)], cities=True)
    s = turn(s, {0: "free:Militia"})
    assert s.leaders.caligula[0] == 1 and s.cities[0].free_used_age == 0


def test_darius_scores_one_vp_per_black_card() -> None:
    built = ["Militia", "Hideout", "Altar"]
    assert score(pos([{"recruited": ["Darius"], "built": built}], cities=True)).leaders == 2


def test_diocletian_takes_two_coins_per_black_card_built() -> None:
    s = pos([{"recruited": ["Diocletian"], "hand": ["Hideout", "Altar"]}], cities=True)
    s = turn(s, {0: "build:Hideout:0:0"})
    assert coins(s) == 3 + 2
    s2 = pos([{"recruited": ["Diocletian"], "hand": ["Altar", "Baths"]}], cities=True)
    assert coins(turn(s2, {0: "build:Altar:0:0"})) == 3


def test_diocletian_pays_for_a_caligula_free_black_card() -> None:
    seat = {"recruited": ["Diocletian", "Caligula"], "hand": ["Militia", "Altar"], "coins": 0}
    s = turn(pos([seat], cities=True), {0: "free:Militia"})
    assert coins(s) == 2


def test_caligula_state_is_in_dump_positions_and_views() -> None:
    seat = {"recruited": ["Caligula"], "caligula_used": True, "hand": ["Militia", "Altar"]}
    s = pos([seat], cities=True)
    assert s.leaders.caligula == (1, 0, 0)
    assert "free:Militia" not in moves(s, 0)
    assert C.dump_position(s)["seats"][0]["leaders"]["caligula_used"] is True
    assert C.load(C.dump(s)).leaders == s.leaders
    view = C.view(s, 1)
    assert view.leaders is not None and view.leaders.caligula_used == [True, False, False]
    again = C.state_from_view(view, hands={0: ["Militia", "Altar"], 2: ["Altar", "Baths"]})
    assert again.leaders.caligula == (1, 0, 0) and again.cx is not None


def test_views_still_hide_unrecruited_cities_leaders() -> None:
    s = pos([{"lead": ["Aspasia", "Darius"]}, {"lead": ["Caligula"]}], recruit=True, cities=True)
    text = C.view(s, 1).model_dump_json()
    assert "Aspasia" not in text and "Darius" not in text and "Caligula" in text
    assert C.view(s, 1).leaders.held == [2, 1, 1]  # type: ignore[union-attr]
    assert s.phase == LEAD


def test_a_leaders_only_game_deals_as_before_the_cities_leaders() -> None:
    # The pool of a Leaders-only game is the box's 36, so its seeded deal is unchanged.
    s = C.new_game(C.Config(players=3, expansions=("leaders",)), 0)
    assert s.leaders.caligula == () and len(s.leaders.deck) == 36 - 12


def test_illegal_free_builds_say_why() -> None:
    s = pos([{"recruited": ["Caligula"], "hand": ["Militia", "Altar"]}], cities=True)
    with pytest.raises(IllegalMove, match="only black cards"):
        C.apply(s, 0, C.parse_move("free:Altar"))
