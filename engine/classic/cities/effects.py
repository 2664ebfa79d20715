"""What a placed black card, Cities guild or Cities wonder stage does at once: coins from the
bank for the owner and its neighbours, Diplomacy tokens, and coin losses recorded for the end
of the turn (rules 3.4, 4.1, 6.3)."""

from __future__ import annotations

from engine.classic.cities.ext import CitiesExt
from engine.classic.data import EffectDef

__all__ = ["on_place"]


def on_place(
    cx: CitiesExt,
    seat: int,
    eff: EffectDef,
    n: int,
    delta: list[int],
    source: tuple[int, int] = (-1, 0),
) -> CitiesExt:
    """``cx`` after ``seat`` placed a card or stage with effect ``eff``; coin gains go into
    ``delta`` (the turn's coin changes per seat, applied once at the end of the resolution).
    ``source``: (card id, 0) or (-1, stage number), named to the victims of a coin loss."""
    if eff.coins_to is not None:
        own, each = eff.coins_to
        delta[seat] += own
        delta[(seat - 1) % n] += each
        delta[(seat + 1) % n] += each
    if eff.diplomacy:
        dip = cx.diplomacy
        cx = cx._replace(diplomacy=dip[:seat] + (dip[seat] + eff.diplomacy,) + dip[seat + 1 :])
    if eff.coin_loss is not None:
        amount, per = eff.coin_loss
        cx = cx._replace(
            losses=cx.losses + ((seat, amount, per),), causes=cx.causes + ((seat, *source),)
        )
    return cx
