"""The tricky cases of rules.md section 9, one named test each (Roma, Courtesans, Bilkis and
Cities cases live with those features)."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.classic.leaders.data import DECISIONS, LEADER_INDEX
from engine.classic.state import HALI, LEAD, PICK
from engine.common import IllegalMove
from tests.classic.leaders_kit import coins, moves, pos, score, turn


def test_case_01_olympia_a_free_build_cannot_recruit_a_leader() -> None:
    s = pos(
        [{"wonder": "Olympia", "stages_built": 2, "lead": ["Cleopatra"], "coins": 0}],
        recruit=True,
    )
    assert moves(s, 0) == {"leader-discard:Cleopatra"}  # no free recruit, no "free:" move


def test_case_02_discarded_leaders_never_reach_the_discard_pile() -> None:
    s = pos([{"lead": ["Cleopatra"]}], age=2, recruit=True, discard=["Altar"])
    s = turn(s, {0: "leader-discard:Cleopatra"})
    assert coins(s) == 6 and len(s.discard) == 1  # only the Age card
    assert s.leaders.spent[0] == (LEADER_INDEX["Cleopatra"],)


def test_case_03_maecenas_himself_costs_one_coin() -> None:
    s = pos([{"lead": ["Maecenas"], "coins": 0}], recruit=True)
    assert "recruit:Maecenas" not in moves(s, 0)
    try:
        C.apply(s, 0, C.parse_move("recruit:Maecenas"))
    except IllegalMove as exc:
        assert "costs 1 coin; you have no coins" in str(exc)
    else:
        raise AssertionError("recruiting without the coins was accepted")


def test_case_06_a_leader_under_a_wonder_is_not_recruited_but_the_stage_counts() -> None:
    s = pos(
        [{"lead": ["Croesus"], "recruited": ["Amytis"], "built": ["Lumber Yard", "Timber Yard"]}],
        recruit=True,
    )
    assert "leader-wonder:Croesus:0:0" in moves(s, 0)  # Rhodos A stage 1: 2 wood
    s = turn(s, {0: "leader-wonder:Croesus:0:0"})
    assert s.cities[0].stages == 1 and s.leaders.tucked[0] == 1
    assert coins(s) == 3  # no Croesus coins: it was not recruited
    assert score(s).leaders == 2  # Amytis counts the stage
    assert C.view(s, 1).leaders is not None and C.view(s, 1).leaders.recruited[0] == ["Amytis"]


def test_case_09_tomyris_against_a_neighbour_with_nero() -> None:
    full = [
        {"recruited": ["Tomyris"], "hand": ["Altar", "Baths"]},
        {"recruited": ["Nero"], "built": ["Stockade"], "hand": ["Altar", "Baths"]},
        {"hand": ["Altar", "Baths"], "built": ["Stockade"]},
    ]
    s = turn(pos(full)._replace(turn=6), {})
    assert s.cities[0].tokens == ()
    assert sorted(s.cities[1].tokens) == [-1, 1]  # its Victory + Tomyris' Defeat; tie with 2
    assert coins(s, 1) == 3 + 3 + 2  # discard + Nero's 2 coins for its Victory token


def test_case_10_alexander_counts_tokens_won_before_his_recruitment() -> None:
    s = pos([{"lead": ["Alexander"], "military_tokens": [1, 1, -1]}], age=2, recruit=True)
    s = turn(s, {0: "recruit:Alexander"})
    assert score(s).leaders == 2


def test_case_13_solomon_in_the_age_one_recruitment_finds_an_empty_pile() -> None:
    s = pos([{"lead": ["Solomon"]}], recruit=True)
    s = turn(s, {0: "recruit:Solomon"})
    assert s.phase == PICK and s.phase != HALI and s.age == 1 and s.turn == 1


def test_case_14_hatshepsut_buying_from_both_neighbours_earns_two() -> None:
    s = pos(
        [
            {"recruited": ["Hatshepsut"], "hand": ["Temple", "Altar"], "coins": 6},
            {"built": ["Lumber Yard"]},  # right: wood (and Alexandria's glass)
            {"built": ["Clay Pool"]},  # left: clay
        ],
        age=2,
    )
    assert "build:Temple:2:4" in moves(s, 0)
    s = turn(s, {0: "build:Temple:2:4"})
    assert coins(s) == 6 - 6 + 2


def test_case_15_vitruvius_pays_for_the_chain_not_for_olympias_free_build() -> None:
    seat = {"wonder": "Olympia", "stages_built": 2, "recruited": ["Vitruvius"], "built": ["Altar"]}
    s = pos([dict(seat, hand=["Temple", "Statue"])], age=2)
    # A chained card is simply built by its chain (the engine lists no Olympia build for it):
    # Vitruvius pays; Olympia's free build of an unchained card does not [E].
    assert {"build:Temple:0:0", "free:Statue"} <= moves(s, 0)
    assert "free:Temple" not in moves(s, 0)
    assert coins(turn(s, {0: "build:Temple:0:0"})) == 3 + 2
    assert coins(turn(s, {0: "free:Statue"})) == 3


def test_case_17_a_leader_may_be_discarded_whatever_the_coins() -> None:
    s = pos([{"lead": ["Sappho"], "coins": 20}], recruit=True)
    assert {"recruit:Sappho", "leader-discard:Sappho"} <= moves(s, 0)
    assert coins(turn(s, {0: "leader-discard:Sappho"})) == 23


def test_case_18_plato_does_not_count_olympia_bs_copied_guild() -> None:
    six = ["Lumber Yard", "Loom", "Altar", "Tavern", "Stockade", "Apothecary"]
    s = pos(
        [
            {"wonder": "Olympia", "side": "B", "stages_built": 3, "recruited": ["Plato"]}
            | {"built": six},
            {"built": ["Scientists Guild"]},
        ],
        age=3,
    )
    assert score(s).leaders == 0


def test_recruitment_turn_comes_before_the_age_is_dealt() -> None:
    s = C.new_game(C.Config(players=4, expansions=("leaders",)), 3)
    assert s.phase == LEAD and all(not h for h in s.hands)
    while s.phase == LEAD:
        for seat in sorted(C.to_act(s)):
            s, _ = C.apply(s, seat, C.legal_moves(s, seat)[-1])
    assert s.phase == PICK and s.age == 1 and all(len(h) == 7 for h in s.hands)
    assert all(len(h) == 3 for h in s.leaders.held)  # 4 drafted, one discarded


def test_case_12_bilkis_ignores_neighbour_prices_and_trading_posts() -> None:
    s = pos(
        [
            {"recruited": ["Bilkis"], "built": ["East Trading Post"], "hand": ["Baths", "Altar"]},
            {"built": ["Stone Pit"]},
        ]
    )
    # The bank unit (1 coin) is as cheap as the discounted neighbour's: it is listed as 0:0.
    assert "build:Baths:0:0" in moves(s, 0)
    s = turn(s, {0: "build:Baths:0:0"})
    assert coins(s) == 2 and coins(s, 1) == 6  # the neighbour got nothing (it discarded)


def test_imhotep_reduces_a_stage_built_with_a_leader_one_switch_away(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seat = {"lead": ["Sappho"], "recruited": ["Imhotep"], "built": ["Lumber Yard"]}
    assert "leader-wonder:Sappho:0:0" in moves(pos([seat], recruit=True), 0)  # 2 wood - 1
    monkeypatch.setitem(DECISIONS, "imhotep_on_leader_stage", False)
    assert not any(m.startswith("leader-wonder") for m in moves(pos([seat], recruit=True), 0))


def test_vitruvius_on_olympias_free_build_is_one_switch_away(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seat = {"wonder": "Olympia", "stages_built": 2, "recruited": ["Vitruvius"]}
    s = pos([dict(seat, hand=["Statue", "Temple"])], age=2)
    assert coins(turn(s, {0: "free:Statue"})) == 3
    monkeypatch.setitem(DECISIONS, "vitruvius_on_free_builds", True)
    assert coins(turn(s, {0: "free:Statue"})) == 5


def test_leader_moves_have_texts_for_prompts() -> None:
    texts = {
        "draft:Cleopatra": "Keep Cleopatra (leader draft)",
        "recruit:Cleopatra": "Recruit Cleopatra",
        "leader-wonder:Cleopatra:1:2": (
            "Wonder stage with leader Cleopatra (1 coin to left, 2 coins to right)"
        ),
        "leader-discard:Cleopatra": "Discard leader Cleopatra for 3 coins",
        "copy:Cleopatra": "Place the Courtesan on Cleopatra (copy its effect)",
        "leader-pass": "Recruit no leader now (Roma)",
    }
    for text, words in texts.items():
        move = C.parse_move(text)
        assert str(move) == text and C.describe_move(None, move) == words
    with pytest.raises(IllegalMove, match="Unknown leader"):
        C.parse_move("recruit:Cicero")
