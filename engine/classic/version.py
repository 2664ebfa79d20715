"""The classic engine's rules version, stored with every game (docs/ENGINE_API.md)."""

from __future__ import annotations

__all__ = ["RULES_VERSION"]

# classic-2: a game with both the Leaders and the Cities boxes deals the Cities box's extra
# Leaders cards too (every other game plays exactly as under classic-1).
# classic-3: in Leaders games Babylon B's 7th card takes the leaders' discounts (Leonidas,
# Imhotep, Ramses, Bilkis, ...) and a purchase the Clandestine Docks made free earns Hatshepsut's
# coin (Config.leaders_v3; games without Leaders play exactly as under classic-2).
# classic-4: a production change per city (engine.classic.production): Babel's Double Walls
# penalty blocks the wonder's own resource instead of a penalty token, and Edifice draws River
# Port and Factory in Age II (Config.projects_v4; games without Babel's Great Projects or
# Edifice play exactly as under classic-3).
# classic-5: in Leaders games a recruitment turn's wonder stage runs the other plug-ins' build
# hook and their owed steps come before the Age is dealt: with Edifice, a stage built with a
# leader offers the join (Config.leaders_v5; games without Leaders play exactly as before).
# classic-6: in Leaders + Babel games a Victory token tile 19 removes earns no Nero coins (Babel
# rules 6.1; Config.tile19_nero; every other game plays exactly as under classic-5).
RULES_VERSION = "classic-6"
