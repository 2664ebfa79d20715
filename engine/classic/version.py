"""The classic engine's rules version, stored with every game (docs/ENGINE_API.md)."""

from __future__ import annotations

__all__ = ["RULES_VERSION"]

# classic-2: a game with both the Leaders and the Cities boxes deals the Cities box's extra
# Leaders cards too (every other game plays exactly as under classic-1).
RULES_VERSION = "classic-2"
