"""Texts and view fields of the Cities expansion (engine.classic.present calls these)."""

from __future__ import annotations

from typing import Any

from engine.classic.data import BOARDS, CARDS, COUNT_KINDS, EffectDef
from engine.classic.state import DEBT, State
from engine.wording import coins

__all__ = ["city_fields", "effect_parts", "view_fields"]

_OWN = {1: "a resource type the city produces", 2: "a resource type the city does not produce"}


def effect_parts(eff: EffectDef) -> list[str]:
    """Short texts of an effect's Cities parts (empty for base effects)."""
    parts: list[str] = []
    if eff.coin_loss is not None:
        amount, per = eff.coin_loss
        parts.append(f"every other player loses {_loss_text(amount, per)} (or takes debt)")
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


def _loss_text(amount: int, per: int) -> str:
    """What each other player loses: "2 coins", or a count of their own city (Sepulcher:
    the Victory tokens each victim holds, not the builder's)."""
    if per < 0:
        return coins(amount)
    if COUNT_KINDS[per] == "victories":
        return "1 coin for each Victory token they hold"
    return "1 coin for each Wonder stage they have built"


def loss_causes(state: State) -> list[dict[str, Any]]:
    """The cards and stages behind the coin losses of a ``debt`` phase
    (``ClassicView.coin_loss_causes``: public, everyone saw them built)."""
    if state.phase != DEBT or state.cx is None:
        return []
    out: list[dict[str, Any]] = []
    for seat, cid, stage in state.cx.causes:
        if cid >= 0:
            eff, source = CARDS[cid].effect, CARDS[cid].name
        else:
            city = state.cities[seat]
            board = BOARDS[city.board]
            eff = board.sides[city.side][stage - 1].effect
            source = f"Wonder stage {stage} ({board.city})"
        assert eff.coin_loss is not None
        out.append({"seat": seat, "source": source, "loss": _loss_text(*eff.coin_loss)})
    return out


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
    return {"expansions": ["cities"], "coin_losses": owed, "coin_loss_causes": loss_causes(state)}
