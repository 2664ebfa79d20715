"""Turn an ``engine.duel`` view into a ``DuelScene`` (the only module that knows its fields)."""

from __future__ import annotations

from typing import Any

from render.duel_scene import DuelScene

__all__ = ["scene_of"]


def scene_of(view: Any) -> DuelScene:
    raise NotImplementedError("engine.duel views have not landed yet")
