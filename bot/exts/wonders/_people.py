"""Per-person commands of issue 18: ``/wonders notify`` (how you hear of your turn) and the
``mine:true`` view of ``/wonders games``."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts.common import Feature, slash
from bot.exts.errors import say
from bot.hub import Hub
from bot.model.errors import UserError
from bot.presenters.mine import MyGame, my_games_text
from bot.presenters.status import game_title, jump_url

__all__ = ["PeopleCommands", "my_games"]

_MODES = {
    "ping": "I mention you in the game's thread when your turn comes and you have been away "
    "for a while (never while you are playing).",
    "dm": "I send you a DM with a link when your turn comes and you have been away; if your "
    "DMs are closed I mention you instead.",
    "off": "I never mention or DM you for a turn, reminders included; the final result still "
    "names the winners.",
}


class PeopleCommands(Feature):
    """How each person hears of their turn."""

    @slash("notify", "How you hear that it is your turn")
    @app_commands.describe(mode="dm: a direct message · ping: a mention (default) · off: never")
    @app_commands.choices(
        mode=[app_commands.Choice(name=m, value=m) for m in ("dm", "ping", "off")]
    )
    async def notify(self, interaction: discord.Interaction, mode: str | None = None) -> None:
        people = self.hub.people
        await interaction.response.defer(ephemeral=True, thinking=True)
        if mode is None:
            current = await people.notify_mode(interaction.user.id)
            await say(interaction, f"Your notifications: **{current}**. {_MODES[current]}")
            return
        if mode not in _MODES:  # a modified client can send anything
            raise UserError("`mode` must be dm, ping or off.")
        await people.set_notify_mode(interaction.user.id, mode)
        await say(interaction, f"Saved: **{mode}**. {_MODES[mode]}")


async def my_games(hub: Hub, interaction: discord.Interaction, game_ids: list[int]) -> str:
    """Your games in this server, your turn first, with jump links and your deadlines."""
    user = interaction.user.id
    found: list[MyGame] = []
    for game_id in game_ids:
        table = await hub.people.table(game_id)
        if table is None:  # deleted meanwhile
            continue
        seat = table.seat_of(user)
        mine = table.status == "running" and seat is not None and seat in table.to_act()
        status = await hub.people.status_message(table.id)
        rec = table.record
        link = (
            jump_url(rec.guild_id, status.channel_id, status.message_id)
            if status is not None
            else jump_url(rec.guild_id, rec.thread_id or rec.channel_id)
        )
        due = None if seat is None else await hub.people.deadline(table.id, seat)
        found.append(MyGame(game_title(table), table.status, mine, link, due))
    return my_games_text(found)
