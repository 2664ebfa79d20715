"""The tutorial's pages and buttons (Back / Next / Close, Practice game) for ``_tutorial``.

The buttons are ordinary ``wt:`` components (``wt:tut:<game>:<page>``, ``wt:tutx``,
``wt:tutp``): they carry the page, so they keep working after a restart.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import discord

from bot.exts.errors import say
from bot.services.hints import COACH
from bot.services.ids import ComponentId
from bot.services.lobby import LobbyOptions
from bot.services.prompts_kit import Prompt
from bot.services.tutorial import (
    NAMES,
    kind_of,
    page,
    page_text,
    tutorial_buttons,
)

from ._hub import Hub
from ._post import image_file
from ._views import prompt_view

__all__ = ["page_message", "tutorial_verbs"]

Handler = Callable[[discord.Interaction, ComponentId, list[str]], Awaitable[None]]


async def page_message(kind: str, number: int) -> dict[str, object]:
    """content, view and picture of a tutorial page (rendered off the event loop)."""
    p = await asyncio.to_thread(page, kind, number)
    names = list(NAMES[: len(p.view.cities)])
    file = await image_file(kind, p.image, p.view, names, p.outcome, f"tutorial-{kind}.png")
    prompt = Prompt(page_text(p), buttons=tutorial_buttons(kind, p.number))
    return {
        "content": prompt.text[:2000],
        "view": prompt_view(prompt),
        "attachments": [file] if file is not None else [],
    }


def tutorial_verbs(hub: Hub) -> dict[str, Handler]:
    async def turn(interaction: discord.Interaction, cid: ComponentId, values: list[str]) -> None:
        await interaction.response.defer()
        message = await page_message(kind_of(cid.game_id), cid.version or 0)
        await interaction.edit_original_response(**message)  # type: ignore[arg-type]

    async def close(interaction: discord.Interaction, cid: ComponentId, values: list[str]) -> None:
        await interaction.response.edit_message(
            content="Tutorial closed. Open it again any time with `/wonders tutorial`.",
            view=None,
            attachments=[],
        )

    async def practice(
        interaction: discord.Interaction, cid: ComponentId, values: list[str]
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        kind = kind_of(cid.game_id)
        options = LobbyOptions(kind, 3 if kind == "classic" else 2, "random", "off")
        report = await hub.lobby.aimatch(
            interaction.guild_id,
            interaction.channel_id or 0,
            interaction.user.id,
            options,
            [interaction.user.id],
            "random",
        )
        await hub.hints.set_mode(report.game_id, COACH)
        await hub.poster.report(report)
        hub.driver.kick(report.game_id)
        await say(
            interaction,
            f"Practice game #{report.game_id} against Easy AI started below: every prompt has a "
            "coaching tip (`/wonders hints on` keeps only the Hint button, `off` removes both).",
        )

    return {"tut": turn, "tutx": close, "tutp": practice}
