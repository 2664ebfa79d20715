"""Discord-free services of the bot: lobbies, moves, AI seats, timers, reports."""

from __future__ import annotations

from bot.services.errors import NotAllowed, StaleVersion, UserError
from bot.services.games import GameService, PlayResult
from bot.services.lobby import LobbyOptions, LobbyService
from bot.services.reports import Report
from bot.services.tables import Table
from bot.services.texts import NameBook

__all__ = [
    "GameService",
    "LobbyOptions",
    "LobbyService",
    "NameBook",
    "NotAllowed",
    "PlayResult",
    "Report",
    "StaleVersion",
    "Table",
    "UserError",
]
