"""The one error path for commands and components: expected errors become a short ephemeral
sentence; anything else an apology plus a full log line (guild, channel, user, game id)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.exts.views import buttons_view
from bot.model.errors import StaleVersion, UserError
from bot.model.ids import button_id
from bot.model.prompt import ButtonSpec

__all__ = ["APOLOGY", "handle_error", "say"]

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on our side. The game is safe; please try again in a moment."


async def say(
    interaction: discord.Interaction,
    text: str,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged."""
    kwargs: dict[str, Any] = {"ephemeral": True}
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    if interaction.response.is_done():
        await interaction.followup.send(text[:2000], **kwargs)
    else:
        await interaction.response.send_message(text[:2000], **kwargs)


def _expected(error: BaseException) -> str | None:
    if isinstance(error, UserError):
        return str(error)
    if isinstance(error, app_commands.MissingPermissions):
        return "You need the Manage Server permission for this."
    if isinstance(error, app_commands.NoPrivateMessage):
        return "This command only works in a server channel."
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or "You can't use this command here."
    if isinstance(error, app_commands.TransformerError):
        return f"I couldn't read {error.value!r}."
    return None


async def handle_error(
    interaction: discord.Interaction, error: BaseException, game_id: int | None = None
) -> None:
    """Answer ``error`` to the user (never leaves an interaction unanswered)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    text = _expected(error)
    view = None
    if isinstance(error, StaleVersion):
        view = buttons_view(
            [
                ButtonSpec(
                    "Play your turn", button_id("play", error.game_id, error.version), "primary"
                )
            ]
        )
    if text is None:
        log.error(
            "unexpected error: guild=%s channel=%s user=%s game=%s interaction=%s",
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            game_id,
            _what(interaction),
            exc_info=error,
        )
        text = APOLOGY
    try:
        await say(interaction, text, view)
    except discord.HTTPException:
        log.warning("could not answer interaction %s: %s", interaction.id, text)


def _what(interaction: discord.Interaction) -> str:
    data: Mapping[str, object] = interaction.data or {}
    # A custom_id comes from the client and may be forged at any length: the log gets 200.
    return str(data.get("custom_id") or data.get("name") or interaction.type)[:200]
