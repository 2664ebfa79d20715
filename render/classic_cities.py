"""The Cities expansion's pictures (docs/cities.md): Ages of 7 turns, the coin-loss step's
waiting line, each city's Debt (-1 VP each) and Diplomacy tokens on its cards line, and the
score sheet's Cities (black cards) and Debt rows. Registered as ``PART`` (render.classic_parts).
"""

from __future__ import annotations

from typing import Any

from engine.classic import ClassicView
from engine.classic.views import CityView
from engine.common import Outcome
from render.kit import GOLD
from render.table_parts import Chip, ScoreRow, TablePart

__all__ = ["PART"]

_LOSS = (240, 120, 120)
_ROWS: list[ScoreRow] = [("cities", "Cities", "black"), ("debt", "Debt", "red")]


def _last_turn(v: ClassicView) -> int | None:
    return 7 if "cities" in v.expansions else None  # hands of 8: 7 turns an Age


def _chips(city: CityView) -> list[Chip]:
    """Debt and Diplomacy tokens, right-aligned on the city's cards line."""
    parts: list[Chip] = [(f"debt -{city.debt}", _LOSS)] if city.debt else []
    if city.diplomacy:
        parts.append((f"diplomacy {city.diplomacy}", GOLD))
    return parts


def _score_rows(view: Any, outcome: Outcome) -> list[ScoreRow]:
    played = "cities" in getattr(view, "expansions", ())
    return _ROWS if played or any(s.cities or s.debt for s in outcome.scores) else []


PART = TablePart(
    "cities",
    last_turn=_last_turn,
    phase_heads={"debt": "Coin loss, pay or take debt: "},
    city_chips=_chips,
    score_rows=_score_rows,
)
