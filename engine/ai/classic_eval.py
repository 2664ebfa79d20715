"""Move evaluation for 7 Wonders from a seat's view only (card facts via ``card_info``).

``greedy_value`` is the one-ply VP gain if the game ended now; ``heuristic_value`` adds
age-dependent worth of resources, chains, science potential, military standing and coins.
An expansion's moves, cards and bonuses are valued by its AI part (``classic_hooks``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine import classic
from engine.ai.classic_hooks import (
    BUILD_BONUSES,
    COLOR_VALUES,
    GUILD_VALUES,
    MOVE_VALUES,
    STAGE_BONUSES,
)
from engine.classic.data import BOARD_INDEX, BOARDS, SCIENCE, StageDef

__all__ = [
    "color_count",
    "greedy_value",
    "heuristic_value",
    "military_gain",
    "science_score",
    "stage_move_value",
]

_MIL = {1: 1, 2: 3, 3: 5}
# Tuned on 4-player self-play and vs random (docs/ai.md): a stage also hides a card from the
# next seat; a red card flipping a battle now is often answered by the neighbour.
STAGE_BONUS = 1.5
MIL_HOLD = 0.3
SCI_FUTURE = 1.2
# Resource cards by age: this share of their value is what they unlock (cards and stages the
# seat could then build from its own production), the rest a flat value (tuned: docs/ai.md).
UNLOCK = (0.5, 0.25, 0.0)
# Red cards by age: in Age III a flipped battle is mostly answered or bought with a card worth
# more VP elsewhere; a low factor there lifts 4-player self-play by ~2 VP a seat (docs/ai.md).
MIL_SCALE = (0.7, 0.6, 0.3)
TRADE_PEN = 0.12  # per coin paid to a neighbour, beyond its 1/3 VP: it helps a rival
DISCARD_PEN = 0.8


@cache
def _info(name: str) -> dict[str, Any]:
    return classic.card_info(name)


def science_score(c: int, g: int, t: int, wild: int) -> int:
    """Best science score with ``wild`` free symbols (Scientists Guild, Babylon)."""
    if wild <= 0:
        return c * c + g * g + t * t + 7 * min(c, g, t)
    return max(
        science_score(c + 1, g, t, wild - 1),
        science_score(c, g + 1, t, wild - 1),
        science_score(c, g, t + 1, wild - 1),
    )


def _sci(city: Any, add: str | None) -> int:
    s = dict(city.science)
    if add:
        s[add] = s.get(add, 0) + 1
    return science_score(s.get("compass", 0), s.get("gear", 0), s.get("tablet", 0), s.get("any", 0))


def _neighbours(view: Any, seat: int) -> tuple[Any, Any]:
    n = view.players
    return view.cities[(seat - 1) % n], view.cities[(seat + 1) % n]


def _military_gain(view: Any, me: Any, shields: int, future: bool) -> float:
    pts = _MIL[view.age]
    gain = 0.0
    for nb in _neighbours(view, me.seat):
        before = pts if me.shields > nb.shields else -1 if me.shields < nb.shields else 0
        after_s = me.shields + shields
        after = pts if after_s > nb.shields else -1 if after_s < nb.shields else 0
        step = float(after - before)
        if future and after_s > nb.shields:
            step += MIL_HOLD * pts  # margin held against the neighbour's next red card
        if future:
            # Neighbours answer red with red: a battle flipped now is not yet won.
            step *= MIL_SCALE[view.age - 1]
        gain += step
    return gain


def _count(city: Any, color: str) -> int:
    return sum(1 for b in city.built if _info(b)["color"] == color)


def _guild_value(view: Any, me: Any, name: str) -> float:
    eff = _info(name)["rule"]
    left, right = _neighbours(view, me.seat)
    if "science" in eff:
        return float(_sci(me, "any") - _sci(me, None))
    colors = {"blue", "grey", "red", "brown", "yellow", "green"}
    total = 0.0
    for color in colors:
        if f"per {color}" in eff:
            total += _count(left, color) + _count(right, color)
    if "wonder stages" in eff:
        total += left.stages_built + me.stages_built + right.stages_built + 1
    if "defeats" in eff:
        total += sum(1 for t in left.military_tokens + right.military_tokens if t < 0)
    if "brown+grey+purple" in eff:
        total += sum(1 for b in me.built if _info(b)["color"] in ("brown", "grey", "purple")) + 1
    return total


def _coins_from(eff: str, view: Any, me: Any) -> tuple[float, float]:
    """(coins, VP) a yellow card yields now."""
    if eff.endswith("coins") and eff.split()[0].isdigit():
        return float(eff.split()[0]), 0.0
    coins = vp = 0.0
    for part in eff.split(";"):
        words = part.split()
        if len(words) < 4 or not words[0].isdigit() or "per" not in words:
            continue
        k = float(words[0])
        what = part.split("per ")[1].split(" (")[0]
        who = part.split("(")[1].rstrip(")").split("/") if "(" in part else ["own"]
        cities = {"own": me}
        left, right = _neighbours(view, me.seat)
        cities["left"], cities["right"] = left, right
        n = 0
        for w in who:
            c = cities[w]
            n += c.stages_built if what == "wonder stages" else _count(c, what)
        if who == ["own"] and what == "yellow":
            n += 1  # the card counts itself
        (vp_ := k * n)
        if "VP" in words[1]:
            vp += vp_
        else:
            coins += vp_
    return coins, vp


def _base(view: Any, me: Any, name: str, greedy: bool) -> float:
    """VP-equivalent value of owning card ``name``."""
    info = _info(name)
    color, eff = info["color"], info["rule"]  # the terse text made to be parsed
    age = view.age
    valued = COLOR_VALUES.get(color)  # an expansion's colour (Cities' black cards)
    if valued is not None:
        return float(valued(view, me, name, greedy))
    if color == "blue":
        return float(eff.split()[0])
    if color == "red":
        return _military_gain(view, me, int(eff.split()[0]), not greedy)
    if color == "green":
        sym = eff.split(": ")[1]
        now = float(_sci(me, sym) - _sci(me, None))
        if greedy:
            return now
        have = me.science.get(sym, 0)
        return float(now + (3 - age) * SCI_FUTURE + (0.8 if have == 0 else 0.0))
    if color == "purple":
        guild = GUILD_VALUES.get(name)  # an expansion's guild, valued by its AI part
        if guild is not None:
            return float(guild(view, me, name))
        return float(_guild_value(view, me, name))
    if color == "yellow":
        coins, vp = _coins_from(eff, view, me)
        extra = 0.0
        if not greedy and ("buy" in eff or "/" in eff) and age < 3:
            extra = 2.0 if age == 1 else 1.0
        return vp + coins / 3 + extra
    # brown / grey: production matters only for what it unlocks later
    if greedy:
        return 0.0
    return _resource_value(view, me, eff)


def _resource_value(view: Any, me: Any, eff: str) -> float:
    age = view.age
    if age == 3:
        return 0.0
    words = eff.replace("/", " ").split()
    res = [w for w in words if not w.isdigit()]
    prod = me.production
    have_any = any(prod.fixed.get(r, 0) > 0 or any(r in ch for ch in prod.choices) for r in res)
    val = (3.6 if age == 1 else 2.2) * (0.45 if have_any else 1.0)
    if words[0].isdigit():
        val *= 1.3
    need = me.next_stage_cost or {}
    if any(r in need for r in res):
        val += 0.8
    mix = UNLOCK[age - 1]
    if mix:
        val = val * (1 - mix) + mix * _unlock_value(view, me, words, res)
    return val


def _missing(cost: dict[str, int], fixed: dict[str, int], choices: list[list[str]]) -> int:
    """Units of ``cost`` the seat's own production cannot cover (choices assigned best)."""
    need = {r: n - fixed.get(r, 0) for r, n in cost.items() if n > fixed.get(r, 0)}
    if not need:
        return 0
    best = sum(need.values())
    for i, ch in enumerate(choices):
        for r in ch:
            if need.get(r, 0) > 0:
                need[r] -= 1
                best = min(best, _missing(need, {}, choices[i + 1 :]))
                need[r] += 1
        break  # choices[i] unused is covered by recursing on the rest below
    if choices:
        best = min(best, _missing(need, {}, choices[1:]))
    return best


