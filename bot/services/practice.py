"""The tutorial's last page: a practice game against Easy AI with a coaching tip in every
prompt (``HintService`` in coaching mode)."""

from __future__ import annotations

from bot.presenters.reports import Report
from bot.services.hints import COACH, HintService
from bot.services.lobby import LobbyOptions, LobbyService

__all__ = ["PracticeService"]

_EASY = "random"  # the Easy AI
# Three seats: the smallest 7 Wonders table (a Duel is always two, whatever is asked).
_SEATS = 3


class PracticeService:
    def __init__(self, lobby: LobbyService, hints: HintService) -> None:
        self.lobby = lobby
        self.hints = hints

    async def start(self, guild_id: int | None, channel_id: int, user_id: int, kind: str) -> Report:
        """Start a practice game of ``kind`` for ``user_id`` (the first post to make)."""
        options = LobbyOptions(kind, _SEATS, "random", "off")

        async def coach(game_id: int) -> None:  # saved before the start: a crash keeps it
            await self.hints.set_mode(game_id, COACH)

        return await self.lobby.aimatch(
            guild_id, channel_id, user_id, options, [user_id], _EASY, prepare=coach
        )
