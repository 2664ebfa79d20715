"""What a 7 Wonders expansion adds to the bot: the prompts of its own steps and why a seat
waits during them. Each expansion module beside this one (``leaders``, ``cities``) exports one
``BotExpansion``, registered by one line in ``bot.games.classic.expansions.BOT_EXPANSIONS``;
the classic adapter and its prompts loop over the registry and name no expansion."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.model.game import PromptStep, Table
from bot.model.prompt import Prompt
from engine.classic import ClassicView

__all__ = ["BotExpansion"]

#: (table, the seat's view, seat, step) -> the seat's prompt in the expansion's own steps,
#: None in every other step (the hand or the move list takes over)
PromptHook = Callable[[Table, ClassicView, int, PromptStep], Prompt | None]
#: (the seat's view, seat, player names) -> why the seat waits in the expansion's steps, or None
WaitHook = Callable[[ClassicView, int, list[str]], str | None]


def _no_prompt(table: Table, view: ClassicView, seat: int, step: PromptStep) -> Prompt | None:
    return None


def _no_wait(view: ClassicView, seat: int, names: list[str]) -> str | None:
    return None


@dataclass(frozen=True)
class BotExpansion:
    #: the engine's ``Config.expansions`` value ("leaders"), also the ``expansions:`` option's
    name: str
    #: as choice lists and lobby posts say it ("Leaders")
    title: str
    prompt: PromptHook = _no_prompt
    wait_text: WaitHook = _no_wait
