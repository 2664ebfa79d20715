"""Gods & Heroes in the hand prompt: "Invoke <God>" next to the card steps when the engine
offers ``power:`` moves (docs/gods-and-heroes.md). An untargeted power is one button; a
power with targets is a select (``ws:pw``) of its moves, then an Invoke button."""

from __future__ import annotations

from bot.model.game import Table
from bot.model.ids import button_id, select_id
from bot.model.prompt import PAGE, ButtonSpec, OptionSpec, SelectSpec
from bot.model.prompt import cut as _cut
from engine.classic import ClassicView
from engine.classic.views import MoveView

__all__ = ["power_head", "power_parts"]

# Seth with 5-7 players offers up to 42 targets: two selects of 25 hold them all.
_MAX_SELECTS = 2


def _powers(view: ClassicView) -> list[MoveView]:
    return [m for m in view.legal_moves if m.action == "power"]


def power_head(view: ClassicView) -> str:
    """One line above the hand: the god ready to invoke, or the power invoked this turn."""
    gods = getattr(view, "gods", None)
    if gods is None:
        return ""
    mine = next((g for g in gods.gods if g.seat == view.seat), None)
    if gods.my_power:
        god = mine.god if mine else "your god"
        return f"⚡ You invoked {god} this turn (secret until the reveal). Now pick a card.\n"
    powers = _powers(view)
    if not powers or mine is None:
        return ""
    return f"⚡ **{mine.god}** is ready ({mine.power}): invoke it before your pick, or keep it.\n"


def power_parts(
    table: Table, view: ClassicView, chosen: str | None
) -> tuple[tuple[SelectSpec, ...], tuple[ButtonSpec, ...]]:
    """The power step's components (none when no power may be invoked now)."""
    powers = _powers(view)
    if not powers:
        return (), ()
    god = powers[0].card
    if len(powers) == 1:
        move = powers[0].move
        return (), (ButtonSpec(f"Invoke {god}", button_id("mv", table.id, table.version, move)),)
    selects = tuple(
        SelectSpec(
            select_id("pw", table.id, table.version, str(i)),
            f"Invoke {god}: choose the target",
            tuple(
                OptionSpec(_cut(m.text), m.move, default=m.move == chosen)
                for m in powers[i * PAGE : (i + 1) * PAGE]
            ),
        )
        for i in range(min(_MAX_SELECTS, -(-len(powers) // PAGE)))
    )
    legal = {m.move for m in powers}
    if chosen in legal:
        button = ButtonSpec(
            f"Invoke {god}", button_id("mv", table.id, table.version, chosen), "primary"
        )
    else:
        button = ButtonSpec(
            f"Invoke {god}: choose a target first",
            button_id("act", table.id, table.version, f"power:{god}"),
            disabled=True,
        )
    return selects, (button,)
