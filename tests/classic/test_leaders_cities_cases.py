"""Tricky cases across Leaders and Cities: Cities rules.md §12 cases 15, 17, 18 and Leaders
rules.md cases 11, 16; leader shields in a conflict reshaped by Diplomacy."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.classic.cities.ext import LAST_TURN
from engine.classic.state import LEAD, PICK
from engine.common import IllegalMove
from tests.classic.leaders_kit import coins, moves, pos, turn

COURT_KIT = ["Lumber Yard", "Clay Pool", "Glassworks", "Loom"]  # wood, clay, glass, loom


def test_cities_case_15_caligula_builds_one_free_black_card_per_age_not_two() -> None:
    me = {"recruited": ["Caligula"], "hand": ["Militia", "Altar"], "coins": 0}
    s = pos([me, {"hand": ["Hideout", "Baths"]}], cities=True)
    s = turn(s, {0: "free:Militia", 1: "discard:Baths"})
    assert s.turn == 2 and C.legal_moves(s, 0) and "Hideout" in str(C.view(s, 0).hand)
    assert "free:Hideout" not in moves(s, 0)
    with pytest.raises(IllegalMove, match="already used Caligula"):
        C.apply(s, 0, C.parse_move("free:Hideout"))


def _end_of_age(seats: list[dict[str, object]]) -> C.State:
    """The last turn of Age I in a Leaders + Cities game: everyone discards, then conflicts."""
    full = [dict(s, hand=["Altar", "Baths"]) for s in seats]
    s = pos(full, cities=True)._replace(turn=LAST_TURN)
    return turn(s, {})


def test_cities_case_17_a_diplomat_with_tomyris_takes_and_gives_no_token() -> None:
    s = _end_of_age(
        [
            {"recruited": ["Tomyris"], "diplomacy": 1},
            {"built": ["Stockade"]},
            {"built": ["Stockade"]},
        ]
    )
    assert s.phase == LEAD and s.age == 2
    assert s.cities[0].tokens == () and s.cx is not None and s.cx.diplomacy == (0, 0, 0)
    assert s.cities[1].tokens == () and s.cities[2].tokens == ()  # equal shields: a draw


def test_cities_case_17_a_diplomat_with_nero_wins_no_coins() -> None:
    s = _end_of_age([{"recruited": ["Nero"], "built": ["Stockade"], "diplomacy": 1}, {}, {}])
    assert s.cities[0].tokens == () and coins(s) == 3 + 3


def test_leader_shields_count_when_diplomacy_reshapes_the_conflicts() -> None:
    # Seat 0 sits out; seats 1 and 2 fight once: Caesar's 2 shields win it.
    s = _end_of_age([{"diplomacy": 1}, {"recruited": ["Caesar"]}, {}])
    assert s.cities[0].tokens == () and s.cities[1].tokens == (1,) and s.cities[2].tokens == (-1,)


def test_leader_effects_of_a_diplomacy_age_still_pay_nero() -> None:
    s = _end_of_age([{"diplomacy": 1}, {"recruited": ["Nero"], "built": ["Stockade"]}, {}])
    assert s.cities[1].tokens == (1,) and coins(s, 1) == 3 + 3 + 2


def test_cities_case_18_courtesans_copying_aspasia_takes_a_diplomacy_token_at_once() -> None:
    me = {"built": COURT_KIT, "hand": ["Courtesans' Guild", "Statue"]}
    s = pos([me, {"recruited": ["Aspasia"]}], age=3, cities=True)
    s = turn(s, {0: "build:CourtesansGuild:0:0"})
    assert s.phase == LEAD and moves(s, 0) == {"copy:Aspasia"}
    s, _ = C.apply(s, 0, C.parse_move("copy:Aspasia"))
    assert s.phase == PICK and s.cx is not None and s.cx.diplomacy[0] == 1
    assert C.scores(s)[0].leaders == 2


def test_leaders_case_11_a_discount_ignores_a_resource_unit_never_coins() -> None:
    # Archimedes (green) does nothing for a black card: Pigeon Loft still needs its ore, and
    # its coin is paid. Gizah and its neighbours Alexandria and Ephesos make no ore.
    seat = {"wonder": "Gizah", "recruited": ["Archimedes"], "hand": ["Pigeon Loft", "Altar"]}
    assert not any(m.startswith("build:PigeonLoft") for m in moves(pos([seat], cities=True), 0))
    ore = pos([dict(seat, built=["Ore Vein"])], cities=True)
    assert coins(turn(ore, {0: "build:PigeonLoft:0:0"})) == 3 - 1
    # Imhotep cannot take a coin off Petra B's 14-coin stage: 13 coins are not enough.
    petra = {"wonder": "Petra", "side": "B", "stages_built": 1, "recruited": ["Imhotep"]}
    short = pos([dict(petra, coins=13)], cities=True)
    assert not any(m.startswith("wonder") for m in moves(short, 0))
    rich = turn(pos([dict(petra, coins=14)], cities=True), {0: "wonder:Altar:0:0"})
    assert rich.cities[0].stages == 2 and coins(rich) == 0


def test_leaders_case_16_imhotep_adds_nothing_to_architect_cabinet() -> None:
    seat = {"built": ["Architect Cabinet"], "hand": ["Altar", "Baths"]}  # Rhodos A: 2 wood
    alone = {m for m in moves(pos([seat], cities=True), 0) if m.startswith("wonder")}
    both = pos([dict(seat, recruited=["Imhotep"])], cities=True)
    assert alone == {m for m in moves(both, 0) if m.startswith("wonder")}
    assert "wonder:Altar:0:0" in alone
    assert turn(both, {0: "wonder:Altar:0:0"}).cities[0].stages == 1


def test_architect_cabinet_frees_a_stage_built_with_a_leader() -> None:
    for extra in ([], ["Imhotep"]):
        seat = {"built": ["Architect Cabinet"], "lead": ["Sappho"], "recruited": extra}
        s = pos([seat], recruit=True, cities=True)
        assert "leader-wonder:Sappho:0:0" in moves(s, 0)
        s = turn(s, {0: "leader-wonder:Sappho:0:0"})
        assert s.cities[0].stages == 1 and coins(s) == 3
