"""End-of-game scoring (score-pad order), science wildcards, Olympia B guild copy, tie-break."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from engine.classic.cities import scoring as cities_scoring
from engine.classic.data import CARDS, COLORS, LEADER_CARD_START
from engine.classic.state import CHOOSE, City, State
from engine.classic.stats import Stats, city_stats
from engine.common import Outcome, Score

__all__ = ["count_kind", "outcome_of", "science_points", "score_all", "VP_TOKENS"]

VP_TOKENS = {1: 1, 2: 3, 3: 5}
_BLUE, _YELLOW, _PURPLE = COLORS.index("blue"), COLORS.index("yellow"), COLORS.index("purple")
_STAGES, _DEFEATS, _VICTORIES = len(COLORS), len(COLORS) + 1, len(COLORS) + 2


def science_points(c: int, g: int, t: int, wild: int = 0) -> int:
    """Best score with ``wild`` wildcards assigned to maximise c²+g²+t²+7·min."""
    best = 0
    for extra in product(range(3), repeat=wild):
        cc, gg, tt = c + extra.count(0), g + extra.count(1), t + extra.count(2)
        best = max(best, cc * cc + gg * gg + tt * tt + 7 * min(cc, gg, tt))
    return best


def count_kind(kind: int, city: City, st: Stats) -> int:
    if kind == _STAGES:
        return city.stages
    if kind == _DEFEATS:
        return sum(1 for t in city.tokens if t < 0)
    if kind == _VICTORIES:
        return sum(1 for t in city.tokens if t > 0)
    return st.colors[kind]


def per_value(
    per: tuple[tuple[int, ...], tuple[int, ...], int], state: State, seat: int, stats: list[Stats]
) -> int:
    """Value of a coins_per / vp_per effect for ``seat`` (cities: -1 left, 0 self, +1 right)."""
    kinds, cities, each = per
    n = state.players
    total = 0
    for off in cities:
        s = (seat + off) % n
        for k in kinds:
            total += count_kind(k, state.cities[s], stats[s])
    return total * each


def _score(
    state: State, seat: int, stats: list[Stats], extra_guild: int | None, heroes: int = 0
) -> Score:
    """``heroes``: science symbols of the owner's choice from Gods & Heroes' green hero."""
    city, st = state.cities[seat], stats[seat]
    civ = com = gld = 0
    c, g, t, wild = st.science
    wild += heroes
    guilds = [cid for cid in city.built if CARDS[cid].color == _PURPLE]
    if extra_guild is not None:
        guilds.append(extra_guild)
        if CARDS[extra_guild].effect.science == 3:
            wild += 1
    for cid in city.built:
        card = CARDS[cid]
        if card.color == _BLUE:
            civ += card.effect.vp
        elif card.color == _YELLOW and card.effect.vp_per is not None:
            com += per_value(card.effect.vp_per, state, seat, stats)
    bonus = (0, 0)
    if state.gods is not None:  # Gods & Heroes: the blue hero and Athena
        from engine.classic.variants.gods import bonus_vp

        bonus = bonus_vp(state, seat)
    for cid in guilds:
        per = CARDS[cid].effect.vp_per
        gld += CARDS[cid].effect.vp  # printed VP: Cities' Counterfeiters Guild (base guilds: 0)
        if per is not None:
            gld += per_value(per, state, seat, stats)
        elif cid >= LEADER_CARD_START:  # a Leaders guild scored by name
            from engine.classic.leaders.guilds import guild_vp

            gld += guild_vp(state, seat, cid)
    if state.cx is not None:
        sci = cities_scoring.masked_science(state, seat, (c, g, t, wild), science_points)
        extra = dict(
            cities=cities_scoring.cities_row(state, seat, stats, per_value),
            debt=cities_scoring.debt_row(state, seat),
        )
    else:
        sci, extra = science_points(c, g, t, wild), {}
    parts = dict(
        military=sum(city.tokens),
        treasury=city.coins // 3,
        wonders=st.stage_vp + bonus[1],
        civilian=civ + bonus[0],
        science=sci,
        commercial=com,
        guilds=gld,
        **extra,
    )
    if state.leaders is not None:
        from engine.classic.leaders.scoring import leader_rows

        parts["science"], parts["leaders"] = leader_rows(
            state.leaders, seat, city, st, (c, g, t, wild), _science_pick(state, seat)
        )
    return Score(**parts, total=sum(parts.values()))


def _science_pick(state: State, seat: int) -> Callable[[int, int, int, int, int], tuple[int, int]]:
    """How a Leaders game splits science and Aristotle's bonus; with Cities, the masks' copies
    of neighbours' symbols are chosen for the best sum of both (rules 5.7 and Cities 5.1-5.5)."""
    from engine.classic.leaders.scoring import science_split

    if state.cx is None:
        return science_split

    def pick(c: int, g: int, t: int, wild: int, bonus: int) -> tuple[int, int]:
        best = (0, 0)

        def points(c2: int, g2: int, t2: int, w: int) -> int:
            nonlocal best
            got = science_split(c2, g2, t2, w, bonus)
            if sum(got) > sum(best):
                best = got
            return sum(got)

        cities_scoring.masked_science(state, seat, (c, g, t, wild), points)
        return best

    return pick


def score_all(state: State) -> list[Score]:
    """Scores of every seat if the game ended now (Olympia B copies its best neighbour guild)."""
    if state.phase == CHOOSE:  # no city is built yet (boards are still being picked)
        return [Score() for _ in state.cities]
    stats = [city_stats(c) for c in state.cities]
    n = state.players
    out = []
    wilds = [0] * n
    if state.gods is not None:
        from engine.classic.variants.gods import green_wilds

        wilds = green_wilds(state)
    for seat in range(n):
        best = _score(state, seat, stats, None, wilds[seat])
        if stats[seat].copy_guild:
            for nb in ((seat - 1) % n, (seat + 1) % n):
                for cid in state.cities[nb].built:
                    if CARDS[cid].color == _PURPLE:
                        cand = _score(state, seat, stats, cid, wilds[seat])
                        if cand.total > best.total:
                            best = cand
        out.append(best)
    return out


def outcome_of(state: State, scores: list[Score]) -> Outcome:
    """Highest total wins; tie -> most coins; equal coins -> shared victory."""
    # The 2-player game's Free City (seat 2) scores but cannot win (docs/two-players.md).
    seats = (0, 1) if state.free_city else range(len(scores))
    top = max(scores[i].total for i in seats)
    tied = [i for i in seats if scores[i].total == top]
    rich = max(state.cities[i].coins for i in tied)
    return Outcome(scores=scores, winners=[i for i in tied if state.cities[i].coins == rich])