@cache
def _future_costs(age: int) -> tuple[tuple[str, int, tuple[tuple[str, int], ...]], ...]:
    """(name, age, resource cost) of the cards of ``age`` and later that need resources."""
    out = []
    for name in classic.card_names():
        info = _info(name)
        ages = [a for a in info["ages"] if a >= age]
        if ages and info["cost"]:
            out.append((name, min(ages), tuple(sorted(info["cost"].items()))))
    return tuple(out)


_UNLOCK_MEMO: dict[tuple[Any, ...], float] = {}


def _unlock_value(view: Any, me: Any, words: list[str], res: list[str]) -> float:
    """What one more producer unlocks: later cards (and the next stage) the seat could then
    build from its own production, or with fewer units to buy (after the AI-heuristics notes).
    Memoised: searches value the same city and producer in many rollouts."""
    stage = me.next_stage_cost
    key = (
        view.age,
        tuple(words),
        tuple(me.built),
        tuple(sorted(me.production.fixed.items())),
        tuple(tuple(c) for c in me.production.choices),
        tuple(sorted(stage.items())) if stage else (),
    )
    got = _UNLOCK_MEMO.get(key)
    if got is None:
        if len(_UNLOCK_MEMO) > 200_000:  # bound the memory of long arena runs
            _UNLOCK_MEMO.clear()
        got = _UNLOCK_MEMO[key] = _unlock(view.age, me, words, res)
    return got


