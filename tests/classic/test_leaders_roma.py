"""Roma, the board of the Leaders box (leaders.yaml `wonders`), and tricky cases 4 and 5."""

from __future__ import annotations

import random

import pytest

from engine import classic as C
from engine.classic.data import BASE_BOARD_COUNT, BOARD_INDEX
from engine.classic.state import LEAD, PICK
from tests.classic.leaders_kit import coins, moves, pos, turn

ROMA = {"wonder": "Roma"}


def test_roma_a_recruits_every_leader_for_free() -> None:
    s = pos([dict(ROMA, lead=["Cleopatra"], coins=0)], recruit=True)
    assert "recruit:Cleopatra" in moves(s, 0)
    assert coins(turn(s, {0: "recruit:Cleopatra"})) == 0


def test_case_04_roma_b_neighbour_recruits_a_one_coin_leader_for_nothing() -> None:
    s = pos(
        [dict(ROMA, side="B", lead=["Cleopatra"]), {"lead": ["Sappho"], "coins": 0}],
        recruit=True,
    )
    assert "recruit:Sappho" in moves(s, 1)  # 1 - 1 = 0 for Roma B's neighbour
    v = C.view(s, 0).leaders
    assert v is not None and v.mine[0].price == 4 - 2  # Cleopatra costs 4
    s = turn(s, {0: "recruit:Cleopatra", 1: "recruit:Sappho"})
    assert coins(s) == 3 - 2 and coins(s, 1) == 0


def test_case_05_roma_a_may_still_discard_a_leader_for_three_coins() -> None:
    s = pos([dict(ROMA, lead=["Cleopatra"])], recruit=True)
    assert coins(turn(s, {0: "leader-discard:Cleopatra"})) == 6


def test_roma_b_stage_one_pays_five_coins_and_draws_four_leaders() -> None:
    seat = dict(ROMA, side="B", built=["Lumber Yard", "Clay Pool"], hand=["Altar", "Baths"])
    s = pos([seat])
    deck = s.leaders.deck
    s = turn(s, {0: "wonder:Altar:0:0"})
    assert coins(s) == 3 + 5 and s.leaders.held[0] == deck[:4] and s.leaders.deck == deck[4:]


def test_roma_b_stage_two_recruits_at_the_end_of_the_turn_or_passes() -> None:
    seat = dict(ROMA, side="B", stages_built=1, lead=["Nefertiti", "Zenobia"], coins=4)
    seat |= {"built": ["Stone Pit", "Clay Pool", "Loom"], "hand": ["Altar", "Baths"]}
    s = turn(pos([seat]), {0: "wonder:Altar:0:0"})
    assert s.phase == LEAD and C.to_act(s) == frozenset({0})
    assert moves(s, 0) == {"recruit:Nefertiti", "recruit:Zenobia", "leader-pass"}
    got, _ = C.apply(s, 0, C.parse_move("recruit:Nefertiti"))
    assert got.phase == PICK and got.turn == 2 and coins(got) == 4 - 1
    assert C.scores(got)[0].leaders == 4
    passed, _ = C.apply(s, 0, C.parse_move("leader-pass"))
    assert passed.phase == PICK and coins(passed) == 4 and not passed.leaders.recruited[0]


def test_roma_is_dealt_only_with_leaders() -> None:
    roma = BOARD_INDEX["Roma"]
    assert roma >= BASE_BOARD_COUNT  # after the base (and Cities') boards: base ids unchanged
    dealt_base = {
        b.board for seed in range(40) for b in C.new_game(C.Config(players=7), seed).cities
    }
    assert roma not in dealt_base
    cities = C.Config(players=7, expansions=("cities",))
    assert all(c.board != roma for seed in range(20) for c in C.new_game(cities, seed).cities)
    lead = C.Config(players=7, expansions=("leaders",))
    assert any(c.board == roma for seed in range(20) for c in C.new_game(lead, seed).cities)
    with pytest.raises(ValueError, match="only with the Leaders"):
        C.Config(players=3, wonders=["Roma", "Gizah", "Rhodos"])


def test_random_games_with_roma_b_keep_every_leader_once() -> None:
    boards = ["Roma", "Gizah", "Rhodos", "Babylon"]
    for seed in range(25):
        cfg = C.Config(players=4, wonders=boards, sides="B", expansions=("leaders",))
        s = C.new_game(cfg, seed)
        rng = random.Random(seed)
        while acting := sorted(C.to_act(s)):
            for seat in acting:
                s, _ = C.apply(s, seat, rng.choice(C.legal_moves(s, seat)))
        lead = s.leaders
        every = list(lead.deck) + [
            x for part in (lead.held, lead.recruited, lead.spent) for r in part for x in r
        ]
        assert sorted(every) == list(range(36))
        assert C.outcome(s) is not None
