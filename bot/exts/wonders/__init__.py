"""The ``/wonders`` command group and its components."""

from __future__ import annotations

from discord.ext import commands

from ._cog import WondersCog

__all__ = ["WondersCog", "setup"]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(WondersCog(bot))
