"""Leader moves for the 7 Wonders AIs (draft, recruit, wonder stage, discard), from the view.

A leader's worth is an estimate in VP of what it brings over the rest of the game: its
printed VP, its counts (``greedy``: the city as it is; ``heuristic``: plus the cards the
remaining Ages usually add), coins at a third of a VP, shields at 1.5 VP per remaining
conflict's swing, and flat per-Age worths for discounts and coin engines (docs/ai.md). The
search samples the other seats' leader hands with ``sample_leaders``; the Leaders box's guilds
join the sampled hands of Leaders games only. Registered with ``classic_hooks`` on import
(engine.ai.classic_parts).
"""

from __future__ import annotations

import random
from typing import Any

from engine.ai.classic_eval import science_score, stage_move_value
from engine.ai.classic_hooks import GUILD_VALUES, MOVE_VALUES, POOL_CARDS, SAMPLERS
from engine.classic.leaders.data import LEADER_INDEX, LEADERS, LeaderDef, leader_pool

__all__ = ["LEADER_ACTIONS", "leader_move_value", "sample_leaders"]

LEADER_ACTIONS = frozenset(
    {"draft", "recruit", "leader-wonder", "leader-discard", "copy", "leader-pass"}
)
# Cards of a colour a city usually adds per remaining Age (self-play averages, rounded).
_PER_AGE = {
    "brown": 0.8,
    "grey": 0.4,
    "blue": 1.0,
    "yellow": 0.6,
    "red": 0.8,
    "green": 0.9,
    "purple": 0.35,
    "black": 0.6,  # Cities
}
_COLORS = ("brown", "grey", "blue", "yellow", "red", "green", "purple", "black")
# VP-equivalents per remaining Age of the engine-like leaders.
_PER_AGE_VP = {
    "discount": 1.2,
    "free_color": 3.0,  # Ramses: one free guild in Age III
    "bank_buy": 1.0,
    "neighbour_buy_coins": 0.8,
    "recruit_free": 1.0,
    "build_yellow": 0.5,
    "build_via_chain": 0.6,
    "victory_token_gained": 0.9,
    "defeat_tokens_to_victor": 0.8,
    # Cities leaders: Berenice's coin a few turns an Age, Caligula's free black card, Diocletian's
    # 2 coins per black card (about 0.6 an Age), Semiramis' shields once Defeats pile up.
    "bank_bonus": 0.8,
    "free_age_color": 1.3,
    "build_black": 0.4,
    "defeat_tokens_count_as_shields": 0.6,
}
# A Diplomacy token (Aspasia): about a draw's worth of conflict, less in the last Age.
_DIPLOMACY = 1.5


def _count(view: Any, me: Any, color: str) -> int:
    from engine.ai.classic_eval import color_count

    return color_count(me, color)


def _ages_left(view: Any) -> int:
    """Ages still to be played, the current one included (a recruitment precedes its Age)."""
    return 4 - int(view.age)


def leader_worth(view: Any, d: LeaderDef, greedy: bool) -> float:
    me = view.cities[view.seat]
    left = _ages_left(view)
    future = 0.0 if greedy else 1.0
    val = float(d.vp) + d.coins / 3 + 1.5 * d.shields * (left if not greedy else 1)
    if d.vp_per is not None:
        kind, each = d.vp_per
        if kind == "victory_tokens":
            now = sum(1 for t in me.military_tokens if t > 0)
            val += each * (now + future * left * 1.0)
        elif kind == "stages":
            val += each * (me.stages_built + future * min(left, me.stages_total - me.stages_built))
        else:
            color = _COLORS[kind] if isinstance(kind, int) else kind
            gain = _PER_AGE[color] * (left if color != "purple" else 1)
            val += each * (_count(view, me, color) + future * gain)
    if d.vp_per_set is not None:
        colors, each = d.vp_per_set
        lows = [_count(view, me, _COLORS[c]) + future * _PER_AGE[_COLORS[c]] * left for c in colors]
        val += each * max(0.0, min(lows) - (0.5 if len(colors) > 3 else 0.0))
    if d.vp_per_coins:
        val += me.coins / d.vp_per_coins + future * left
    sci = dict(me.science)
    c, g, t, w = (sci.get(k, 0) for k in ("compass", "gear", "tablet", "any"))
    if d.science >= 0:
        extra = [c, g, t]
        extra[d.science] += 1
        val += science_score(extra[0], extra[1], extra[2], w) - science_score(c, g, t, w)
        val += future * 1.5
    if d.science_bonus:
        val += d.science_bonus * (min(c, g, t) + future * 0.6 * left)
    for key in ("discount", "free_color"):
        if getattr(d, key) >= 0:
            val += _PER_AGE_VP[key] * (left if key == "discount" else 1)
    for key in ("bank_buy", "neighbour_buy_coins", "recruit_free"):
        if getattr(d, key):
            val += _PER_AGE_VP[key] * left
    if d.on_event is not None:
        val += _PER_AGE_VP[d.on_event[0]] * left
    val += _cities_worth(view, d, left)
    if d.special in ("defeat_tokens_to_victor", "defeat_tokens_count_as_shields"):
        val += _PER_AGE_VP[d.special] * left
    elif d.special:  # Solomon: a free card from the discard pile
        val += 0.5 if view.age == 1 else 1.5 + 0.1 * view.discard_size
    return val


