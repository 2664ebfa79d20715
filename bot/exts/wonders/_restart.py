"""Start-up catch-up: every game whose latest state never reached its channel is posted once.

"Posted" is a board or result post recording the game version it showed (the store's
``unposted_games``), so a crash anywhere between saving a change and posting it - right after
Start, after a move, after an AI pick - is caught up by the next start, and only once. Who was
told of which turn is read back first, and every running game's live status message is then
edited to show the current turn (a process that died mid-turn left it showing an older one).
"""

from __future__ import annotations

import logging

from bot.hub import Hub

from ._lobby_clicks import edit_lobby

__all__ = ["catch_up"]

log = logging.getLogger(__name__)


async def catch_up(hub: Hub, guild_ids: list[int], dms: bool = False) -> None:
    """Post each unposted game's state (with its Play button); a game never posted before
    also gets its lobby post edited to "started" (its Join/Start buttons removed)."""
    await hub.community.notifier.load(guild_ids)  # before any post pings anyone
    for report in await hub.games.catch_up(guild_ids, dms):
        try:
            if not await hub.servers.board_posted(report.game_id):
                await edit_lobby(hub, await hub.games.table(report.game_id))
            await hub.poster.report(report)
        except Exception:  # one game's trouble must not keep the others back
            log.exception("posting the catch-up of game %s failed", report.game_id)
    for game_id in await hub.people.running_games(guild_ids):
        # Coalesced and in the background: AI turns resume without waiting for the edits.
        hub.community.status.touch(game_id)
