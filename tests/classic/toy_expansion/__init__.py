"""A tiny test-only expansion: "Rich Markets" — selling a card gives 4 coins instead of 3.

It proves an expansion is a plug-in (engine.classic.plugin): this package and its test are the
only files it needs; no module of the engine changes. Its picture (``picture.py``) joins the
table image the same way, through render.table_parts: no module of the renderer changes. It
has no State slot of its own, so its per-game value (none) lives in ``State.ext``.
"""

from __future__ import annotations

from typing import Any

from engine.classic.plugin import Plugin, Resolution
from engine.classic.state import Move, State
from engine.classic.stats import Stats

__all__ = ["RICH_MARKETS", "RichMarkets"]

BONUS = 1  # one coin more than the base game's 3 for a sold card


class _Selling(Resolution):
    def placed(
        self, seat: int, move: Move, cid: int, effect: Any, stats: Stats, delta: list[int]
    ) -> None:
        if move.action == "discard":
            delta[seat] += BONUS


class RichMarkets(Plugin):
    name = "rich-markets"

    def resolution(self, state: State) -> Resolution:
        return _Selling()

    def public_view(
        self, state: State, seat: int | None, moves: list[Move], fields: dict[str, Any]
    ) -> None:
        """The views say it is played (its picture, ``picture.TOY_PART``, reads that)."""
        fields["expansions"] = [*fields.get("expansions", []), self.name]


RICH_MARKETS = RichMarkets()
