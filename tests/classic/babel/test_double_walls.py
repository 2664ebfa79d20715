"""Double Walls' penalty (reference/babel/babel.yaml ``resource_block``: the wonder board's
starting resource cannot be used), played through the production hook
(engine.classic.production) from rules classic-4; games stored before keep the penalty token."""

from __future__ import annotations

import random

from engine import classic as C
from engine.classic.babel import projects as P
from engine.classic.babel.data import DECISIONS, PROJECTS
from engine.classic.data import BOARD_INDEX, BOARDS, CARDS, RESOURCES
from engine.classic.production import blocked
from engine.classic.state import State
from engine.classic.stats import city_stats
from tests.classic.babel.kit import BOTH, move, projects, table, with_projects

WALLS = next(p.pid for p in PROJECTS if p.name == "Double Walls")
ORE = RESOURCES.index("ore")


def _failed(seats: list[dict[str, object]], **fields: object) -> tuple[State, list[C.Event]]:
    """Rhodos (ore), Ephesos (papyrus), Babylon (clay) at the end of Age I; Double Walls
    failed with one token, Ephesos'."""
    s = table(seats, expansions=("babel-projects",))
    s = with_projects(s, **{"order": (WALLS, 5, 10), "tokens": (0, 1, 0), "left": 1, **fields})
    events: list[C.Event] = []
    s, p = P.age_end(s, projects(s), (0, 1, 2), events)
    return with_projects(s, **p._asdict()), events


def test_a_failed_double_walls_blocks_the_wonders_own_resource_of_non_participants() -> None:
    s, events = _failed([{"hand": ["Barracks"]}, {}, {}])
    assert blocked(s.cities[0]) == (ORE,) and blocked(s.cities[2]) == (RESOURCES.index("clay"),)
    assert s.cities[1].prod == ()  # Ephesos holds a token
    assert projects(s).penalty == (0, 0, 0)  # no penalty token: the block is the penalty
    said = [e.text for e in events if e.kind == "project_blocked"]
    assert said == [
        "Seat 0's ore is blocked by Double Walls: its wonder no longer produces it.",
        "Seat 2's clay is blocked by Double Walls: its wonder no longer produces it.",
    ]
    mine = C.view(s, 0).cities[0]
    assert "ore" not in mine.production.fixed and "ore" not in mine.sells.fixed
    assert [ch.resources for ch in mine.production_changes] == [["ore"]]
    assert mine.production_changes[0].blocked and "blocked" in mine.production_changes[0].text


def test_the_blocked_resource_no_longer_pays_a_cost() -> None:
    seats: list[dict[str, object]] = [{"hand": ["Barracks"], "coins": 3}, {}, {}]
    before = table(seats, expansions=("babel-projects",))
    assert move("build:Barracks:0:0") in C.legal_moves(before, 0)  # Rhodos' own ore
    s, _ = _failed(seats)
    assert not [m for m in C.legal_moves(s, 0) if m.action == "build"]  # no ore around either
    hand = C.view(s, 0).hand_cards
    assert next(h for h in hand if h.name == "Barracks").status == "unaffordable"


def test_neighbours_cannot_buy_the_blocked_resource_either() -> None:
    seats: list[dict[str, object]] = [{}, {"hand": ["Barracks"], "coins": 3}, {}]
    before = table(seats, expansions=("babel-projects",))
    assert move("build:Barracks:2:0") in C.legal_moves(before, 1)  # ore bought from Rhodos
    s, _ = _failed(seats, tokens=(0, 0, 1))  # Babylon joined: Rhodos and Ephesos are blocked
    assert not [m for m in C.legal_moves(s, 1) if m.action == "build"]
    assert DECISIONS["blocked_resource_sold"] is False


def test_cards_producing_the_blocked_resource_still_produce_it() -> None:
    seats: list[dict[str, object]] = [{"hand": ["Barracks"], "built": ["Ore Vein"]}, {}, {}]
    s, _ = _failed(seats)
    assert C.view(s, 0).cities[0].production.fixed["ore"] == 1  # the Ore Vein's, not the board's
    assert move("build:Barracks:0:0") in C.legal_moves(s, 0)


def test_a_board_producing_nothing_takes_the_penalty_token_instead() -> None:
    s = table([{}, {}, {}], expansions=("babel-projects",))
    roma = BOARD_INDEX["Roma"]
    assert BOARDS[roma].resource < 0
    s = s._replace(cities=(s.cities[0]._replace(board=roma), *s.cities[1:]))
    s = with_projects(s, order=(WALLS, 5, 10), tokens=(0, 1, 0), left=1)
    s, p = P.age_end(s, projects(s), (0, 1, 2), [])
    assert s.cities[0].prod == () and p.penalty == (-1, 0, 0)  # Babylon is blocked instead
    assert blocked(s.cities[2]) == (RESOURCES.index("clay"),)


def test_games_stored_under_classic_3_keep_the_penalty_token() -> None:
    s, events = _failed([{}, {}, {}], old_rules=True)
    assert all(c.prod == () for c in s.cities)
    assert projects(s).penalty == (-1, 0, -1)
    assert not [e for e in events if e.kind == "project_blocked"]
    old = C.new_game(C.Config(players=3, expansions=BOTH, projects_v4=False), 1)
    assert projects(old).old_rules and C.dump(old)["babel-projects"]["old_rules"] is True
    view = C.view(s, 0).projects
    assert view is not None and view.penalty.endswith("(this game's rules: a penalty token)")
    new = C.new_game(C.Config(players=3, expansions=BOTH), 1)
    assert not projects(new).old_rules and "old_rules" not in C.dump(new)["babel-projects"]


def test_a_blocked_city_survives_dump_load_and_positions() -> None:
    s, _ = _failed([{"hand": ["Barracks"]}, {}, {}])
    again = C.load(C.dump(s))
    assert again == s and again.cities[0].prod == s.cities[0].prod
    assert C.legal_moves(again, 0) == C.legal_moves(s, 0)
    pos = C.load_position(C.dump_position(s))
    assert [c.prod for c in pos.cities] == [c.prod for c in s.cities]


def test_seeded_games_block_every_non_participant_for_the_rest_of_the_game() -> None:
    """Random 4-player games whose Age I project is Double Walls: once it fails, a seat without
    a token never again produces its board's resource (only its cards' units), to the end."""
    blocked_games = 0
    for seed in range(40):
        s = C.new_game(C.Config(players=4, expansions=BOTH), seed)
        if projects(s).order[0] != WALLS:
            continue
        rng = random.Random(seed)
        joined: set[int] = set()
        failed = False
        while acting := sorted(C.to_act(s)):
            for seat in acting:
                moves = C.legal_moves(s, seat)
                s, events = C.apply(s, seat, moves[rng.randrange(len(moves))])
                for e in events:
                    if e.data.get("project") == "Double Walls":
                        joined |= {e.data["seat"]} if e.kind == "project_joined" else set()
                        failed |= e.kind == "project_end" and not e.data["success"]
            _check_blocks(s)
        hit = [seat for seat, c in enumerate(s.cities) if c.prod]
        assert hit == ([seat for seat in range(4) if seat not in joined] if failed else [])
        blocked_games += bool(hit)
    assert blocked_games >= 2


def _check_blocks(s: State) -> None:
    for c in s.cities:
        if not c.prod:
            continue
        own = BOARDS[c.board].resource
        assert blocked(c) == (own,) and (s.age, s.phase) != (1, C.state.PICK)
        cards = sum(CARDS[cid].effect.produce[own] for cid in c.built)
        st = city_stats(c)
        assert st.fixed[own] == cards and st.sell_fixed[own] == cards
