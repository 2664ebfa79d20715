"""What every feature of the extensions shares: the ``Feature`` base (slash commands as
methods of an object holding its services), permission and name helpers, common options."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.hub import Hub
from bot.presenters.levels import LEVEL_NAMES

__all__ = [
    "GAME",
    "LEVELS",
    "Feature",
    "SlashItem",
    "is_admin",
    "remember",
    "remember_user",
    "slash",
]

F = TypeVar("F", bound=Callable[..., object])

#: What a feature adds to its extension's group: a command, or a subgroup of commands.
SlashItem = app_commands.Command[Any, ..., Any] | app_commands.Group

# Shown as Easy … Expert; the value is the stored level (the services accept either name).
LEVELS = [app_commands.Choice(name=name, value=level) for level, name in LEVEL_NAMES.items()]


@dataclass(frozen=True)
class _Slash:
    name: str
    description: str
    autocomplete: dict[str, str] = field(default_factory=dict)


def slash(name: str, description: str, /, **autocomplete: str) -> Callable[[F], F]:
    """Mark a ``Feature`` method as the slash command ``name``; ``autocomplete`` maps an
    option to the name of the method that completes it. The usual ``app_commands``
    decorators (describe, choices, check) go below this one."""

    def mark(func: F) -> F:
        func.__wonders_slash__ = _Slash(name, description, dict(autocomplete))  # type: ignore[attr-defined]
        return func

    return mark


class Feature:
    """One feature's slash commands, bound to the services they use (given, not looked up)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def commands(self) -> list[SlashItem]:
        """The marked methods as commands of this instance (for the extension's group)."""
        made: list[SlashItem] = []
        for attr, func in vars(type(self)).items():
            spec = getattr(func, "__wonders_slash__", None)
            if not isinstance(spec, _Slash):
                continue
            command: app_commands.Command[Any, ..., Any] = app_commands.Command(
                name=spec.name, description=spec.description, callback=getattr(self, attr)
            )
            for option, method in spec.autocomplete.items():
                command.autocomplete(option)(getattr(self, method))
            made.append(command)
        return made


def GAME(func: F) -> F:  # noqa: N802  (reads like the other decorators)
    """Describe the optional ``game`` option (a fresh decorator: describe() keeps state)."""
    return app_commands.describe(game="Game number (default: your newest game in this channel)")(
        func
    )


def is_admin(interaction: discord.Interaction) -> bool:
    """Manage Server (or Administrator) in this channel: checked in code, not only by Discord."""
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def remember(hub: Hub, interaction: discord.Interaction) -> None:
    """Learn the name of whoever interacts (stored with their seats on the next table load)."""
    remember_user(hub, interaction.user, interaction.guild_id)


def remember_user(hub: Hub, user: discord.User | discord.Member, guild_id: int | None) -> None:
    """A Member's display name is their nickname in that server."""
    hub.names.remember(user.id, getattr(user, "display_name", None) or user.name, guild_id)
