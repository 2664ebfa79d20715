"""The ``/wonders`` command group (one feature module each: lobby, play, info, duel) and every
game component (lobby buttons, Play your turn, hand prompts)."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.client import WondersBot
from bot.exts.common import Feature
from bot.exts.views import WtButton, WtSelect
from bot.hub import Hub

from ._components import Components
from ._duel import DuelCommands
from ._hints import HintsCommands
from ._history import HistoryCommands
from ._info import InfoCommands
from ._lobby import LobbyCommands
from ._people import PeopleCommands
from ._play import PlayCommands
from ._restart import catch_up
from ._tutorial import TutorialCommands

__all__ = ["catch_up", "setup", "teardown", "wonders_group"]

_NAME = "wonders"


def wonders_group(hub: Hub) -> app_commands.Group:
    """``/wonders`` with every feature's commands bound to ``hub``'s services."""
    group = app_commands.Group(
        name=_NAME, description="Play 7 Wonders and 7 Wonders Duel", guild_only=True
    )
    features: tuple[Feature, ...] = (
        LobbyCommands(hub),
        PlayCommands(hub),
        InfoCommands(hub),
        DuelCommands(hub),
        PeopleCommands(hub),
        HintsCommands(hub),
        TutorialCommands(hub),
        HistoryCommands(hub),
    )
    for feature in features:
        for command in feature.commands():
            group.add_command(command)
    return group


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, WondersBot) or bot.hub is None:
        raise TypeError("the wonders extension runs in a WondersBot with its services built")
    bot.route_components(Components(bot.hub))
    bot.add_dynamic_items(WtButton, WtSelect)
    bot.tree.add_command(wonders_group(bot.hub))


async def teardown(bot: commands.Bot) -> None:
    bot.tree.remove_command(_NAME)
    bot.remove_dynamic_items(WtButton, WtSelect)
    if isinstance(bot, WondersBot):
        bot.route_components(None)
