"""The ``/wonders-admin`` command group."""

from __future__ import annotations

from discord.ext import commands

from bot.client import WondersBot

from ._commands import AdminCommands, admin_group

__all__ = ["setup", "teardown"]

_NAME = "wonders-admin"


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, WondersBot) or bot.hub is None:
        raise TypeError("the admin extension runs in a WondersBot with its services built")
    group = admin_group()
    for command in AdminCommands(bot.hub, bot.tree).commands():
        group.add_command(command)
    bot.tree.add_command(group)


async def teardown(bot: commands.Bot) -> None:
    bot.tree.remove_command(_NAME)