def _unlock(view_age: int, me: Any, words: list[str], res: list[str]) -> float:
    fixed = dict(me.production.fixed)
    choices = [list(c) for c in me.production.choices]
    if len(res) > 1:
        after_fixed, after_choices = fixed, choices + [res]
    else:
        after_fixed = dict(fixed)
        after_fixed[res[0]] = after_fixed.get(res[0], 0) + (
            int(words[0]) if words[0].isdigit() else 1
        )
        after_choices = choices
    built = set(me.built)
    total = 0.0
    for name, age, cost_items in _future_costs(view_age):
        if name in built:
            continue
        cost = dict(cost_items)
        before = _missing(cost, fixed, choices)
        if before == 0:
            continue
        after = _missing(cost, after_fixed, after_choices)
        weight = 1.0 if age == view_age else 0.6 if age == view_age + 1 else 0.3
        total += weight * ((0.9 if after == 0 else 0.0) + 0.25 * (before - after))
    if me.next_stage_cost:
        before = _missing(me.next_stage_cost, fixed, choices)
        after = _missing(me.next_stage_cost, after_fixed, after_choices)
        total += (2.0 if before and not after else 0.0) + 0.6 * (before - after)
    return total


def _pay(mv: Any, name: str) -> float:
    return float(mv.left + mv.right + (_info(name)["coins"] if mv.action == "build" else 0))


# Worth of a stage's special power by age (after the AI-heuristics reference: free build,
# Babylon B's 7th card, Halikarnassos' build from discard, Olympia B's guild copy).
_SPECIAL = {
    "free_build_once_per_age": (5.0, 3.5, 2.0),
    "play_seventh_card": (5.0, 4.5, 2.5),
    "build_from_discard": (2.5, 4.0, 5.5),
    "copy_neighbour_guild": (5.0, 5.0, 5.0),
}


def _next_stage(me: Any) -> StageDef | None:
    """The seat's next wonder stage, from public board data (board name + side in the view)."""
    board = BOARDS[BOARD_INDEX[me.board]]
    stages = board.sides[0 if me.side == "A" else 1]
    return stages[me.stages_built] if me.stages_built < len(stages) else None


def _stage_value(view: Any, me: Any, greedy: bool) -> float:
    stage = _next_stage(me)
    if stage is None:
        return 3.0
    eff = stage.effect
    val = float(eff.vp) + eff.coins / 3
    if eff.shields:
        val += _military_gain(view, me, eff.shields, not greedy)
    if eff.science >= 0:
        sym = SCIENCE[eff.science]
        val += float(_sci(me, sym) - _sci(me, None))
        if not greedy and view.age < 3:
            val += (3 - view.age) * 1.2
    if greedy:
        return val
    if eff.choice and view.age < 3:
        val += (3.0 if view.age == 1 else 1.8) * (1.3 if len(eff.choice) >= 3 else 1.0)
    if eff.special:
        val += _SPECIAL.get(eff.special, (2.0, 2.0, 2.0))[view.age - 1]
    # A stage also hides a card from the next seat; building late in an age costs nothing extra.
    return val + STAGE_BONUS


def military_gain(view: Any, me: Any, shields: int, future: bool) -> float:
    """What ``shields`` more do to the seat's conflicts with its neighbours (VP-equivalents;
    ``future``: the heuristic's view, a margin held and the neighbours' answer)."""
    return _military_gain(view, me, shields, future)


def color_count(city: Any, color: str) -> int:
    """Structures of a colour in a city view."""
    return _count(city, color)


def stage_move_value(view: Any, mv: Any, greedy: bool) -> float:
    """A wonder stage built with ``mv``'s payment (also with a leader in a recruitment turn)."""
    val = _stage_value(view, view.cities[view.seat], greedy) - float(mv.left + mv.right) / 3
    return val if greedy else val - float(mv.left + mv.right) * TRADE_PEN


def _value(view: Any, mv: Any, greedy: bool) -> float:
    valued = MOVE_VALUES.get(mv.action)  # an expansion's move, valued by its AI part
    if valued is not None:
        return float(valued(view, mv, greedy))
    me = view.cities[view.seat]
    if mv.action == "discard":
        return 1.0 + (0.3 if view.age == 3 else 0.0) - (0.0 if greedy else DISCARD_PEN)
    cost = _pay(mv, mv.card)
    if mv.action == "wonder":
        val = _stage_value(view, me, greedy)
        for stage_bonus in STAGE_BONUSES:  # an expansion's (a god made ready)
            val += stage_bonus(view, me)
    else:
        val = _base(view, me, mv.card, greedy)
        color = _info(mv.card)["color"]
        for bonus in BUILD_BONUSES:  # an expansion's (a hero)
            val += bonus(view, mv.card, color)
        if not greedy and view.age < 3 and _info(mv.card)["chain_to"]:
            val += 1.2 if view.age == 1 else 0.8
    # Coins paid are a third of a VP each; trade coins also help a rival.
    if greedy:
        return val - cost / 3
    return val - cost / 3 - float(mv.left + mv.right) * TRADE_PEN


def greedy_value(view: Any, mv: Any) -> float:
    return _value(view, mv, True)


def heuristic_value(view: Any, mv: Any) -> float:
    return _value(view, mv, False) + _denial(view, mv)


def _denial(view: Any, mv: Any) -> float:
    """Taking a card the next seat badly wants (its guild or science) is worth a little."""
    if view.age != 3 or mv.action == "build":
        return 0.0
    return 0.0
