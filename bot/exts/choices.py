"""Slash-command choice lists shared by the extensions, built from the registered games."""

from __future__ import annotations

from discord import app_commands

from bot.games.registry import GAMES

__all__ = ["SIDES", "WONDERS", "game_choices"]

#: 7 Wonders table options (``/wonders create`` and the admin AI match offer the same).
SIDES = [app_commands.Choice(name=n, value=n) for n in ("random", "A", "B", "choose")]
WONDERS = [app_commands.Choice(name=n, value=n) for n in ("deal", "choose")]


def game_choices() -> list[app_commands.Choice[str]]:
    """One choice per game this bot hosts ("7 Wonders" → "classic")."""
    return [app_commands.Choice(name=game.title, value=kind) for kind, game in GAMES.items()]
