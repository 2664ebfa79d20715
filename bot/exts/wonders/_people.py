"""Per-person commands of issue 18: ``/wonders notify`` (how you hear of your turn) and the
``mine:true`` view of ``/wonders games``."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.exts.errors import say
from bot.services.errors import UserError
from bot.services.mine import MyGame, my_games_text
from bot.services.status import game_title, jump_url
from bot.store import GameNotFound, GameRecord

from ._hub import Hub
from ._play import group, hub_of

__all__ = ["my_games", "notify"]

_MODES = {
    "ping": "I mention you in the game's thread when your turn comes and you have been away "
    "for a while (never while you are playing).",
    "dm": "I send you a DM with a link when your turn comes and you have been away; if your "
    "DMs are closed I mention you instead.",
    "off": "I never mention or DM you for a turn, reminders included; the final result still "
    "names the winners.",
}


@group.command(name="notify", description="How you hear that it is your turn")
@app_commands.describe(mode="dm: a direct message · ping: a mention (default) · off: never")
@app_commands.choices(mode=[app_commands.Choice(name=m, value=m) for m in ("dm", "ping", "off")])
async def notify(interaction: discord.Interaction, mode: str | None = None) -> None:
    hub = hub_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    if mode is None:
        current = await hub.store.notify_mode(interaction.user.id)
        await say(interaction, f"Your notifications: **{current}**. {_MODES[current]}")
        return
    if mode not in _MODES:  # a modified client can send anything
        raise UserError("`mode` must be dm, ping or off.")
    await hub.store.set_notify_mode(interaction.user.id, mode)
    await say(interaction, f"Saved: **{mode}**. {_MODES[mode]}")


async def my_games(hub: Hub, interaction: discord.Interaction, records: list[GameRecord]) -> str:
    """Your games in this server, your turn first, with jump links and your deadlines."""
    user = interaction.user.id
    found: list[MyGame] = []
    for record in records:
        try:
            table = await hub.games.table(record.id)
        except GameNotFound:
            continue
        seat = table.seat_of(user)
        mine = table.status == "running" and seat is not None and seat in table.to_act()
        status = await hub.store.latest_message(table.id, "status")
        rec = table.record
        link = (
            jump_url(rec.guild_id, status.channel_id, status.message_id)
            if status is not None
            else jump_url(rec.guild_id, rec.thread_id or rec.channel_id)
        )
        due = [
            d.due_at.timestamp() for d in await hub.store.list_deadlines(table.id) if d.seat == seat
        ]
        found.append(MyGame(game_title(table), table.status, mine, link, min(due, default=None)))
    return my_games_text(found)
