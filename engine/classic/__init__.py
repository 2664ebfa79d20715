"""7 Wonders (first edition, 3-7 players) rules engine. See shared/design/ENGINE_API.md."""

from __future__ import annotations

from engine.classic.data import BOARDS, CARDS
from engine.classic.views import ClassicView

__all__ = ["BOARDS", "CARDS", "ClassicView"]
