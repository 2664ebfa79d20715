"""Per-game Cities facts kept in ``State.cx`` (``None`` in a base game)."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["CitiesExt", "LAST_TURN", "new_ext"]

# Hands of 8: each age has 7 turns (the last card of the 7th is discarded, as the 7th in base).
LAST_TURN = 7


class CitiesExt(NamedTuple):
    """Debt and Diplomacy tokens per seat, and this turn's coin losses.

    ``losses``: (builder seat, amount, per-kind or -1) of each loss card or stage placed this
    turn, resolved at the end of the turn (rules 3.4). ``owed``: per seat, the coins each victim
    must now pay or turn into debt (the ``debt`` phase); all zero outside it. ``causes``: in
    the ``debt`` phase, (builder seat, card id or -1, stage number or 0) of each card or stage
    behind the losses (the victims' prompts name them); empty outside it.
    """

    debt: tuple[int, ...]
    diplomacy: tuple[int, ...]
    losses: tuple[tuple[int, int, int], ...] = ()
    owed: tuple[int, ...] = ()
    causes: tuple[tuple[int, int, int], ...] = ()


def new_ext(players: int) -> CitiesExt:
    return CitiesExt((0,) * players, (0,) * players, (), (0,) * players)
