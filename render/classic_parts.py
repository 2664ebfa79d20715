"""The expansions' parts of the 7 Wonders images, registered with ``render.table_parts`` on
import (one line per expansion: adding one is one line here). Their order is the order of the
table's panels and of the score sheet's rows."""

from __future__ import annotations

from render import (
    classic_babel,
    classic_cities,
    classic_edifice,
    classic_gods,
    classic_leaders,
    free_city,
)
from render.table_parts import register

__all__ = ["PARTS"]

PARTS = (
    classic_leaders.PART,
    classic_cities.PART,
    classic_gods.PART,
    classic_babel.PART,
    classic_edifice.PART,
    free_city.PART,
)
for _part in PARTS:
    register(_part)
