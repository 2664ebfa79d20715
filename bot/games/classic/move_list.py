"""The shared "Choose your move" list of a seat's prompt: the legal moves in a select, pages
of 25, then Confirm. Every step without a prompt of its own uses it, and an expansion's module
may put its own head over it (Babel's tile draft and join question)."""

from __future__ import annotations

from bot.games.classic.seam import ENGINE, legal_of, view_of
from bot.model.game import Table
from bot.model.ids import button_id, select_id
from bot.model.prompt import PAGE, ButtonSpec, OptionSpec, Prompt, SelectSpec
from bot.model.prompt import cut as _cut

__all__ = ["move_list"]


def move_list(table: Table, seat: int, page: int, chosen: str | None, head: str) -> Prompt:
    view = view_of(table, seat)
    moves = legal_of(table, seat)
    pages = max(1, -(-len(moves) // PAGE))
    page = min(max(page, 0), pages - 1)
    shown = moves[page * PAGE : (page + 1) * PAGE]
    options = tuple(
        OptionSpec(_cut(ENGINE.describe_move(view, m)), str(m), default=str(m) == chosen)
        for m in shown
    )
    buttons = []
    if chosen:
        buttons.append(
            ButtonSpec("Confirm", button_id("mv", table.id, table.version, chosen), "success")
        )
    if page > 0:
        buttons.append(
            ButtonSpec("Previous", button_id("pg", table.id, table.version, str(page - 1)))
        )
    if page + 1 < pages:
        buttons.append(
            ButtonSpec("More moves", button_id("pg", table.id, table.version, str(page + 1)))
        )
    more = f" (page {page + 1} of {pages})" if pages > 1 else ""
    text = f"{head}Your move{more}: choose it, then Confirm."
    # Halikarnassos chooses from the discard pile, which the hand image does not show.
    return Prompt(
        text,
        (
            SelectSpec(
                select_id("move", table.id, table.version, str(page)), "Choose your move", options
            ),
        ),
        tuple(buttons),
        image=view.phase != "discard_build",
    )
