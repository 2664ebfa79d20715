"""Slash-command choice lists shared by the extensions, built from the registered games."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from discord import app_commands

from bot.games.classic.expansions import EXPANSION_CHOICES
from bot.games.registry import GAMES

__all__ = [
    "SIDES",
    "TABLE_OPTIONS",
    "VARIANTS",
    "WONDERS",
    "expansion_choices",
    "game_choices",
    "rules_choices",
    "table_options",
]

F = TypeVar("F", bound=Callable[..., object])

#: 7 Wonders table options (``/wonders create`` and the admin AI match offer the same).
SIDES = [app_commands.Choice(name=n, value=n) for n in ("random", "A", "B", "choose")]
WONDERS = [app_commands.Choice(name=n, value=n) for n in ("deal", "choose")]
VARIANTS = [app_commands.Choice(name=n, value=n) for n in ("none", "gods-heroes")]


def game_choices() -> list[app_commands.Choice[str]]:
    """One choice per game this bot hosts ("7 Wonders" → "classic")."""
    return [app_commands.Choice(name=game.title, value=kind) for kind, game in GAMES.items()]


def expansion_choices() -> list[app_commands.Choice[str]]:
    """The 7 Wonders expansions a table may play ("Leaders + Cities" → "leaders+cities")."""
    return [app_commands.Choice(name=name, value=value) for name, value in EXPANSION_CHOICES]


def rules_choices() -> list[app_commands.Choice[str]]:
    """``/wonders rules`` topics for the expansions ("7 Wonders: Leaders" → "leaders")."""
    return [
        app_commands.Choice(name=f"7 Wonders: {name}", value=value)
        for name, value in EXPANSION_CHOICES
        if "+" not in value and value != "none"
    ]


#: What each table option means, shown under the option in Discord's command picker.
TABLE_OPTIONS = {
    "game": "Which game",
    "players": "Seats (7 Wonders: 3-7, or 2 with the neutral Free City)",
    "sides": "Wonder board sides (choose: each player picks theirs)",
    "wonders": "7 Wonders: boards dealt at random, or each player chooses one",
    "expansions": "7 Wonders expansions: Leaders, Cities, Babel, Edifice, or a combination",
    "variant": "7 Wonders house variant: gods-heroes (3-7 players)",
}


def table_options(
    choices: dict[str, list[app_commands.Choice[str]]] | None = None, **texts: str
) -> Callable[[F], F]:
    """Describe and offer the table options (game, players, sides, wonders, expansions,
    variant) of a command that opens a table, the same way wherever one does; ``texts`` and
    ``choices`` add the command's own options. The command's parameters must carry those
    names (discord.py refuses a description or choice list for an unknown one)."""
    describe = app_commands.describe(**TABLE_OPTIONS, **texts)
    offer = app_commands.choices(
        game=game_choices(),
        sides=SIDES,
        wonders=WONDERS,
        expansions=expansion_choices(),
        variant=VARIANTS,
        **(choices or {}),
    )

    def decorate(command: F) -> F:
        return describe(offer(command))

    return decorate
