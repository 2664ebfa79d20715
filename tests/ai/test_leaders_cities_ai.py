"""The AIs with Leaders and Cities together: every level plays the Cities leaders, the heuristic
values them by the city, the search samples them only where they are dealt."""

from __future__ import annotations

import random

import pytest

from engine import classic as C
from engine.ai.arena import play_game
from engine.ai.classic_leaders import leader_worth, sample_leaders
from engine.classic.leaders.data import BOX_LEADERS, LEADER_INDEX, LEADERS
from engine.classic.state import PICK, State
from tests.classic.leaders_kit import pos

BOTH = {"expansions": ("leaders", "cities")}
CITY_NAMES = {"Aspasia", "Berenice", "Caligula", "Darius", "Diocletian"}


@pytest.mark.parametrize("level", ["random", "greedy", "heuristic"])
def test_every_level_plays_a_leaders_and_cities_game_to_the_end(level: str) -> None:
    out = play_game("classic", 4, [level, "random", "random", "random"], 2, BOTH)
    assert len(out["scores"]) == 4 and out["winners"]
    assert all("leaders" in s and "cities" in s for s in out["scores"])


def test_search_plays_a_leaders_and_cities_game() -> None:
    out = play_game("classic", 3, ["search:playouts=2:width=2", "greedy", "greedy"], 3, BOTH)
    assert out["winners"]


def test_heuristic_values_every_cities_leader_and_darius_by_black_cards() -> None:
    bare = C.view(pos([{}], cities=True), 0)
    for name in CITY_NAMES:
        assert leader_worth(bare, LEADERS[LEADER_INDEX[name]], False) > 0.5, name
    darius = LEADERS[LEADER_INDEX["Darius"]]
    black = C.view(pos([{"built": ["Militia", "Hideout", "Residence"]}], cities=True), 0)
    assert leader_worth(black, darius, True) == leader_worth(bare, darius, True) + 3


def test_heuristic_takes_caligulas_free_black_card_over_paying_for_it() -> None:
    from engine.ai.classic_eval import heuristic_value

    s = pos([{"recruited": ["Caligula"], "hand": ["Militia", "Altar"]}], cities=True)
    v = C.view(s, 0)
    by = {m.move: heuristic_value(v, m) for m in v.legal_moves}
    assert by["free:Militia"] > by["build:Militia:0:0"]


def _into_age(seed: int, expansions: tuple[str, ...]) -> State:
    s = C.new_game(C.Config(players=4, expansions=expansions), seed)
    rng = random.Random(seed)
    while s.phase != PICK:
        for seat in sorted(C.to_act(s)):
            s, _ = C.apply(s, seat, rng.choice(C.legal_moves(s, seat)))
    return s


def test_search_samples_cities_leaders_only_in_games_with_cities() -> None:
    box = {d.name for d in BOX_LEADERS}
    drawn_both: set[str] = set()
    for seed in range(12):
        for exp in (("leaders",), ("leaders", "cities")):
            v = C.view(_into_age(seed, exp), 0)
            names = {x for h in sample_leaders(v, random.Random(seed)).values() for x in h}
            if exp == ("leaders",):
                assert names <= box
            else:
                drawn_both |= names
    assert drawn_both & CITY_NAMES and "Semiramis" not in drawn_both
