"""Slash-command choice lists shared by the extensions, built from the registered games."""

from __future__ import annotations

from discord import app_commands

from bot.games.expansions import EXPANSION_CHOICES
from bot.games.registry import GAMES

__all__ = ["SIDES", "VARIANTS", "WONDERS", "expansion_choices", "game_choices", "rules_choices"]

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
