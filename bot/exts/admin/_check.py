"""The in-code admin check every ``/wonders-admin`` command carries (Discord's
``default_permissions`` only hides the group in its UI)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts.common import is_admin

__all__ = ["NotAdmin", "admin_only"]


class NotAdmin(app_commands.CheckFailure):
    """Raised by the in-code permission check (answered by the central error handler)."""


def admin_only(interaction: discord.Interaction) -> bool:
    if not is_admin(interaction):
        raise NotAdmin("Only server admins (Manage Server) can use /wonders-admin.")
    return True
