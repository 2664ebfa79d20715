"""Facts of cards and boards for the bot's card and wonder commands."""

from __future__ import annotations

from typing import Any

from engine.classic.data import BOARDS, CARDS, COLORS, RESOURCES, SCIENCE
from engine.classic.plugin import board_pool, card_owner, card_text, expansion_plugins
from engine.classic.texts import effect_text, res_names, rule_text

__all__ = ["board_names", "card_info", "card_names", "wonder_info"]


def card_names() -> list[str]:
    return sorted({c.name for c in CARDS})


def card_info(name: str) -> dict[str, Any]:
    """Facts of a card (all ages with that name), for the bot's card command."""
    found = [c for c in CARDS if c.name.lower() == name.lower()]
    if not found:
        raise KeyError(name)
    c = found[0]
    return {
        "name": c.name,
        "ages": [x.age for x in found],
        "color": COLORS[c.color],
        "cost": res_names(c.cost),
        "coins": c.coins,
        "copies": {n: sum(x.copies_for(n) for x in found) for n in range(3, 8)}
        if c.copies is not None
        else None,
        "chain_from": sorted({CARDS[i].name for x in found for i in x.chain_from}),
        "chain_to": sorted({CARDS[i].name for x in found for i in x.chain_to}),
        "effect": card_text(c.name) or effect_text(c.effect),
        "rule": card_text(c.name) or rule_text(c.effect),
        "expansion": _expansion_of(c.id),
    }


def board_names(expansions: tuple[str, ...] = ()) -> list[str]:
    """Board (city) names a table with these expansions plays (``wonder_info``,
    ``Config.wonders`` and positions): the base boards and the expansions' own."""
    return [BOARDS[b].city for b in board_pool(expansion_plugins(expansions))]


def _expansion_of(card: int) -> str | None:
    """The expansion a card comes from (None: the base game)."""
    owner = card_owner(card)
    return None if owner is None else owner.name


def wonder_info(board: str, side: str) -> dict[str, Any]:
    """Facts of one side of a board: starting resource and each stage's cost and effect.

    Each stage lists ``cost`` (resource -> units), ``effect`` (short text, as in ``card_info``)
    and the structured parts: ``vp``, ``coins``, ``shields``, ``science`` ("any" wildcard or
    None), ``choice`` (one-of resources produced for the owner only), ``discount`` (resources
    bought for 1 coin and from which neighbours) and ``special`` (free_build_once_per_age,
    play_seventh_card, build_from_discard, copy_neighbour_guild or None).
    """
    found = next((b for b in BOARDS if b.city.lower() == board.lower()), None)
    if found is None or side not in ("A", "B"):
        raise KeyError(f"{board} {side}")
    stages = []
    for st in found.sides[side == "B"]:
        eff = st.effect
        stages.append(
            {
                "cost": res_names(st.cost),
                "effect": effect_text(eff),
                "vp": eff.vp,
                "coins": eff.coins,
                "shields": eff.shields,
                "science": SCIENCE[eff.science] if eff.science >= 0 else None,
                "choice": [RESOURCES[r] for r in eff.choice],
                "discount": None
                if eff.discount is None
                else {
                    "resources": [RESOURCES[r] for r in eff.discount[0]],
                    "from": ["left" if x < 0 else "right" for x in eff.discount[1]],
                },
                "special": eff.special,
                "coin_cost": st.coins,
            }
        )
    return {
        "board": found.city,
        "wonder": found.wonder,
        "side": side,
        "resource": RESOURCES[found.resource] if found.resource >= 0 else None,
        "stages": stages,
    }
