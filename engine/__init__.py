"""Pure rules engines for 7 Wonders (``engine.classic``) and 7 Wonders Duel (``engine.duel``).

Both game modules expose the same functions: the protocol ``engine.protocol.GameModule``, checked by
mypy in ``engine.games`` (the typed registry: ``engine.games.game(kind)``), and described in
docs/ENGINE_API.md. :func:`game_module` is the lazy, untyped way in (it imports only the engine
asked for).

The engines may be called from several threads at once (AI searches in worker threads while the
event loop applies moves): every module-level cache follows the rule written in
:mod:`engine.caches`.
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
