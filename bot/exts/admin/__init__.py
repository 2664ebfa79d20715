"""The ``/wonders-admin`` command group."""

from __future__ import annotations

from discord.ext import commands

from . import _agents  # noqa: F401  (registers /wonders-admin agent)
from ._commands import admin_group

__all__ = ["setup", "teardown"]


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(admin_group)


async def teardown(bot: commands.Bot) -> None:
    bot.tree.remove_command(admin_group.name)
