"""Static card facts (colour, cost) looked up by card name through the engines' public API.

Only rule tables are read here (``card_info``), never a game state; results are cached so a
render does no repeated scans.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine import classic

__all__ = ["classic_card"]


@lru_cache(maxsize=512)
def _info(name: str) -> tuple[str, tuple[tuple[str, int], ...], int, str]:
    try:
        info: dict[str, Any] = classic.card_info(name)
    except KeyError:
        return ("grey", (), 0, "")
    cost = tuple(sorted(info["cost"].items()))
    return (str(info["color"]), cost, int(info["coins"]), str(info["effect"]))


def classic_card(name: str) -> tuple[str, dict[str, int], int, str]:
    """(colour, resource cost, coin cost, effect text) of a classic card."""
    color, cost, coins, effect = _info(name)
    return color, dict(cost), coins, effect
