"""The engine's speed shortcuts agree with the slow definitions they replace."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import classic as C
from engine.classic import stats as S
from engine.classic.data import CARD_INDEX
from engine.classic.state import City

VEC = st.lists(st.integers(0, 40), min_size=7, max_size=7).map(tuple)
COST = st.lists(st.integers(0, 6), min_size=7, max_size=7).map(tuple)


@settings(max_examples=300, deadline=None)
@given(VEC, VEC, VEC, COST)
def test_packed_cover_check_matches_the_vectors(
    a: tuple[int, ...], b: tuple[int, ...], c: tuple[int, ...], cost: tuple[int, ...]
) -> None:
    """One subtraction on packed vectors says whether a + b + c covers the cost."""
    total = S.pack(a) + S.pack(b) + S.pack(c) | S.HIGH
    covered = ((total - S.pack(cost)) & S.HIGH) == S.HIGH
    assert covered == all(x + y + z >= q for x, y, z, q in zip(a, b, c, cost, strict=True))


def test_incremental_packing_matches_pack_including_past_the_cap() -> None:
    """Facts derived card by card keep packed vectors equal to pack() of the vectors, also
    when a count passes the cap (a city stacking far more production than any rule needs)."""
    cid = CARD_INDEX["Lumber Yard"]
    st = S.city_stats(City(board=0, side=0, stages=0, coins=0, built=(), tucked=(), tokens=()))
    for _ in range(40):  # the same card again and again: wood climbs past 31
        st = S._add_card(st, cid, 0)
        assert st.fixed_p == S.pack(st.fixed)
        assert st.cap_p == S.pack(st.cap)
        assert st.sell_cap_p == S.pack(st.sell_cap)
    assert max(st.fixed) == 40


def test_packed_facts_of_played_cities_match_their_vectors() -> None:
    rng = random.Random(5)
    s = C.new_game(C.Config(players=7, sides="random"), 77)
    while C.to_act(s):
        for seat in sorted(C.to_act(s)):
            s, _ = C.apply(s, seat, rng.choice(C.legal_moves(s, seat)))
        for city in s.cities:
            f = S.city_stats(city)
            assert (f.fixed_p, f.cap_p, f.sell_cap_p) == (
                S.pack(f.fixed),
                S.pack(f.cap),
                S.pack(f.sell_cap),
            )


def test_apply_of_a_listed_move_equals_apply_of_the_same_move_unlisted() -> None:
    """apply trusts moves legal_moves listed for that state; the same move given to a state
    that never listed its moves (full validation) gives the same result."""
    rng = random.Random(9)
    s = C.new_game(C.Config(players=5, sides="random"), 12)
    while C.to_act(s):
        for seat in sorted(C.to_act(s)):
            move = rng.choice(C.legal_moves(s, seat))
            fresh = C.load(C.dump(s))  # equal state, no memo
            listed, ev1 = C.apply(s, seat, move)
            unlisted, ev2 = C.apply(fresh, seat, C.parse_move(str(move)))
            assert C.dump(listed) == C.dump(unlisted)
            assert ev1 == ev2
            s = listed
