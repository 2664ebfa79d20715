"""Coins from the bank that recruited leaders give for one resolved action (Xenophon,
Vitruvius, Hatshepsut; with Cities, Diocletian): a leaf module, used by ``effects`` and by the
Cities leaders' bank count (``cities``)."""

from __future__ import annotations

from engine.classic.data import CARDS, COLORS
from engine.classic.leaders.data import DECISIONS, LEADERS
from engine.classic.state import Move

__all__ = ["build_income"]

_YELLOW = COLORS.index("yellow")
_BLACK = COLORS.index("black")


def build_income(mine: tuple[int, ...], mv: Move, cid: int, chained: bool) -> int:
    """The coins from the bank that the leaders ``mine`` give for one resolved action."""
    gain = 0
    for lid in mine:
        d = LEADERS[lid]
        if d.on_event is not None and mv.action != "discard" and mv.action != "wonder":
            event, each = d.on_event
            color = CARDS[cid].color
            if event == "build_yellow" and color == _YELLOW:
                if mv.action != "salvage" or DECISIONS["xenophon_on_discard_build"]:
                    gain += each
            elif (
                event == "build_via_chain"
                and (
                    chained
                    or DECISIONS["vitruvius_on_free_builds"]
                    and mv.action in ("free", "salvage")
                )
                or event == "build_black"  # Diocletian: any build, free ones too
                and color == _BLACK
            ):
                gain += each
        if d.neighbour_buy_coins:
            gain += d.neighbour_buy_coins * ((mv.left > 0) + (mv.right > 0))
    return gain
