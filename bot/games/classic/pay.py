"""How a 7 Wonders payment reads on its option: each neighbour paid, by name."""

from __future__ import annotations

from engine.classic import ClassicView
from engine.wording import coins

__all__ = ["pay_label"]


def pay_label(view: ClassicView, city: int | None, left: int, right: int) -> str:
    """ "2 coins to Bo (left), 1 coin to Cy (right)": each neighbour paid, by name (``seat N``
    until ``named_prompt`` names it; "you" when the Free City pays the viewer)."""
    n = len(view.cities)
    at = city if city is not None else 0
    paid = []
    for amount, side, seat in ((left, "left", (at - 1) % n), (right, "right", (at + 1) % n)):
        if amount:
            who = "you" if seat == view.seat and at != view.seat else f"seat {seat}"
            paid.append(f"{coins(amount)} to {who} ({side})")
    return ", ".join(paid) or "no coins to your neighbours"
