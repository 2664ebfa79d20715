"""The AIs with the Leaders expansion: every level plays it; the search samples leader hands
consistently with what its seat saw in the draft."""

from __future__ import annotations

import random

import pytest

from engine import classic as C
from engine.ai.arena import play_game
from engine.ai.classic_leaders import sample_leaders
from engine.classic.state import PICK, State

LEADERS = {"expansions": ("leaders",)}


@pytest.mark.parametrize("level", ["random", "greedy", "heuristic"])
def test_every_level_plays_a_leaders_game_to_the_end(level: str) -> None:
    out = play_game("classic", 4, [level, "random", "random", "random"], 3, LEADERS)
    assert len(out["scores"]) == 4 and out["winners"]
    assert all("leaders" in s for s in out["scores"])


def test_search_plays_a_leaders_game() -> None:
    out = play_game("classic", 3, ["search:playouts=2:width=2", "greedy", "greedy"], 1, LEADERS)
    assert out["winners"]


def test_heuristic_recruits_leaders() -> None:
    out = play_game("classic", 4, ["heuristic"] * 4, 5, LEADERS)
    assert sum(s["leaders"] for s in out["scores"]) > 0


def _into_age(seed: int) -> State:
    s = C.new_game(C.Config(players=4, expansions=("leaders",)), seed)
    rng = random.Random(seed)
    while s.phase != PICK:
        for seat in sorted(C.to_act(s)):
            s, _ = C.apply(s, seat, rng.choice(C.legal_moves(s, seat)))
    return s


def test_sampled_leader_hands_fit_what_the_seat_saw() -> None:
    s = _into_age(4)
    v = C.view(s, 0)
    assert v.leaders is not None
    got = sample_leaders(v, random.Random(1))
    assert sorted(got) == [1, 2, 3]
    names = [x for h in got.values() for x in h]
    assert len(names) == len(set(names)) == sum(len(s.leaders.held[j]) for j in (1, 2, 3))
    recruited = {x for row in v.leaders.recruited for x in row}
    mine = {c.name for c in v.leaders.mine}
    assert not (set(names) & (recruited | mine))
    seen_rest = {x for h in v.leaders.seen for x in h} - recruited - mine
    assert seen_rest <= set(names)  # 9 slots: everything the seat passed on is placed


def test_state_from_view_keeps_the_public_leaders_and_the_scores() -> None:
    s = _into_age(6)
    v = C.view(s, 2)
    hands = {j: [C.card_info(x)["name"] for x in C.view(s, j).hand] for j in (0, 1, 3)}
    r = C.state_from_view(v, hands, leader_hands=sample_leaders(v, random.Random(0)))
    assert r.leaders.recruited == s.leaders.recruited
    assert r.leaders.held[2] == s.leaders.held[2]
    assert [x.total for x in C.scores(r)] == [x.total for x in C.scores(s)]
