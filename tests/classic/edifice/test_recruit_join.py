"""Rules 2.5 [E]: a wonder stage built with a leader in a Leaders recruitment turn is a wonder
stage, so it offers the join of the Age's Edifice project like a stage of a pick turn (the
recruitment turn runs the plug-ins' per-build hook, ``Plugin.sees_step_builds``); the Age is
dealt once the join is decided. Games stored before rules classic-5 replay without it."""

from __future__ import annotations

import random
from typing import Any

from engine import classic as C
from engine.ai import make_agent
from engine.classic.state import LEAD, PICK
from tests.classic.edifice.kit import edifice
from tests.classic.leaders_kit import moves, pos, turn

#: Rhodos A's first stage costs 2 wood: Croesus tucked under it (rules: a leader-wonder).
BUILDER = {"lead": ["Croesus"], "built": ["Lumber Yard", "Timber Yard"], "coins": 4}
STAGE = "leader-wonder:Croesus:0:0"


def _recruitment(age: int = 1, **edifice_keys: Any) -> C.State:
    projects = {"projects": ["Money Changer", "Auction House", "Gold Reserves"], "left": [2, 2, 2]}
    more = {"expansions": ["edifice"], "edifice": {**projects, **edifice_keys}}
    return pos([BUILDER], age=age, recruit=True, more=more)


def test_rule_2_5_a_stage_built_with_a_leader_offers_the_join() -> None:
    s = turn(_recruitment(), {0: STAGE})
    assert s.phase != LEAD and C.to_act(s) == {0}, "the join step before Age I is dealt"
    assert moves(s, 0) == {"edifice:MoneyChanger:0:0", "edifice-pass:MoneyChanger"}
    assert s.cities[0].stages == 1 and s.turn == 0 and not any(s.hands)
    before = s.cities[0].coins
    s, events = C.apply(s, 0, C.parse_move("edifice:MoneyChanger:0:0"))
    assert edifice(s).pawns[0] == (1, 0, 0) and edifice(s).left[0] == 1
    assert s.cities[0].coins == before - 1
    assert any(e.kind == "edifice_joined" for e in events)
    assert s.phase == PICK and s.turn == 1 and all(len(h) == 7 for h in s.hands)


def test_rule_2_5_declining_deals_the_age_without_a_pawn() -> None:
    s = turn(_recruitment(age=2), {0: STAGE})
    assert moves(s, 0) == {"edifice:AuctionHouse:0:0", "edifice-pass:AuctionHouse"}
    s, _ = C.apply(s, 0, C.parse_move("edifice-pass:AuctionHouse"))
    assert edifice(s).pawns[1] == (0, 0, 0) and edifice(s).left[1] == 2
    assert s.phase == PICK and s.age == 2 and s.turn == 1 and all(s.hands)


def test_rule_2_5_the_last_pawn_from_a_recruitment_completes_at_once() -> None:
    s = turn(_recruitment(left=[1, 2, 2]), {0: STAGE})
    coins = s.cities[0].coins
    s, events = C.apply(s, 0, C.parse_move("edifice:MoneyChanger:0:0"))
    assert any(e.kind == "edifice_completed" for e in events)
    assert s.cities[0].coins == coins - 1 + 4  # Money Changer: 4 coins, before Age I's turn 1


def test_rule_2_5_once_per_age_a_seat_with_a_pawn_is_not_asked() -> None:
    s = turn(_recruitment(age=2, pawns=[[0] * 3, [1, 0, 0], [0] * 3]), {0: STAGE})
    assert s.phase == PICK and s.turn == 1, "no join step: the Age is dealt at once"


def test_rule_2_5_games_stored_before_classic_4_deal_the_age_at_once() -> None:
    s = _recruitment()
    s = s._replace(leaders=s.leaders._replace(old_recruit=True))
    s = turn(s, {0: STAGE})
    assert s.phase == PICK and s.turn == 1 and edifice(s).offers == ()


def test_rule_2_5_the_ai_joins_from_a_recruitment_turn() -> None:
    s = turn(_recruitment(left=[1, 2, 2]), {0: STAGE})
    agent = make_agent("classic", "heuristic")
    got = agent.choose(C.view(s, 0), C.legal_moves(s, 0), random.Random(0))
    assert str(got) == "edifice:MoneyChanger:0:0"  # the last pawn of a 4-coin reward
    s, _ = C.apply(s, 0, got)
    assert s.phase == PICK and s.turn == 1
