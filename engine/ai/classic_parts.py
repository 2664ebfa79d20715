"""The expansions' AI parts for the classic game, registered with ``classic_hooks`` on import
(one import per expansion: adding one is one line here)."""

from __future__ import annotations

from engine.ai import classic_babel, classic_cities, classic_edifice, classic_gods, classic_leaders

__all__ = ["PARTS"]

PARTS = (classic_leaders, classic_cities, classic_gods, classic_babel, classic_edifice)
