"""``/wonders history replay game:N [turn]``: a private replay of a game's public rounds
(``bot.services.replay``), stepped with ``wt:rp:<game>:<turn>:<tag>`` buttons that keep
working after a restart (each click rebuilds the frame from the move log)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from bot.exts.common import Feature, remember, slash
from bot.exts.post import image_file
from bot.exts.views import buttons_view
from bot.hub import Hub
from bot.model.ids import ComponentId
from bot.services.replay import VERB, Frame

__all__ = ["ReplayCommands", "replay_verbs"]

Handler = Callable[[discord.Interaction, ComponentId, list[str]], Awaitable[None]]


class ReplayCommands(Feature):
    """Going back over a game, round by round."""

    @slash("replay", "Replay a game round by round (privately; public information only)")
    @app_commands.describe(
        game="Game number", turn="Round to open (0: the set-up; default: the latest)"
    )
    async def replay(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1],
        turn: app_commands.Range[int, 0] | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        remember(self.hub, interaction)
        frame = await self.hub.replays.frame(interaction.guild_id, interaction.user.id, game, turn)
        await interaction.edit_original_response(**await _message(frame))  # type: ignore[arg-type]


async def _message(frame: Frame) -> dict[str, object]:
    """content, buttons and board picture of a frame (drawn off the event loop)."""
    file = await image_file(
        frame.kind, "board", frame.view, frame.names, filename=f"replay{frame.game_id}.png"
    )
    return {
        "content": frame.text,
        "view": buttons_view(frame.buttons),
        "attachments": [file] if file is not None else [],
    }


def replay_verbs(hub: Hub) -> dict[str, Handler]:
    """The replay's buttons, for the component router."""

    async def step(interaction: discord.Interaction, cid: ComponentId, values: list[str]) -> None:
        await interaction.response.defer()
        frame = await hub.replays.frame(
            interaction.guild_id, interaction.user.id, cid.game_id, cid.version
        )
        await interaction.edit_original_response(**await _message(frame))  # type: ignore[arg-type]

    return {VERB: step}
