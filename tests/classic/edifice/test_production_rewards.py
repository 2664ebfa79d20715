"""River Port and Factory (Age II, reference/edifice/edifice.yaml ``produces_one_of``): a
completed project gives each pawn holder a one-of production for the rest of the game, through
the production hook (engine.classic.production) from rules classic-4."""

from __future__ import annotations

import random

import pytest

from engine import classic as C
from engine.ai import make_agent
from engine.ai.hint import hint
from engine.classic.data import RESOURCES
from engine.classic.edifice import rules
from engine.classic.edifice.data import DECISIONS
from engine.classic.edifice.state import DONE, FAILED
from engine.classic.values import ProductionChange
from engine.common import EngineError
from tests.classic.edifice.kit import card, edifice, move, pid, play_turn, table, with_edifice

RAW = ("wood", "stone", "ore", "clay")
GOODS = ("glass", "papyrus", "loom")
# Rhodos (seat 0) owns a stage paid by Lumber Yard + Sawmill, and 1 clay (Clay Pool).
SEATS = [
    {"hand": ["Lumber Yard", "Forum", "Loom"], "coins": 5, "built": ["Sawmill", "Clay Pool"]},
    {"hand": ["Lumber Yard", "Forum", "Loom"], "coins": 5},
    {"hand": ["Lumber Yard", "Forum", "Loom"], "coins": 5},
]
DISCARDS = {1: "discard:LumberYard", 2: "discard:LumberYard"}


def _one_of(names: tuple[str, ...], sold: bool = False) -> ProductionChange:
    return ProductionChange(tuple(sorted(RESOURCES.index(r) for r in names)), False, sold)


def _last_pawn(project: str) -> C.State:
    """Age II, turn 1: Ephesos holds a pawn of ``project`` and one pawn is left; Rhodos builds
    its first stage and joins with the last pawn."""
    s = table(SEATS, age=2, projects=("Money Changer", project, "Gold Reserves"))
    s = with_edifice(s, pawns=((0, 0, 0), (0, 1, 0), (0, 0, 0)), left=(2, 1, 2))
    s = play_turn(s, {0: "wonder:LumberYard:0:0", **DISCARDS})
    assert C.to_act(s) == frozenset({0})
    s, events = C.apply(s, 0, move(f"edifice:{project.replace(' ', '')}:0:0"))
    assert any(e.kind == "edifice_completed" for e in events)
    return s


def test_a_completed_river_port_gives_each_pawn_holder_a_raw_resource_each_turn() -> None:
    s = _last_pawn("River Port")
    assert edifice(s).status[1] == DONE and s.turn == 2
    assert s.cities[0].prod == s.cities[1].prod == (_one_of(RAW),)
    assert s.cities[2].prod == ()
    mine = C.view(s, 0).cities[0]
    assert sorted(RAW) == sorted(mine.production.choices[-1])
    assert all(sorted(ch) != sorted(RAW) for ch in mine.sells.choices)  # for its own use only
    assert mine.production_changes[0].text == "+ one of wood/stone/clay/ore each turn"


def test_the_production_pays_costs_from_the_next_turn() -> None:
    s = _last_pawn("River Port")
    assert card("Forum") in s.hands[0]  # every hand held Forum
    assert move("build:Forum:0:0") in C.legal_moves(s, 0)  # Clay Pool + River Port's clay
    without = s._replace(cities=(s.cities[0]._replace(prod=()), *s.cities[1:]))
    assert move("build:Forum:0:0") not in C.legal_moves(without, 0)


def test_a_completed_factory_gives_a_manufactured_good_each_turn() -> None:
    s = _last_pawn("Factory")
    assert s.cities[0].prod == s.cities[1].prod == (_one_of(GOODS),)
    assert sorted(GOODS) == sorted(C.view(s, 1).cities[1].production.choices[-1])


def test_neighbours_may_buy_it_only_under_the_other_reading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(DECISIONS, "reward_production_sold", True)
    s = _last_pawn("Factory")
    assert s.cities[0].prod == (_one_of(GOODS, sold=True),)
    assert [sorted(ch) for ch in C.view(s, 2).cities[0].sells.choices] == [sorted(GOODS)]


def test_a_failed_river_port_gives_nothing_and_punishes_those_without_a_pawn() -> None:
    s = table(SEATS, age=2, projects=("Money Changer", "River Port", "Gold Reserves"))
    s = with_edifice(s, pawns=((0, 0, 0), (0, 1, 0), (0, 0, 0)), left=(2, 1, 2))
    s, e = rules.age_end(s, edifice(s), (0, 1, 2), [])
    assert e.status[1] == FAILED and all(c.prod == () for c in s.cities)
    assert e.debt == ((-3,), (), (-3,))  # no blue card to discard: the Age II debt token


def test_games_stored_under_classic_3_never_draw_river_port_or_factory() -> None:
    """Seed 0 draws Factory in Age II now; a game stored under classic-3 drew Amphitheater
    (recorded from that engine: tests/classic/classic3_games.json replays it)."""
    names = {pid("River Port"), pid("Factory")}
    new = edifice(C.new_game(C.Config(players=4, expansions=("edifice",)), 0)).order
    old_config = C.Config(players=4, expansions=("edifice",), projects_v4=False)
    old = edifice(C.new_game(old_config, 0)).order
    assert new[1] == pid("Factory") and old[1] == pid("Amphitheater")
    drawn = {edifice(C.new_game(old_config, seed)).order[1] for seed in range(60)}
    assert not drawn & names and len(drawn) == 3


def test_the_production_survives_dump_load_positions_and_the_search_sample() -> None:
    s = _last_pawn("River Port")
    assert C.load(C.dump(s)) == s
    again = C.load_position(C.dump_position(s))
    assert [c.prod for c in again.cities] == [c.prod for c in s.cities]
    sampled = C.state_from_view(C.view(s, 2), hands={0: ["Loom"], 1: ["Loom"]})
    assert [c.prod for c in sampled.cities] == [c.prod for c in s.cities]


def test_the_heuristic_takes_the_last_pawn_of_river_port_and_its_hint_says_why() -> None:
    s = table(SEATS, age=2, projects=("Money Changer", "River Port", "Gold Reserves"))
    s = with_edifice(s, pawns=((0, 0, 0), (0, 1, 0), (0, 0, 0)), left=(2, 1, 2))
    s = play_turn(s, {0: "wonder:LumberYard:0:0", **DISCARDS})
    moves = C.legal_moves(s, 0)
    got = make_agent("classic", "heuristic").choose(C.view(s, 0), moves, random.Random(0))
    assert str(got) == "edifice:RiverPort:0:0"
    h = hint("classic", C.view(s, 0), moves, random.Random(0))
    assert h.headline == "Also join River Port"
    assert "produces one of wood/stone/ore/clay each turn" in h.text


def test_a_position_with_an_unknown_resource_is_refused() -> None:
    data = C.dump_position(_last_pawn("River Port"))
    data["seats"][0]["production_changes"] = [{"resources": ["gold"]}]
    with pytest.raises(EngineError, match="unknown resources"):
        C.load_position(data)
