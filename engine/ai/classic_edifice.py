"""The Edifice part of the classic AI (registered with ``classic_hooks``): the value of joining
the current Age's project, in VP-equivalents, from the seat's view only.

Joining is worth the reward times the chance the project completes, plus the penalty it no
longer risks when the project fails, minus the coins paid (a third of a VP each, as builds).
"""

from __future__ import annotations

from typing import Any

from engine.ai.classic_hooks import MOVE_REASONS, MOVE_VALUES
from engine.classic.edifice.data import DECISIONS, PROJECTS, ProjectDef
from engine.classic.edifice.rules import JOIN, PASS
from engine.classic.edifice.texts import reward_text

__all__ = ["join_reasons", "join_value", "penalty_worth", "reward_worth"]

_BY_NAME = {p.name: p for p in PROJECTS}
_VP_TOKEN = {1: 1, 2: 3, 3: 5}
_SHIELD_VP = 1.5  # a permanent shield: roughly a conflict swing over the Ages left
# River Port / Factory: a one-of production for the rest of the game, per Age it serves (about
# what a Caravansery or Forum saves in trade and unlocks)
_PRODUCTION_VP = 1.25


def _count(me: Any, color: str) -> int:
    return sum(1 for name in me.built if _colour(name) == color)


def _colour(name: str) -> str:
    from engine.classic.data import CARD_INDEX, CARDS, COLORS

    cid = CARD_INDEX.get(name)
    return COLORS[CARDS[cid].color] if cid is not None else ""


def reward_worth(view: Any, me: Any, p: ProjectDef) -> float:
    """What the reward is worth to the viewer's city now (end-of-game rewards estimated)."""
    r = p.reward
    left = 3 - view.age  # Ages still to come after this one
    val = r.coins / 3 + r.shields * _SHIELD_VP * (left + 1) / 2
    if r.victory_token_age:
        val += _VP_TOKEN[r.victory_token_age]
    if r.remove_defeats:
        val += sum(1 for t in me.military_tokens if t < 0)
    val += r.vp_stages * (me.stages_built + 1 + 0.5 * left)
    val += r.vp_pairs * min(_count(me, "brown"), _count(me, "grey"))
    val += r.vp_blue * (_count(me, "blue") + 1.5 * left)
    val += r.vp_colours * len({_colour(n) for n in me.built} - {""})
    if r.guild_twice:
        val += 3.0 if _count(me, "purple") else 0.5
    if r.produces:
        val += _PRODUCTION_VP * (left + 1)
    return float(val)


def penalty_worth(view: Any, me: Any, p: ProjectDef) -> float:
    """What the penalty would cost the viewer's city (a debt token when it cannot pay; with
    ``partial_penalty`` on, also all it has of what the penalty asks)."""
    kind, amount, colour = p.penalty
    debt = -DECISIONS["debt_vp"][p.age]
    part = 1.0 if DECISIONS["partial_penalty"] else 0.0
    if kind == "lose_coins":
        return amount / 3 if me.coins >= amount else debt + part * me.coins / 3
    if kind == "discard":
        return 2.0  # a card of that colour, or the debt token
    wins = sorted(t for t in me.military_tokens if t > 0)
    return float(sum(wins[:amount])) if len(wins) >= amount else debt + part * sum(wins)


def join_value(view: Any, mv: Any, greedy: bool) -> float:
    if mv.action == PASS:
        return 0.0
    p = _BY_NAME[mv.card]
    me = view.cities[view.seat]
    chance = 1.0 if greedy else _chance(view, p)
    cost = (p.coins + mv.left + mv.right) / 3
    return float(
        chance * reward_worth(view, me, p) + (1 - chance) * penalty_worth(view, me, p) - cost
    )


def _chance(view: Any, p: ProjectDef) -> float:
    proj = view.edifice.projects[p.age - 1] if view.edifice else None
    left = proj.pawns_left if proj is not None else 1
    return 1.0 if left <= 1 else (0.6 if left == 2 else 0.4)


def join_reasons(view: Any, mv: Any) -> tuple[str, list[tuple[float, str]]]:
    """The hint of a join or a pass: the reward by its chance, the penalty avoided, the cost."""
    p = _BY_NAME[mv.card]
    me = view.cities[view.seat]
    chance = _chance(view, p)
    if mv.action == PASS:
        joins = [join_value(view, m, False) for m in view.legal_moves if m.action == JOIN]
        worth = -max(joins, default=0.0)
        why = "joining would cost more than its reward is likely to bring"
        return f"Don't join {p.name}", [(max(worth, 0.1), why)]
    paid = p.coins + mv.left + mv.right
    terms = [
        (chance * reward_worth(view, me, p), f"its reward ({reward_text(p)}) once completed"),
        ((1 - chance) * penalty_worth(view, me, p), "you are safe from its penalty if it fails"),
        (-paid / 3, f"you pay {paid} coin{'s' if paid != 1 else ''}"),
    ]
    if chance == 1.0:
        terms.append((0.0, "your pawn completes it at once"))
    return f"Also join {p.name}", [t for t in terms if t[0] or "completes" in t[1]]


MOVE_VALUES.update({JOIN: join_value, PASS: join_value})
MOVE_REASONS.update({JOIN: join_reasons, PASS: join_reasons})
