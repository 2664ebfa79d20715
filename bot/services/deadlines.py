"""The deadlines a move leaves a game with: written in the same store call as the move, so a
round end costs one write for all its seats' clocks."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from bot.model.game import Table
from bot.store import GuildSettings, Store
from bot.store.schedule import Clock

__all__ = ["round_clocks"]


async def round_clocks(
    store: Store, now: Callable[[], datetime], after: Table, round_end: bool
) -> tuple[list[Clock] | None, GuildSettings | None]:
    """The game's deadlines once a move led to ``after`` (None: unchanged; ``[]``: the game
    is over), and the server's settings if they were read for them."""
    if after.timer_s <= 0:
        return None, None
    if after.outcome() is not None:
        return [], None
    if not round_end:
        return None, None  # the seat's deadline goes with its move (``deadline_met``)
    start = now()
    settings = await store.get_guild_settings(after.record.guild_id or 0)
    # No reminder at all when the server allows none (max_reminders 0).
    interval = settings.reminder_interval_s if settings.max_reminders > 0 else 0
    due = start + timedelta(seconds=after.timer_s)
    remind = start + timedelta(seconds=interval) if 0 < interval < after.timer_s else None
    return [(human, due, remind) for human in after.humans_to_act()], settings
