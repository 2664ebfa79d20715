"""Printed facts of Duel cards (public rules data) as short texts for the pyramid slots.

Read from ``engine.duel.data`` (the static card tables, never a game state), so a face-up card's
printed cost and effect can be drawn from its key alone.
"""

from __future__ import annotations

from functools import lru_cache

from engine.duel.data import CARD_INDEX, CARDS, COLORS, RESOURCES, SYMBOLS, WONDER_COUNT

__all__ = ["card_cost", "card_effect", "cost_text"]


def _res_list(mask: int) -> list[str]:
    return [r for i, r in enumerate(RESOURCES) if mask >> i & 1]


def _counted(kinds: tuple[int, ...]) -> str:
    if kinds == (WONDER_COUNT,):
        return "Wonder"
    if all(k >= 0 for k in kinds):
        return "/".join(COLORS[k] for k in kinds) + " card"
    return "3 coins"


@lru_cache(maxsize=128)
def card_effect(key: str) -> str:
    """One-line effect of card ``key`` ("" for an unknown key)."""
    i = CARD_INDEX.get(key)
    if i is None:
        return ""
    c = CARDS[i]
    parts: list[str] = []
    made = [f"{q} {r}" if q > 1 else r for r, q in zip(RESOURCES, c.produce, strict=True) if q]
    if made:
        parts.append("+" + ", ".join(made))
    if c.choice:
        parts.append("/".join(_res_list(c.choice)) + " each turn")
    if c.fixed:
        parts.append("/".join(_res_list(c.fixed)) + " at 1 coin")
    if c.shields:
        parts.append(f"{c.shields} shield" + ("s" if c.shields > 1 else ""))
    if c.science >= 0:
        parts.append(SYMBOLS[c.science])
    if c.gain:
        parts.append(f"+{c.gain} coins")
    if c.per_each:
        parts.append(f"+{c.per_each} coin/{_counted((c.per_kind,))}")
    if c.guild_kinds:
        what = _counted(c.guild_kinds)
        coins = f" & {c.guild_coins} coin" if c.guild_coins else ""
        parts.append(f"{c.guild_vp} VP{coins} per {what}")
    if c.vp:
        parts.append(f"{c.vp} VP")
    return " · ".join(parts)


def cost_text(cost: dict[str, int], coins: int = 0) -> str:
    """'2 wood, glass, 3 coins' ('free' when nothing)."""
    parts = [f"{q} {r}" if q > 1 else r for r, q in cost.items() if q]
    if coins:
        parts.append(f"{coins} coin" + ("s" if coins > 1 else ""))
    return ", ".join(parts) or "free"


@lru_cache(maxsize=128)
def card_cost(key: str) -> tuple[dict[str, int], int, str]:
    """Printed resource cost, coin cost and chain hint of card ``key`` (empty when unknown)."""
    i = CARD_INDEX.get(key)
    if i is None:
        return {}, 0, ""
    c = CARDS[i]
    cost = {r: q for r, q in zip(RESOURCES, c.cost, strict=True) if q}
    hint = f"free with {c.free_with}" if c.free_with else ""
    return cost, c.coins, hint
