"""Edifice rules (reference/edifice/rules.md §1-3) and a named test per tricky case of §7."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine import classic as C
from engine.classic.data import BOARDS
from engine.classic.edifice.data import DECISIONS, PROJECTS
from engine.classic.edifice.plugin import EDIFICE
from engine.classic.edifice.rules import JOIN_PHASE
from engine.classic.edifice.state import DONE, FAILED, OPEN
from engine.classic.plugin import board_pool, for_config
from engine.common import IllegalMove
from tests.classic.edifice.kit import card, edifice, move, pid, play_turn, table, with_edifice

HAND = ["Lumber Yard", "Stone Pit", "Clay Pool"]
ORE = ["Foundry"]  # 2 ore
STONE = ["Quarry"]  # 2 stone


def _three(**seat0: object) -> list[dict[str, object]]:
    base = {"hand": HAND, "coins": 5}
    return [{**base, **seat0}, dict(base), dict(base)]


# --- set-up and options (rules 1, 5) ---------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_setup_draws_one_project_per_age_with_pawns_by_player_count(players: int) -> None:
    s = C.new_game(C.Config(players=players, expansions=("edifice",)), 11)
    e = edifice(s)
    assert [PROJECTS[p].age for p in e.order] == [1, 2, 3]
    assert e.left == (DECISIONS["pawns"][players],) * 3 and e.status == (OPEN,) * 3


def test_same_seed_deals_the_same_cards_with_or_without_edifice() -> None:
    plain = C.new_game(C.Config(players=4), 5)
    ed = C.new_game(C.Config(players=4, expansions=("edifice",)), 5)
    assert plain.hands == ed.hands and plain.cities == ed.cities


def test_two_players_refused_with_reason() -> None:
    with pytest.raises(ValueError, match="3 to 7 players"):
        C.Config(players=2, expansions=("edifice",))


def test_babel_refused_with_reason() -> None:
    config = SimpleNamespace(players=4, expansions=("babel-projects", "edifice"))
    with pytest.raises(ValueError, match="Edifice and Babel are not played together"):
        EDIFICE.check_config(config)


def test_combines_with_leaders_and_cities() -> None:
    config = C.Config(players=4, expansions=("cities", "leaders", "edifice"))
    assert edifice(C.new_game(config, 3)).left == (3, 3, 3)


# --- joining (rules 2) -------------------------------------------------------------------------


def test_wonder_stage_opens_the_join_step_and_joining_pays_the_cost() -> None:
    s = table(_three(built=["Lumber Yard", "Sawmill"]))  # Rhodos A: stage 1 costs 2 wood
    s = play_turn(s, {0: "wonder:LumberYard:0:0", 1: "discard:LumberYard", 2: "discard:LumberYard"})
    assert s.phase == JOIN_PHASE and C.to_act(s) == frozenset({0})
    texts = [str(m) for m in C.legal_moves(s, 0)]
    assert texts == ["edifice:MoneyChanger:0:0", "edifice-pass:MoneyChanger"]
    coins = s.cities[0].coins
    s, events = C.apply(s, 0, move("edifice:MoneyChanger:0:0"))
    assert s.cities[0].coins == coins - 1 and edifice(s).pawns[0] == (1, 0, 0)
    assert edifice(s).left[0] == 1 and s.turn == 2 and s.phase == C.state.PICK
    assert any(ev.kind == "edifice_joined" for ev in events)


def test_passing_keeps_coins_and_pawns() -> None:
    s = table(_three(built=["Lumber Yard", "Sawmill"]))
    s = play_turn(s, {0: "wonder:LumberYard:0:0"})
    coins = s.cities[0].coins
    s = play_turn(s, {0: "edifice-pass:MoneyChanger"})
    assert s.cities[0].coins == coins and edifice(s).pawns[0] == (0, 0, 0)


def test_build_or_discard_opens_no_join_and_a_join_move_is_refused() -> None:
    s = table(_three())
    with pytest.raises(IllegalMove, match="right after building a wonder stage"):
        C.apply(s, 0, move("edifice:MoneyChanger:0:0"))
    s = play_turn(s, {0: "build:LumberYard:0:0"})
    assert s.phase == C.state.PICK and s.turn == 2


def test_a_seat_that_cannot_pay_is_not_asked() -> None:
    s = table(_three(built=["Lumber Yard", "Sawmill"], coins=0))
    s = play_turn(s, {0: "wonder:LumberYard:0:0"})
    assert s.phase == C.state.PICK and s.turn == 2


def test_only_the_current_ages_project_can_be_joined() -> None:
    s = table(_three(built=["Lumber Yard", "Sawmill"]))
    s = play_turn(s, {0: "wonder:LumberYard:0:0"})
    with pytest.raises(IllegalMove, match="this Age is Money Changer"):
        C.apply(s, 0, move("edifice:AuctionHouse:0:0"))


def test_same_turn_joiners_past_the_last_pawn_take_pawns_from_the_box() -> None:
    seats = [
        {
            "hand": HAND,
            "coins": 5,
            "built": ["Lumber Yard", "Sawmill", "Clay Pool", "Brickyard", "Stone Pit", "Quarry"],
        }
        for _ in range(3)
    ]
    s = table(seats, wonders=["Rhodos", "Alexandria", "Gizah"])
    s = with_edifice(s, left=(1, 2, 2))
    s = play_turn(s, {i: "wonder:LumberYard:0:0" for i in range(3)})
    assert C.to_act(s) == frozenset({0, 1, 2})
    s = play_turn(s, {i: "edifice:MoneyChanger:0:0" for i in range(3)})
    e = edifice(s)
    assert e.pawns[0] == (1, 1, 1) and e.left[0] == 0 and e.status[0] == DONE


# --- §7 tricky cases ---------------------------------------------------------------------------


def test_case1_halikarnassos_stage_also_joins_the_project() -> None:
    s = table(
        _three(built=ORE),
        wonders=["Halikarnassos", "Rhodos", "Alexandria"],
        sides="B",
    )
    s = s._replace(discard=(card("Altar"),))
    s = play_turn(s, {0: "wonder:LumberYard:0:0"})
    assert s.phase == C.state.HALI and C.to_act(s) == frozenset({0})
    s = play_turn(s, {0: "salvage:Altar"})
    assert s.phase == JOIN_PHASE and C.to_act(s) == frozenset({0})
    s = play_turn(s, {0: "edifice:MoneyChanger:0:0"})
    assert edifice(s).pawns[0][0] == 1 and card("Altar") in s.cities[0].built


def test_case2_second_stage_in_the_same_age_takes_no_second_pawn() -> None:
    s = table(_three(built=["Lumber Yard", "Sawmill", "Clay Pool", "Brickyard"]))
    s = with_edifice(s, pawns=((1, 0, 0), (0, 0, 0), (0, 0, 0)), left=(1, 3, 3))
    s = play_turn(s, {0: "wonder:LumberYard:0:0"})  # Rhodos A stage 1 (2 wood)
    assert s.phase == C.state.PICK and s.turn == 2 and edifice(s).pawns[0] == (1, 0, 0)


def test_case3_last_pawn_rewards_at_once_and_the_coins_are_usable_next_turn() -> None:
    s = table(_three(built=["Lumber Yard", "Sawmill"], coins=1))
    s = with_edifice(s, pawns=((0, 1, 0), (0, 0, 0), (0, 0, 0)), left=(1, 2, 2))
    before = s.cities[1].coins
    s = play_turn(s, {0: "wonder:LumberYard:0:0"})
    s, events = C.apply(s, 0, move("edifice:MoneyChanger:0:0"))
    e = edifice(s)
    assert e.status[0] == DONE and s.age == 1 and s.turn == 2
    assert s.cities[0].coins == 1 - 1 + 4 and s.cities[1].coins == before + 4
    assert any(ev.kind == "edifice_completed" for ev in events)
    # four coins now: Seat 0 can buy what it could not before the reward
    assert any(m.action == "build" for m in C.legal_moves(s, 0))


def test_case4_discard_penalty_without_such_a_card_is_a_debt_token() -> None:
    seats = [
        {"hand": ["Altar", "Theater"], "built": ["Ore Vein"], "coins": 3},  # grey? no: brown
        {"hand": ["Altar", "Theater"], "built": ["Loom"], "coins": 3},  # a grey card
        {"hand": ["Altar", "Theater"], "coins": 3},
    ]
    s = table(seats, turn=6, projects=("Curtain Wall", "Auction House", "Gold Reserves"))
    s = play_turn(s, {i: "discard:Altar" for i in range(3)})
    e = edifice(s)
    assert e.status[0] == FAILED and s.age == 2
    assert e.debt == ((-2,), (), (-2,))
    assert card("Loom") not in s.cities[1].built and card("Loom") in s.discard


def test_unpayable_coin_penalty_is_the_whole_debt_token_no_partial_payment() -> None:
    seats = [{"hand": ["Altar", "Theater"], "coins": c} for c in (1, 6, 9)]
    s = table(seats, age=3, turn=6)  # Gold Reserves: lose 9 coins (after the sales' +3)
    s = play_turn(s, {i: "discard:Altar" for i in range(3)})
    e = edifice(s)
    assert e.debt == ((-5,), (), ())
    assert [c.coins for c in s.cities] == [1 + 3, 6 + 3 - 9, 9 + 3 - 9]


def test_case5_military_school_removes_defeat_tokens_held_now() -> None:
    s = table(
        _three(built=["Lumber Yard", "Sawmill"], coins=9, tokens=(-1, 3, -1)),
        age=3,
        projects=("Money Changer", "Auction House", "Military School"),
    )
    s = with_edifice(s, left=(2, 2, 1))
    s = play_turn(s, {0: "wonder:LumberYard:0:0"})
    s = play_turn(s, {0: "edifice:MilitarySchool:0:0"})
    assert edifice(s).status[2] == DONE
    assert sorted(s.cities[0].tokens) == [3, 5]


def test_case6_agora_without_a_guild_scores_nothing_with_one_twice() -> None:
    s = table(_three(), age=3, projects=("Money Changer", "Auction House", "Agora"))
    s = with_edifice(
        s, pawns=((0,) * 3, (0,) * 3, (1, 1, 0)), left=(2, 2, 0), status=(FAILED, FAILED, DONE)
    )
    cities = list(s.cities)
    cities[1] = cities[1]._replace(built=(card("Workers Guild"), card("Ore Vein")))
    cities[2] = cities[1]
    s = s._replace(cities=tuple(cities))
    scores = C.scores(s)
    assert scores[0].edifices == 0
    assert scores[1].guilds > 0 and scores[1].edifices == scores[1].guilds
    assert scores[2].edifices == 0  # no pawn on Agora


def test_case7_olympia_free_build_is_not_a_stage_and_cannot_join() -> None:
    s = table(_three(stages=2), wonders=["Olympia", "Rhodos", "Alexandria"])
    frees = [m for m in C.legal_moves(s, 0) if m.action == "free"]
    assert frees
    s = play_turn(s, {0: str(frees[0])})
    assert s.phase == C.state.PICK and s.turn == 2 and edifice(s).pawns[0] == (0, 0, 0)


def test_case8_ur_and_carthage_are_not_dealt() -> None:
    config = C.Config(players=4, expansions=("edifice",))
    names = {BOARDS[b].city for b in board_pool(for_config(config))}
    assert "Ur" not in names and "Carthage" not in names


# --- rewards, penalties and the score row (rules 3) ---------------------------------------------


def test_penalty_comes_before_the_ages_conflicts() -> None:
    seats = [
        {"hand": ["Altar", "Theater"], "tokens": (1, 3), "built": ["Barracks"]},
        {"hand": ["Altar", "Theater"], "tokens": (1, 3)},
        {"hand": ["Altar", "Theater"], "tokens": (1, 3)},
    ]
    s = table(
        seats, age=3, turn=6, projects=("Money Changer", "Auction House", "Concentric Castle")
    )
    s = play_turn(s, {i: "discard:Altar" for i in range(3)})
    assert s.phase == C.state.OVER
    # the two victory tokens went first, then Seat 0 won both Age III conflicts
    assert sorted(s.cities[0].tokens) == [5, 5]
    assert sorted(s.cities[1].tokens) == [-1]


def test_concentric_castle_shields_count_in_conflicts() -> None:
    seats = [{"hand": ["Altar", "Theater"]} for _ in range(3)]
    s = table(
        seats, age=3, turn=6, projects=("Money Changer", "Auction House", "Concentric Castle")
    )
    s = with_edifice(
        s, pawns=((0,) * 3, (0,) * 3, (1, 1, 0)), left=(2, 2, 0), status=(FAILED, FAILED, DONE)
    )
    s = play_turn(s, {i: "discard:Altar" for i in range(3)})
    assert sorted(s.cities[2].tokens) == [-1, -1]


def test_edifices_row_holds_end_of_game_rewards_and_debt() -> None:
    s = table(_three(stages=2), projects=("Belvedere", "Auction House", "Gold Reserves"))
    s = with_edifice(
        s,
        pawns=((1, 0, 0), (0,) * 3, (0,) * 3),
        left=(0, 2, 2),
        status=(DONE, OPEN, OPEN),
        debt=((-3,), (), ()),
    )
    sc = C.scores(s)[0]
    assert sc.edifices == 2 - 3


def test_edifice_debt_is_separate_from_cities_debt() -> None:
    seats = [{"hand": ["Altar", "Theater", "Baths"], "coins": 0} for _ in range(3)]
    s = table(seats, expansions=("cities", "edifice"))
    s = with_edifice(s, debt=((-2,), (), ()))
    sc = C.scores(s)[0]
    assert sc.edifices == -2 and sc.debt == 0


def test_view_shows_the_three_projects_pawns_and_confirmed_false() -> None:
    s = table(_three())
    v = C.view(s, 0)
    assert v.edifice is not None
    assert [p.name for p in v.edifice.projects] == [
        "Money Changer",
        "Auction House",
        "Gold Reserves",
    ]
    assert [p.status for p in v.edifice.projects] == ["open", "waiting", "waiting"]
    assert not any(p.confirmed for p in v.edifice.projects)
    assert v.edifice.projects[0].pawns_left == 2 and pid("Money Changer") == 0
