"""Short texts of Edifice projects: cost, reward and penalty (views, prompts, /wonders card)."""

from __future__ import annotations

from engine.classic.data import COLORS, RESOURCES
from engine.classic.edifice.data import DECISIONS, ProjectDef

__all__ = ["cost_text", "penalty_text", "reward_text"]

_VP_TOKEN = {1: 1, 2: 3, 3: 5}


def cost_text(p: ProjectDef) -> str:
    parts = [f"{p.coins} coin{'s' if p.coins != 1 else ''}"] if p.coins else []
    parts += [f"{q} {RESOURCES[r]}" for r, q in enumerate(p.resources) if q]
    return " + ".join(parts) or "nothing"


def reward_text(p: ProjectDef) -> str:
    r = p.reward
    parts = []
    if r.coins:
        parts.append(f"{r.coins} coins")
    if r.shields:
        parts.append(f"{r.shields} shield{'s' if r.shields > 1 else ''}")
    if r.victory_token_age:
        parts.append(f"a {_VP_TOKEN[r.victory_token_age]}-VP victory token")
    if r.remove_defeats:
        parts.append("discard all your defeat tokens")
    if r.vp_stages:
        parts.append(f"{r.vp_stages} VP per wonder stage built (end of game)")
    if r.vp_pairs:
        parts.append(f"{r.vp_pairs} VP per brown + grey pair (end of game)")
    if r.vp_blue:
        parts.append(f"{r.vp_blue} VP per blue card (end of game)")
    if r.vp_colours:
        parts.append(f"{r.vp_colours} VP per Age-card colour you have (end of game)")
    if r.guild_twice:
        parts.append("one of your guilds scores twice (end of game)")
    if r.produces:
        buy = (
            " (neighbours may buy it)"
            if DECISIONS["reward_production_sold"]
            else ", for its own use"
        )
        parts.append(f"your city produces one of {'/'.join(r.produces)} each turn{buy}")
    return ", ".join(parts)


def penalty_text(p: ProjectDef) -> str:
    kind, amount, colour = p.penalty
    debt = -DECISIONS["debt_vp"][p.age]
    if kind == "lose_coins":
        what = f"lose {amount} coins"
    elif kind == "discard":
        what = f"discard a {COLORS[colour]} card"
    else:
        what = f"discard {amount} victory tokens"
    return f"{what} (or take a −{debt} VP Edifice debt token)"
