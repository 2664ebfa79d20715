"""Short texts of Babel's projects and tiles for players (views, /wonders card, events)."""

from __future__ import annotations

from engine.classic.babel.data import AGE, DECISIONS, TILES, ProjectDef, TileDef
from engine.classic.data import COLORS, RESOURCES
from engine.wording import age_name

__all__ = [
    "babel_law",
    "cost_text",
    "penalty_text",
    "project_card",
    "reward_text",
    "tile_card",
    "tile_tag",
    "tile_text",
]

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


def penalty_text(p: ProjectDef, old_rules: bool = False) -> str:
    """The penalty in words (``old_rules``: a game stored under rules classic-3 or before,
    where Double Walls' penalty was a penalty token)."""
    if p.penalty == "discard_card":
        return f"discard a {COLORS[p.penalty_arg]} card"
    if p.penalty == "lose_all_coins":
        return "lose all your coins"
    if p.penalty == "discard_victory_tokens":
        return f"discard {p.penalty_arg} victory tokens"
    if old_rules:
        return "your wonder's own resource is blocked (this game's rules: a penalty token)"
    sold = "" if DECISIONS["blocked_resource_sold"] else " (neighbours cannot buy it either)"
    return f"lose the use of your wonder's own resource for the rest of the game{sold}"


def tile_text(t: TileDef) -> str:
    """The tile's law (its data text), with the Age scaling said when it has one."""
    if t.coins == AGE:
        return f"{t.text} (Age number: 1/2/3)"
    return t.text


_TARGET_WORDS = {"wonder_stage": "wonder stages", "chain_build": "chain builds"}
_GROUPS = {(0, 1, 2, 3): "raw", (4, 5, 6): "goods"}
_FIXED = {
    "disable_production": "Double brown off",
    "disable_effects": "Trade cards off",
    "single_brown_unlimited": "Single brown: unlimited",
    "neighbour_chains": "Neighbours' chains",
    "victory_token_downgrade": "Victories downgraded",
}


def tile_tag(t: TileDef) -> tuple[str, str]:
    """The tile's law in a few words for the tower image ("Tax +Age: red cards") and the card
    colour it concerns ("" for none)."""
    target = t.target if t.target in COLORS else ""
    what = _TARGET_WORDS.get(t.target, f"{t.target} cards")
    amount = "Age" if t.coins == AGE else str(t.coins)
    if t.kind == "tax_on_build":
        return f"Tax +{amount}: {what}", target
    if t.kind == "bonus_on_build":
        return f"Bonus +{amount}: {what}", target
    if t.kind == "ignore_resource_cost":
        return f"No resources: {what}", target
    if t.kind == "coins_instead_of_resources":
        return f"1 coin/resource: {what}", target
    if t.kind == "trade_price_modifier":
        group = _GROUPS.get(t.resources, "/".join(RESOURCES[r] for r in t.resources))
        return f"Buy {group} {t.delta:+d}", ""
    if t.kind == "free_resource_per_turn":
        return "Free " + "/".join(RESOURCES[r] for r in t.resources), ""
    if t.kind == "defeat_tokens_per_loss":
        return f"{t.defeats} defeats per loss", ""
    return _FIXED.get(t.kind, t.text), ""


_ONE_SOURCE = "Unconfirmed: only one source lists it (docs/babel.md says how to correct the data)."


def tile_card(t: TileDef) -> str:
    """``/wonders card`` for a tile: its law and whether its data is confirmed."""
    sure = "Confirmed by two sources." if t.confirmed else _ONE_SOURCE
    return (
        f"**Babel tile {t.number}** (7 Wonders: Babel, Tower of Babel)\n"
        f"Law while visible on the tower, for every player: {tile_text(t)}\n{sure}"
    )


def project_card(p: ProjectDef) -> str:
    """``/wonders card`` for a Great Project: colour, cost, reward, penalty, confirmation."""
    named = " Its name is confirmed by the rulebook." if p.name_confirmed else ""
    sure = "Confirmed by two sources." if p.confirmed else _ONE_SOURCE + named
    return (
        f"**{p.name}** (7 Wonders: Babel, Great Project of {age_name(p.age)})\n"
        f"Join after building a {COLORS[p.color]} card; participation: {cost_text(p)}.\n"
        f"Success (no token left): {reward_text(p)}. Failure: each player without a token must "
        f"{penalty_text(p)} (or takes a penalty token).\n{sure}"
    )


def babel_law(number: object) -> str:
    """The law of tile ``number`` in lower case for a sentence ("" for a wrong number)."""
    if not isinstance(number, int) or not 1 <= number <= len(TILES):
        return ""
    text = TILES[number - 1].text.rstrip(".")
    return text[:1].lower() + text[1:]
