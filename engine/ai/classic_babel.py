"""Babel moves for the 7 Wonders AIs, from the seat's view: the tile draft, building a tile,
the builds Babel's laws add (coin-builds, neighbour chains) and joining a Great Project.

Estimates in VP (coins at a third of a VP, as in ``classic_eval``): a tile is worth the score
row's step it adds (2, 3, then 5 VP); a participation token is worth its reward weighted by the
chance the project succeeds, plus the penalty it avoids if the project fails (docs/babel.md).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.ai.classic_eval import greedy_value, heuristic_value
from engine.ai.classic_hooks import MOVE_REASONS, MOVE_VALUES
from engine.classic.babel.data import DECISIONS, PROJECTS, ProjectDef
from engine.classic.data import BOARD_INDEX, BOARDS

__all__ = ["BABEL_ACTIONS", "babel_move_value", "babel_reasons", "join_value", "tile_value"]

BABEL_ACTIONS = frozenset({"tile-keep", "tile", "coin-build", "chain-build", "join", "join-pass"})
_BY_NAME = {p.name: p for p in PROJECTS}
# Reward tokens' worth in VP (tuned by hand on 4-player arena games: docs/babel.md).
_TOKEN_VP = {
    "free_wonder_stage": 3.0,
    "free_build": 3.0,
    "any_colour_participation": 0.5,
    "shield": 1.5,
    "double_shield": 3.0,
    "wonder_vp": 2.0,
    "science_bonus": 2.0,
    "guild_vp": 2.0,
}
_CARD_VP = 2.5  # a card lost to a penalty
_BLOCK_VP = 2.5  # Double Walls: the board's resource blocked for the game (as a brown card lost)
URGENT = 1.0  # a tile that must be built now or never (tuned: docs/babel.md)
TILE_BASE = 0.0  # a tile before the last turns: only instead of a worthless card
LAST_TURN = 6


def tile_step(view: Any) -> float:
    """The score row's step the next tile adds now (2, 3, 5 VP): the greedy AI's value."""
    rows: tuple[int, ...] = DECISIONS["tile_vp"]
    k = len(view.tower.built[view.seat]) if view.tower is not None else 0
    return float(rows[min(k + 1, len(rows) - 1)] - rows[min(k, len(rows) - 1)])


def tile_value(view: Any) -> float:
    """A tile is best built with the Age's last card (the weakest left): before that it is
    worth little, then the row's next step (2, 3, 5 VP) and more once the pick turns left
    barely cover the tiles still in hand."""
    rows: tuple[int, ...] = DECISIONS["tile_vp"]
    tower = view.tower
    if tower is None:
        return 0.0
    k = len(tower.built[view.seat])
    step = rows[min(k + 1, len(rows) - 1)] - rows[min(k, len(rows) - 1)]
    value = min(float(step), TILE_BASE)
    turns_left = (3 - view.age) * 6 + max(0, 7 - view.turn)
    if turns_left <= len(tower.mine) + 1 or view.turn >= LAST_TURN:
        value += URGENT  # the Age's last card (usually the weakest), or now or never
    return value


def _reward(p: ProjectDef) -> float:
    if p.reward == "coins":
        return p.amount / 3
    if p.reward == "victory_token":
        return float(p.amount)
    return _TOKEN_VP.get(p.reward, 1.0)


def _penalty(p: ProjectDef, view: Any) -> float:
    me = view.cities[view.seat]
    token = -float(DECISIONS["penalty_token_vp"][view.age])
    if p.penalty == "lose_all_coins":
        return max(float(me.coins) / 3, token)
    if p.penalty == "discard_card":
        return _CARD_VP
    if p.penalty == "discard_victory_tokens":
        return float(sum(sorted(t for t in me.military_tokens if t > 0)[: p.penalty_arg])) or token
    if p.penalty == "resource_block" and BOARDS[BOARD_INDEX[me.board]].resource >= 0:
        return _BLOCK_VP  # the wonder's own resource, lost for the rest of the game
    return token


def join_value(view: Any, mv: Any) -> float:
    """Reward times the chance of success, plus the penalty avoided if it fails, minus the
    coins paid (and a little for coins that help a neighbour)."""
    p = _BY_NAME[mv.card]
    left = view.projects.left - 1 if view.projects is not None else 0
    chance = 1.0 if left <= 0 else 0.6 if left == 1 else 0.3
    paid = p.coins + mv.left + mv.right
    value = chance * _reward(p) + (1 - chance) * _penalty(p, view)
    return float(value - paid / 3 - 0.12 * (mv.left + mv.right))


def _as_build(view: Any, mv: Any, greedy: bool, extra: int) -> float:
    """A Babel build valued like the same card built with no trade, less its coins."""
    build = SimpleNamespace(action="build", card=mv.card, left=0, right=0, move=mv.move)
    base = greedy_value(view, build) if greedy else heuristic_value(view, build)
    return base - extra / 3


def babel_move_value(view: Any, mv: Any, greedy: bool) -> float:
    action = mv.action
    if action == "tile-keep" or action == "join-pass":
        return 0.0
    if action == "tile":
        return tile_step(view) if greedy else tile_value(view)
    if action == "join":
        return join_value(view, mv)
    if action == "chain-build":
        return _as_build(view, mv, greedy, 0)
    return _as_build(view, mv, greedy, _units(mv.card))  # coin-build


def _units(name: str) -> int:
    from engine.classic.data import CARD_INDEX, CARDS

    return sum(CARDS[CARD_INDEX[name]].cost)


def babel_reasons(view: Any, mv: Any) -> tuple[str, list[tuple[float, str]]]:
    """The hint's headline and weighted phrases for a Babel move."""
    action = mv.action
    if action == "tile-keep":
        return mv.text, [(0.1, "its law is the one you would most like on the tower")]
    if action == "tile":
        worth = tile_value(view)
        return mv.text, [
            (max(worth, 0.1), f"your next Babel tile adds {tile_step(view):.0f} VP at the end"),
            (-0.5, f"you give up {mv.card}"),
        ]
    if action == "join-pass":
        return mv.text, [(0.1, "the token is worth less than its cost to you")]
    if action == "join":
        p = _BY_NAME[mv.card]
        paid = p.coins + mv.left + mv.right
        return mv.text, [
            (max(_reward(p), 0.1), f"a success gives you {_reward(p):.0f} VP's worth per token"),
            (max(_penalty(p, view), 0.1), "you escape the penalty if it fails"),
            (-paid / 3, f"you pay {paid} coin{'s' if paid != 1 else ''}"),
        ]
    return mv.text, [(max(babel_move_value(view, mv, False), 0.1), "the tower's law allows it")]


MOVE_VALUES.update(dict.fromkeys(BABEL_ACTIONS, babel_move_value))
MOVE_REASONS.update(dict.fromkeys(BABEL_ACTIONS, babel_reasons))
