"""Where an expansion's AI module plugs into the classic evaluation (``classic_eval``).

An expansion's AI part (``engine/ai/classic_leaders.py`` ...) fills these tables when
:mod:`engine.ai.classic_parts` imports it; ``classic_eval`` only reads them, so it never names
an expansion module (and imports none: no import cycle).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["GUILD_VALUES", "MOVE_REASONS", "MOVE_VALUES"]

# move action -> its value in VP-equivalents: (view, move, greedy) -> float
MOVE_VALUES: dict[str, Callable[[Any, Any, bool], float]] = {}
# move action -> its hint: (view, move view) -> (headline, [(weight in VP, phrase), ...])
MOVE_REASONS: dict[str, Callable[[Any, Any], tuple[str, list[tuple[float, str]]]]] = {}
# guild name -> its value to the viewer's city: (view, own city view, name) -> float
GUILD_VALUES: dict[str, Callable[[Any, Any, str], float]] = {}
