"""Texts and view fields of the Cities expansion (engine.classic.present calls these)."""

from __future__ import annotations

from typing import Any

from engine.classic.data import COUNT_KINDS, EffectDef
from engine.classic.state import DEBT, State
from engine.wording import coins

__all__ = ["city_fields", "effect_parts", "view_fields"]

_OWN = {1: "a resource type the city produces", 2: "a resource type the city does not produce"}


def effect_parts(eff: EffectDef) -> list[str]:
    """Short texts of an effect's Cities parts (empty for base effects)."""
    parts: list[str] = []
    if eff.coin_loss is not None:
        amount, per = eff.coin_loss
        kind = "victory token" if COUNT_KINDS[per] == "victories" else "Wonder stage"
        what = coins(amount) if per < 0 else f"1 coin per own {kind}"
        parts.append(f"every other player loses {what} (or takes debt)")
    if eff.diplomacy:
        parts.append("a Diplomacy token")
    if eff.mask:
        parts.append("copy a neighbour's green card symbol at the end")
    if eff.coins_to is not None:
        own, each = eff.coins_to
        parts.append(f"{coins(own)}; each neighbour takes {each}")
    if eff.produce_own:
        parts.append(f"once a turn: 1 unit of {_OWN[eff.produce_own]} (not for sale)")
    for side in eff.rebate:
        where = "left" if side < 0 else "right"
        parts.append(f"first resource bought from {where} each turn: 1 coin less")
    return parts


def city_fields(state: State, seat: int) -> dict[str, Any]:
    """``CityView`` fields of a Cities game: Debt and Diplomacy tokens (public)."""
    if state.cx is None:
        return {}
    return {"debt": state.cx.debt[seat], "diplomacy": state.cx.diplomacy[seat]}


def view_fields(state: State, seat: int | None) -> dict[str, Any]:
    """``ClassicView`` fields of a Cities game: the expansion and, in the ``debt`` phase, the
    coins each victim loses (public: everyone saw the card that caused it)."""
    if state.cx is None:
        return {}
    owed = list(state.cx.owed) if state.phase == DEBT else []
    return {"expansions": ["cities"], "coin_losses": owed}
