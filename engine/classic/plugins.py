"""The registry of the classic engine's built-in plug-ins (engine.classic.plugin).

Order matters where two plug-ins meet: a hook runs in this order (Cities settles its coin
losses and Diplomacy before Leaders fights the conflicts; both add their boards in this order,
which fixes the board ids a seed deals), so append new plug-ins at the end.
"""

from __future__ import annotations

from engine.classic.babel.projects_plugin import PROJECTS_PLUGIN
from engine.classic.babel.tower_plugin import TOWER_PLUGIN
from engine.classic.cities.plugin import CITIES
from engine.classic.edifice.plugin import EDIFICE
from engine.classic.leaders.plugin import LEADERS_PLUGIN
from engine.classic.plugin import register
from engine.classic.variants.gods_plugin import GODS_HEROES
from engine.classic.variants.two_plugin import FREE_CITY_PLUGIN

__all__ = ["BUILT_IN"]

BUILT_IN = (
    FREE_CITY_PLUGIN,
    CITIES,
    LEADERS_PLUGIN,
    GODS_HEROES,
    PROJECTS_PLUGIN,
    TOWER_PLUGIN,
    EDIFICE,
)
for _plugin in BUILT_IN:
    register(_plugin)
