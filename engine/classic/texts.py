"""Texts of the base game's rules: card and stage effects (for players, and the terse form the
AI evaluators parse) and move descriptions."""

from __future__ import annotations

from engine.classic.data import BOARDS, CARDS, COLORS, RESOURCES, SCIENCE, EffectDef
from engine.classic.state import Move, Repick
from engine.classic.values import EFFECT_PARTS, MOVE_DESCRIPTIONS
from engine.wording import coins, count, paid_to_neighbours

__all__ = ["describe_move", "describe_pick", "effect_text", "res_names", "rule_text"]


def res_names(vec: tuple[int, ...]) -> dict[str, int]:
    """A resource vector as {resource name: units}, without the zeros."""
    return {RESOURCES[r]: q for r, q in enumerate(vec) if q}


def _goods(eff: EffectDef) -> list[str]:
    """The resources and points an effect gives, worded alike in both effect texts."""
    parts: list[str] = []
    if any(eff.produce):
        parts.append(", ".join(f"{q} {RESOURCES[r]}" for r, q in enumerate(eff.produce) if q))
    if eff.choice:
        parts.append("/".join(RESOURCES[r] for r in eff.choice))
    if eff.vp:
        parts.append(f"{eff.vp} VP")
    return parts


def rule_text(eff: EffectDef) -> str:
    """The terse effect text the AI evaluators parse (``card_info``'s ``rule``), e.g.
    '1 coins per brown (own)'; players read ``effect_text``. Kept stable on purpose."""
    parts = _goods(eff)
    if eff.shields:
        parts.append(f"{eff.shields} shield{'s' if eff.shields > 1 else ''}")
    if eff.science >= 0:
        parts.append(f"science: {SCIENCE[eff.science]}")
    if eff.coins:
        parts.append(f"{eff.coins} coins")
    if eff.discount:
        parts.append(_discount_text(eff.discount))
    for label, per in (("coins", eff.coins_per), ("VP", eff.vp_per)):
        if per:
            kinds, cities, each = per
            what = "+".join(
                (COLORS + ("wonder stages", "defeats", "victory tokens"))[k] for k in kinds
            )
            parts.append(f"{each} {label} per {what} ({_cities(cities)})")
    if eff.special:
        parts.append(eff.special.replace("_", " "))
    for more in EFFECT_PARTS:  # the plug-ins' effects (e.g. coin losses)
        parts += more(eff)
    return "; ".join(parts) or "no effect"


def effect_text(eff: EffectDef) -> str:
    """An effect as players read it, e.g. '2 wood', '1 coin per brown card (left/own/right)'
    or '1 VP per Wonder stage (own)'."""
    parts = _goods(eff)
    if eff.shields:
        parts.append(count(eff.shields, "shield"))
    if eff.science >= 0:
        parts.append(f"science: {SCIENCE[eff.science]}")
    if eff.coins:
        parts.append(coins(eff.coins))
    if eff.discount:
        parts.append(_discount_text(eff.discount))
    for word, per in (("coin", eff.coins_per), ("VP", eff.vp_per)):
        if per:
            kinds, cities, each = per
            parts.append(f"{count(each, word)} per {_kinds(kinds)} ({_cities(cities)})")
    if eff.special:
        parts.append(_SPECIALS.get(eff.special, eff.special.replace("_", " ")))
    for more in EFFECT_PARTS:  # the plug-ins' effects (e.g. coin losses)
        parts += more(eff)
    return "; ".join(parts) or "no effect"


_SPECIALS = {
    "free_build_once_per_age": "build one card for free once per Age",
    "play_seventh_card": "play the seventh card of each Age",
    "build_from_discard": "build a card from the discard pile for free",
    "copy_neighbour_guild": "copy a neighbour's guild",
}


def _kinds(kinds: tuple[int, ...]) -> str:
    """ "brown card", "brown/grey/purple card", "Wonder stage", "defeat"."""
    extra = {
        len(COLORS): "Wonder stage",
        len(COLORS) + 1: "defeat",
        len(COLORS) + 2: "victory token",
    }
    if all(k < len(COLORS) for k in kinds):
        return "/".join(COLORS[k] for k in kinds) + " card"
    return "/".join(extra.get(k, COLORS[k] if k < len(COLORS) else "?") for k in kinds)


def _cities(cities: tuple[int, ...]) -> str:
    return "/".join({-1: "left", 0: "own", 1: "right"}[c] for c in cities)


def _discount_text(discount: tuple[tuple[int, ...], tuple[int, ...]]) -> str:
    res, sides = discount
    where = " and ".join("left" if s < 0 else "right" for s in sides)
    kind = "raw materials" if res[0] < 4 else "manufactured goods"
    return f"buy {kind} from {where} for 1 coin"


def describe_pick(move: Move) -> str:
    """A wonder pick: "Pick Rhodos side A (Colossus of Rhodes)"."""
    b = BOARDS[move.card]
    return f"Pick {b.city} side {'AB'[move.left]} ({b.wonder})"


def describe_move(view_or_state: object, move: Move | Repick) -> str:
    """Human text, e.g. 'Build Baths (2 coins to left)'."""
    del view_or_state  # the text depends on the move only
    if isinstance(move, Repick):
        return f"Change the pick to: {describe_move(None, move.move)}"
    if move.action == "board":
        return describe_pick(move)
    described = MOVE_DESCRIPTIONS.get(move.action)
    if described is not None:  # a plug-in's action
        return described(move)
    name = CARDS[move.card].name
    tail = paid_to_neighbours(move.left, move.right)
    return {
        "build": f"Build {name}{tail}",
        "wonder": f"Wonder stage with {name}{tail}",
        "discard": f"Discard {name} for 3 coins",
        "free": f"Build {name} free ({_FREE_BY[CARDS[move.card].color == _BLACK]})",
        "salvage": f"Build {name} from the discard pile",
    }[move.action]


_BLACK = COLORS.index("black")
# Who builds a card for free: a black one is Caligula's once-an-Age build first (a Cities
# leader).
_FREE_BY = ("Olympia", "Caligula, else Olympia")
