"""A seat's private prompt at its current state, whatever the game (the game's adapter builds
it: ``bot.games.<kind>``)."""

from __future__ import annotations

from bot.model.game import PromptStep, Table
from bot.model.prompt import Prompt

__all__ = ["build_prompt"]


def build_prompt(
    table: Table,
    seat: int,
    *,
    card: str | None = None,
    action: str | None = None,
    move: str | None = None,
    page: int = 0,
    head: str = "",
) -> Prompt:
    """The prompt of ``seat`` at the current state (``card``/``action``/``move``: step)."""
    if seat not in table.to_act():
        return Prompt(head + "Nothing to do for you right now.")
    return table.game.prompt(table, seat, PromptStep(card, action, move, page, head))
