"""``/wonders tutorial [game]``: private pages with Back / Next / Close, then a practice game
against Easy AI with coaching tips.

The buttons are ordinary ``wt:`` components (``wt:tut:<game>:<page>``, ``wt:tutx``,
``wt:tutp``): they carry the page, so they keep working after a restart.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from bot.exts.common import Feature, slash
from bot.exts.post import image_file
from bot.exts.views import prompt_view
from bot.hub import Hub
from bot.model.errors import UserError
from bot.model.ids import ComponentId
from bot.model.prompt import Prompt
from bot.presenters.tutorial import GAMES, NAMES, kind_of, page, page_text, tutorial_buttons

from ._practice import private_place

__all__ = ["TutorialCommands", "page_message", "tutorial_verbs"]

_STARTING = (
    "Starting your practice game: it opens in a private thread of this channel (or in your "
    "direct messages) and pings you there."
)

Handler = Callable[[discord.Interaction, ComponentId, list[str]], Awaitable[None]]


class TutorialCommands(Feature):
    """The guided tour of each game."""

    @slash("tutorial", "Learn the game: a private guided tour, then practice")
    @app_commands.describe(game="Which game to learn (default 7 Wonders)")
    @app_commands.choices(game=[app_commands.Choice(name=n, value=k) for k, n in GAMES.items()])
    async def tutorial(self, interaction: discord.Interaction, game: str = "classic") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.edit_original_response(**await page_message(game, 0))  # type: ignore[arg-type]


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
    """The tutorial's buttons, for the component router."""

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
        # A plain answer, not "thinking…": still true if the bot stops before the next line
        # (the restart then posts the game there, with a ping).
        await interaction.response.send_message(_STARTING, ephemeral=True)
        kind = kind_of(cid.game_id)
        title = f"Practice · {GAMES[kind]} · {interaction.user.display_name}"
        try:
            # Counted in the server it was asked in (a DM practice game too).
            async with hub.limits.reserve(interaction.guild_id, interaction.user.id, "game"):
                place = await private_place(interaction, title)
                report = await hub.practice.start(
                    place.guild_id, place.channel_id, interaction.user.id, kind
                )
        except UserError as exc:
            await interaction.edit_original_response(content=str(exc))
            return
        await hub.poster.report(report)
        hub.driver.kick(report.game_id)
        await interaction.edit_original_response(
            content=f"Practice game #{report.game_id} against Easy AI started in {place.mention}, "
            "where only you and I can see it: every prompt has a coaching tip (**Tips off** in a "
            "prompt or `/wonders hints on` keeps only the Hint button, `off` removes both)."
        )

    return {"tut": turn, "tutx": close, "tutp": practice}
