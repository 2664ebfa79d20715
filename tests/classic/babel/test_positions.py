"""Babel in positions: a dumped position loads back with its tower, tiles and project (random
positions of random games), a seat's view gives the search a state with Babel's public parts
and nothing hidden (other seats' tiles, the box, later Ages' projects are sampled from what
the seat has not seen), and the search AI plays Babel positions."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import classic as C
from engine.ai import make_agent
from engine.ai.classic_search import SearchAgent
from engine.classic.babel.data import PROJECTS, PROJECTS_BY_AGE
from engine.classic.babel.projects_state import Projects
from engine.classic.babel.tower_state import Tower
from engine.classic.data import CARDS
from engine.classic.state import PHASES, PICK, State
from engine.common import EngineError
from tests.classic.babel.kit import BOTH, projects, tower, with_projects, with_tower

POSITION_PHASES = ("pick", "seventh", "discard_build")
KINDS = [(4, BOTH), (5, (*BOTH, "leaders")), (3, ("cities", *BOTH)), (7, ("babel-tower",))]


def _states(players: int, expansions: tuple[str, ...], seed: int) -> Iterator[State]:
    """Every position-phase state of one random game (joins chosen often, tiles now and
    then)."""
    rng = random.Random(seed)
    s = C.new_game(C.Config(players=players, expansions=expansions), seed)
    while C.to_act(s):
        if PHASES[s.phase] in POSITION_PHASES:
            yield s
        for seat in sorted(C.to_act(s)):
            moves = C.legal_moves(s, seat)
            tiles = [m for m in moves if m.action == "tile"]
            joins = [m for m in moves if m.action == "join"]
            pool = joins if joins and rng.random() < 0.7 else [m for m in moves if m not in tiles]
            pool = tiles if tiles and rng.random() < 0.06 else pool
            s, _ = C.apply(s, seat, pool[rng.randrange(len(pool))])


def _tower(s: State) -> Tower | None:
    """The Tower as positions keep it (``resume`` is read by the tile draft only)."""
    return tower(s)._replace(resume=PICK) if "babel-tower" in C.dump(s) else None


def _projects(s: State) -> Projects | None:
    """The projects as positions keep them (offers of an earlier turn are void)."""
    if "babel-projects" not in C.dump(s):
        return None
    p = projects(s)
    return p if p.stamp == (s.age, s.turn) else p._replace(offers=(), stamp=(0, 0))


@pytest.mark.parametrize(("players", "expansions"), KINDS)
def test_random_babel_positions_round_trip(players: int, expansions: tuple[str, ...]) -> None:
    seen = 0
    for s in _states(players, expansions, seed=players):
        pos = C.dump_position(s)
        again = C.load_position(pos)
        assert C.dump_position(again) == pos
        assert (_tower(again), _projects(again)) == (_tower(s), _projects(s))
        for seat in C.to_act(s):  # the laws in force and the tiles give the same moves
            assert C.legal_moves(again, seat) == C.legal_moves(s, seat)
        assert C.scores(again) == C.scores(s)
        seen += 1
    assert seen >= 18


def _mid_game() -> State:
    """A 5-player pick turn of Age II with tiles built, a project joined and a tile left to
    seat 0 (the first such turn of the first seeded game that has one)."""
    for seed in range(20):
        for s in _states(5, BOTH, seed):
            t, p = tower(s), projects(s)
            if s.age == 2 and s.phase == PICK and t.placed and any(p.tokens) and t.hands[0]:
                return s
    raise AssertionError("no such turn in 20 games")


def _hide_otherwise(s: State) -> State:
    """``s`` with what seat 0 cannot know changed: the other seats' unbuilt tiles swapped
    with the box's, and other projects for the later Ages."""
    t = tower(s)
    pool = [x for h in t.hands[1:] for x in h] + list(t.box)
    pool = pool[len(pool) // 2 :] + pool[: len(pool) // 2]
    hands = [t.hands[0]]
    for h in t.hands[1:]:
        hands.append(tuple(sorted(pool[: len(h)])))
        pool = pool[len(h) :]
    p = projects(s)
    later = tuple(
        pid if a <= s.age else next(x for x in PROJECTS_BY_AGE[a] if x != pid)
        for a, pid in enumerate(p.order, start=1)
    )
    s = with_tower(s, hands=tuple(hands), box=tuple(sorted(pool)))
    return with_projects(s, order=later)


def test_state_from_view_leaks_no_hidden_tile_or_later_project() -> None:
    s = _mid_game()
    other = _hide_otherwise(s)
    assert tower(other).hands[1:] != tower(s).hands[1:]
    assert projects(other).order[2] != projects(s).order[2]
    assert C.view(other, 0) == C.view(s, 0)  # the same for the seat ...
    hands = {k: [CARDS[c].name for c in s.hands[k]] for k in range(1, 5)}
    for seed in range(5):  # ... so the same samples
        a = C.state_from_view(C.view(s, 0), hands, seed=seed)
        b = C.state_from_view(C.view(other, 0), hands, seed=seed)
        assert C.dump_position(a) == C.dump_position(b)


def test_state_from_view_keeps_the_public_parts_and_samples_the_rest() -> None:
    s = _mid_game()
    t, p = tower(s), projects(s)
    seen_by_0 = set(t.hands[0]) | {x for b in t.built for x in b}
    samples = [C.state_from_view(C.view(s, 0), seed=seed) for seed in range(8)]
    for got in samples:
        gt, gp = tower(got), projects(got)
        assert (gt.spaces, gt.built, gt.placed, gt.hands[0]) == (
            t.spaces,
            t.built,
            t.placed,
            t.hands[0],
        )
        assert [len(h) for h in gt.hands] == [len(h) for h in t.hands]
        sampled = {x for h in gt.hands[1:] for x in h} | set(gt.box)
        assert not sampled & seen_by_0 and len(sampled | seen_by_0) == 24
        assert gp._replace(order=p.order) == _projects(s)
        assert gp.order[s.age - 1] == p.order[s.age - 1]
        assert C.legal_moves(got, 0) == C.legal_moves(s, 0)  # the laws in force are known
    # Samples differ where the seat cannot know (the other seats' tiles, Age III's project).
    assert len({tower(g).hands[1:] for g in samples}) > 1
    assert len({projects(g).order[2] for g in samples}) > 1


def test_babel_steps_are_not_position_phases() -> None:
    pos = C.dump_position(_mid_game())
    for phase, why in (("babel_join", "join step"), ("babel_draft", "tile draft")):
        with pytest.raises(EngineError, match=why):
            C.load_position(pos | {"phase": phase})


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d["babel-tower"]["hands"][0].append(99), "no Babel tile 99"),
        (lambda d: d["babel-tower"]["box"].extend(d["babel-tower"]["hands"][1]), "one place"),
        (lambda d: d["babel-tower"]["placed"].pop(), "exactly the tiles built"),
        (lambda d: d["babel-projects"]["projects"].reverse(), "not a project of Age 1"),
        (lambda d: d["babel-projects"]["held"][0].append("wand"), "unknown reward tokens"),
    ],
)
def test_wrong_babel_positions_are_refused(change: object, why: str) -> None:
    pos = C.dump_position(_mid_game())
    change(pos)  # type: ignore[operator]
    with pytest.raises(EngineError, match=why):
        C.load_position(pos)


def test_position_without_babel_keys_deals_them_from_its_seed() -> None:
    seats = [{"hand": ["Loom", "Glassworks", "Press"]} for _ in range(4)]
    s = C.load_position({"seats": seats, "expansions": list(BOTH), "seed": 5, "turn": 5})
    t, p = tower(s), projects(s)
    assert [len(h) for h in t.hands] == [3] * 4 and len(t.box) == 12 and not t.placed
    assert p.left == 3 and PROJECTS[p.order[0]].age == 1


def test_search_agent_samples_and_plays_babel_positions() -> None:
    s = _mid_game()
    view = C.view(s, 0)
    sampled = SearchAgent()._sample(view, random.Random(0))
    assert tower(sampled).placed == tower(s).placed  # sampled as a Babel game
    agent = make_agent("classic", "search", ms=150)
    assert agent.choose(view, C.legal_moves(s, 0), random.Random(0)) in C.legal_moves(s, 0)


def test_position_from_a_view_in_the_tile_draft_is_refused() -> None:
    s = C.new_game(C.Config(players=4, expansions=BOTH), 0)
    with pytest.raises(EngineError, match="tile draft"):
        C.state_from_view(C.view(s, 0))