def _cities_worth(view: Any, d: LeaderDef, left: int) -> float:
    """The Cities leaders' own kinds (0 for the Leaders box's)."""
    val = 0.0
    if d.diplomacy:
        val += d.diplomacy * _DIPLOMACY * (0.5 if view.age == 3 else 1.0)
    if d.bank_bonus:
        val += _PER_AGE_VP["bank_bonus"] * d.bank_bonus * left
    if d.free_age_color >= 0:
        val += _PER_AGE_VP["free_age_color"] * left
    return val


def leader_move_value(view: Any, mv: Any, greedy: bool) -> float:
    """Value of a leader move (``mv``: a MoveView whose ``card`` is the leader's name)."""
    if mv.action == "leader-pass":
        return 0.0
    d = LEADERS[LEADER_INDEX[mv.card]]
    if mv.action == "leader-discard":
        return 1.0
    if mv.action == "leader-wonder":
        return stage_move_value(view, mv, greedy)
    worth = leader_worth(view, d, greedy)
    if mv.action in ("draft", "copy"):
        return worth
    price = float(next(c.price for c in view.leaders.mine if c.name == d.name))
    return worth - price / 3


def leader_guild_value(view: Any, me: Any, name: str) -> float:
    """The Leaders box's guilds, valued like the base guilds (VP if the game ended now)."""
    n = view.players
    left, right = view.cities[(me.seat - 1) % n], view.cities[(me.seat + 1) % n]
    lv = view.leaders
    if name == "Gamers' Guild":
        return float(me.coins) / 3
    if name == "Architects' Guild":
        return 3.0 * (_count(view, left, "purple") + _count(view, right, "purple"))
    if lv is None:
        return 0.0
    if name == "Diplomats' Guild":
        return float(len(lv.recruited[left.seat]) + len(lv.recruited[right.seat]))
    # Courtesans' Guild: the best neighbour leader it could copy
    names = lv.recruited[left.seat] + lv.recruited[right.seat]
    return max((leader_worth(view, LEADERS[LEADER_INDEX[x]], True) for x in names), default=0.0)


def sample_leaders(view: Any, rng: random.Random) -> dict[int, list[str]]:
    """Leader hands of the other seats (Leaders games; {} otherwise): the leaders the viewer
    saw in the draft and passed on, if not recruited since, are in other seats' hands or used
    face down, so they are dealt first; the rest come from the leaders nobody has shown, among
    the ones this table deals (the Cities leaders only with Cities)."""
    lv = view.leaders
    if lv is None:
        return {}
    shown = {x for row in lv.recruited for x in row} | {c.name for c in lv.mine}
    seen = sorted({x for hand in lv.seen for x in hand} - shown)
    dealt = {LEADERS[i].name for i in leader_pool("cities" in view.expansions)}
    rest = sorted(dealt - shown - set(seen))
    rng.shuffle(seen)
    rng.shuffle(rest)
    pool = seen + rest
    out: dict[int, list[str]] = {}
    for seat in range(view.players):
        if seat != view.seat:
            k = lv.held[seat]
            out[seat], pool = pool[:k], pool[k:]
    return out


def _leaders_played(view: Any) -> bool:
    return getattr(view, "leaders", None) is not None


# The Leaders box's guilds, scored by their own rules (engine.classic.leaders.guilds).
_LEADER_GUILDS = ("Gamers' Guild", "Courtesans' Guild", "Diplomats' Guild", "Architects' Guild")
MOVE_VALUES.update(dict.fromkeys(LEADER_ACTIONS, leader_move_value))
GUILD_VALUES.update(dict.fromkeys(_LEADER_GUILDS, leader_guild_value))
POOL_CARDS.append((frozenset(_LEADER_GUILDS), _leaders_played))
SAMPLERS["leader_hands"] = sample_leaders  # classic.state_from_view(..., leader_hands=...)
