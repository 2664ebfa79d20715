"""Property tests: the trade solver against a brute force written here."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.classic.data import CARDS, COLORS
from engine.classic.state import City
from engine.classic.stats import Stats, affordable, city_stats, pareto, solve_trade

PROD = [
    c.id
    for c in CARDS
    if c.age <= 2
    and (
        COLORS[c.color] in ("brown", "grey")
        or c.name
        in ("Forum", "Caravansery", "East Trading Post", "West Trading Post", "Marketplace")
    )
]


def _city(draw: st.DrawFn, board: int) -> City:
    built = draw(st.lists(st.sampled_from(PROD), max_size=4, unique=True))
    return City(
        board=board,
        side=draw(st.integers(0, 1)),
        stages=draw(st.integers(0, 2)),
        coins=0,
        built=tuple(built),
        tucked=(),
        tokens=(),
    )


@st.composite
def cases(draw: st.DrawFn) -> tuple[tuple[int, ...], Stats, Stats, Stats]:
    boards = draw(st.lists(st.integers(0, 6), min_size=3, max_size=3, unique=True))
    own, left, right = (city_stats(_city(draw, b)) for b in boards)
    cost = tuple(draw(st.lists(st.integers(0, 2), min_size=7, max_size=7)))
    return cost, own, left, right


def brute(cost: tuple[int, ...], own: Stats, left: Stats, right: Stats) -> set[tuple[int, int]]:
    """Costs of every assignment of every source (own free, neighbours at their prices).

    Own production costs nothing and using it only adds units, so it is always used (leaving
    it idle cannot yield a payment that using it does not): own fixed units form the base and
    each own choice card takes one of its options; each neighbour unit is idle or bought.
    """
    sources: list[tuple[tuple[int | None, ...], int]] = [(tuple(ch), 0) for ch in own.choices]
    for side, stt in ((1, left), (2, right)):
        for r, q in enumerate(stt.sell_fixed):
            sources += [((None, r), side)] * min(q, cost[r])
        sources += [((None, *ch), side) for ch in stt.sell_choices]
    out: set[tuple[int, int]] = set()
    for pick in product(*[opts for opts, _ in sources]):
        got = list(own.fixed)
        lc = rc = 0
        for (_, side), r in zip(sources, pick, strict=True):
            if r is None:
                continue
            got[r] += 1
            if side == 1:
                lc += own.price_left[r]
            elif side == 2:
                rc += own.price_right[r]
        if all(g >= c for g, c in zip(got, cost, strict=True)):
            out.add((lc, rc))
    return out


@settings(max_examples=200, deadline=None)
@given(cases())
def test_solver_matches_brute_force(case: tuple[tuple[int, ...], Stats, Stats, Stats]) -> None:
    cost, own, left, right = case
    if len(own.choices) + sum(left.sell_fixed) + sum(right.sell_fixed) > 13:
        cost = tuple(min(c, 1) for c in cost)
    solved = solve_trade(cost, own, left, right)
    expect = brute(cost, own, left, right)
    # Every returned payment is a real plan; no cheaper non-dominated payment exists.
    assert solved <= expect
    assert pareto(solved) == pareto(expect)


@settings(max_examples=200, deadline=None)
@given(cases(), st.integers(0, 12))
def test_listed_payments_are_the_affordable_front(
    case: tuple[tuple[int, ...], Stats, Stats, Stats], budget: int
) -> None:
    """The fast front (what legal_moves lists) equals the brute force's front under a budget."""
    cost, own, left, right = case
    if len(own.choices) + sum(left.sell_fixed) + sum(right.sell_fixed) > 13:
        cost = tuple(min(c, 1) for c in cost)
    every = brute(cost, own, left, right)
    expect = pareto({p for p in every if p[0] + p[1] <= budget})
    assert affordable(cost, own, left, right, budget) == expect
    assert affordable(cost, own, left, right, 99) == pareto(every)
