"""The ``/wonders`` command group and every game component (lobby, Play, hand prompts)."""

from __future__ import annotations

from discord.ext import commands

from . import _duel, _info  # noqa: F401  (register their commands on the group)
from ._components import Components
from ._play import group
from ._views import WtButton, WtSelect

__all__ = ["setup", "teardown"]


async def setup(bot: commands.Bot) -> None:
    hub = bot.hub  # type: ignore[attr-defined]
    bot.route_components(Components(hub))  # type: ignore[attr-defined]
    bot.add_dynamic_items(WtButton, WtSelect)
    bot.tree.add_command(group)


async def teardown(bot: commands.Bot) -> None:
    bot.tree.remove_command(group.name)
    bot.remove_dynamic_items(WtButton, WtSelect)
