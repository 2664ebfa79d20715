"""Pure rules engines for 7 Wonders (``engine.classic``) and 7 Wonders Duel (``engine.duel``).

Both game modules expose the same functions (see ``shared/design/ENGINE_API.md``); the bot, the
renderer and the AI reach a game through :func:`game_module`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["GAME_KINDS", "game_module"]

GAME_KINDS: tuple[str, ...] = ("classic", "duel")


def game_module(kind: str) -> ModuleType:
    """Return ``engine.classic`` or ``engine.duel`` for a game kind stored in a game record."""
    if kind not in GAME_KINDS:
        raise ValueError(f"unknown game kind {kind!r}; expected one of {', '.join(GAME_KINDS)}")
    return importlib.import_module(f"engine.{kind}")
