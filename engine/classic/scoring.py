"""End-of-game scoring (score-pad order), science wildcards, Olympia B guild copy, tie-break."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from engine.classic.data import CARDS, COLORS
from engine.classic.plugin import Plugin, active, players_of
from engine.classic.state import CHOOSE, City, State
from engine.classic.stats import Stats, city_stats
from engine.common import Outcome, Score

__all__ = [
    "VP_TOKENS",
    "best_science",
    "count_kind",
    "outcome_of",
    "per_value",
    "science_points",
    "score_all",
]

Points = Callable[[int, int, int, int], int]

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


def best_science(
    state: State, seat: int, science: tuple[int, int, int, int], points: Points
) -> int:
    """The best of ``points`` over the science symbols the plug-ins let ``seat`` count
    (e.g. masks copying a neighbour's symbol); ``science``: compass, gear, tablet, wildcards."""
    for p in active(state):
        got = p.science(state, seat, science, points)
        if got is not None:
            return got
    return points(*science)


def has_science_rule(state: State) -> bool:
    """Whether a plug-in changes which science symbols count (see :func:`best_science`)."""
    return any(type(p).science is not Plugin.science for p in active(state))


def _score(
    state: State, seat: int, stats: list[Stats], extra_guild: int | None, heroes: int = 0
) -> Score:
    """``heroes``: science symbols of the owner's choice a plug-in gives (``Plugin.wilds``)."""
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
    plugins = active(state)
    for cid in guilds:
        per = CARDS[cid].effect.vp_per
        gld += CARDS[cid].effect.vp  # printed VP: Cities' Counterfeiters Guild (base guilds: 0)
        if per is not None:
            gld += per_value(per, state, seat, stats)
        else:  # a guild scored by its own rule
            gld += sum(p.guild_vp(state, seat, cid) for p in plugins)
    sym = (c, g, t, wild)
    parts = dict(
        military=sum(city.tokens),
        treasury=city.coins // 3,
        wonders=st.stage_vp,
        civilian=civ,
        science=best_science(state, seat, sym, science_points) if plugins else science_points(*sym),
        commercial=com,
        guilds=gld,
    )
    for p in plugins:
        p.score(state, seat, parts, sym, stats)
    return Score(**parts, total=sum(parts.values()))


def score_all(state: State) -> list[Score]:
    """Scores of every seat if the game ended now (Olympia B copies its best neighbour guild)."""
    if state.phase == CHOOSE:  # no city is built yet (boards are still being picked)
        return [Score() for _ in state.cities]
    stats = [city_stats(c) for c in state.cities]
    n = state.players
    out = []
    wilds = [0] * n
    for p in active(state):
        p.wilds(state, wilds)
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
    # A neutral city (the 2-player game's Free City) scores but cannot win.
    seats = players_of(state)
    top = max(scores[i].total for i in seats)
    tied = [i for i in seats if scores[i].total == top]
    rich = max(state.cities[i].coins for i in tied)
    return Outcome(scores=scores, winners=[i for i in tied if state.cities[i].coins == rich])
