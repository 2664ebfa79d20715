"""Short texts of Babel's projects and tiles for players (views, /wonders card, events)."""

from __future__ import annotations

from engine.classic.babel.data import AGE, ProjectDef, TileDef
from engine.classic.data import COLORS, RESOURCES

__all__ = ["cost_text", "penalty_text", "reward_text", "tile_text"]

_TOKENS = {
    "free_wonder_stage": "a token: build one wonder stage without its resources",
    "free_build": "a token: build one card for free",
    "any_colour_participation": "a token: join a later project after building any card",
    "shield": "a token worth 1 shield",
    "double_shield": "a token worth 2 shields",
    "wonder_vp": "a token: 1 VP per wonder stage built at the end",
    "science_bonus": "a token: 3 VP per complete science set at the end",
    "guild_vp": "a token: 1 VP per guild in your and your neighbours' cities at the end",
}


def cost_text(p: ProjectDef) -> str:
    parts = [f"{p.coins} coin{'s' if p.coins != 1 else ''}"] if p.coins else []
    parts += [f"{q} {RESOURCES[r]}" for r, q in enumerate(p.resources) if q]
    return " + ".join(parts) or "nothing"


def reward_text(p: ProjectDef) -> str:
    if p.reward == "coins":
        return f"{p.amount} coins per token"
    if p.reward == "victory_token":
        return f"a {p.amount}-VP victory token per token"
    return _TOKENS[p.reward] + " per token"


def penalty_text(p: ProjectDef) -> str:
    if p.penalty == "discard_card":
        return f"discard a {COLORS[p.penalty_arg]} card"
    if p.penalty == "lose_all_coins":
        return "lose all your coins"
    if p.penalty == "discard_victory_tokens":
        return f"discard {p.penalty_arg} victory tokens"
    return "your wonder's own resource is blocked (engine: a penalty token)"


def tile_text(t: TileDef) -> str:
    """The tile's law (its data text), with the Age scaling said when it has one."""
    if t.coins == AGE:
        return f"{t.text} (Age number: 1/2/3)"
    return t.text
