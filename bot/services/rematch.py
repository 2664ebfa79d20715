"""The result post's Rematch button: one new table per finished game, same options and seats.

The first player to click opens the table (same kind, options, timer and channel; a new seed)
and takes their seat; AI seats carry over; the other people's seats are kept for them until
they click Rematch (or Join) themselves - nobody is seated without a click. The table starts
once every seat is taken. In a game where seat 0 starts (Duel), everyone moves one seat on, so
the other player starts the rematch.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.model.errors import NotAllowed, UserError
from bot.model.game import Table
from bot.presenters.reports import Report
from bot.services import limits
from bot.services.lobby import LobbyService, rematch_seat
from bot.store import GameRecord

__all__ = ["RematchAnswer", "RematchService"]


@dataclass(frozen=True)
class RematchAnswer:
    """What a click on Rematch did."""

    table: Table  # the rematch table, as it is now
    source: int  # the finished game it replays
    created: bool  # this click opened it
    seated: bool  # this click took the clicker's seat
    report: Report | None  # its first post, when this click filled the table and started it


def _seats(old: GameRecord, user_id: int, rotate: bool) -> list[tuple[int | None, str | None]]:
    """The rematch's first seats: the clicker and the AI seats in their new places; the
    other people's seats stay free for them."""
    seats: list[tuple[int | None, str | None]] = [(None, None)] * len(old.seats)
    for s in old.seats:
        new = rematch_seat(s.seat, len(old.seats), rotate)
        if s.user_id == user_id:
            seats[new] = (user_id, None)
        elif s.user_id is None:
            seats[new] = (None, s.ai_level)
    return seats


class RematchService:
    def __init__(self, lobby: LobbyService) -> None:
        self.lobby = lobby
        self.games = lobby.games
        self.store = lobby.store

    async def ask(self, guild_id: int | None, game_id: int, user_id: int) -> RematchAnswer:
        """A click on Rematch under game ``game_id``'s result."""
        old = await self.games.table_in(guild_id, game_id)
        if old.status != "finished":
            raise UserError(f"Game #{game_id} is {old.status}: only a finished game has a rematch.")
        if old.record.seat_of(user_id) is None:
            raise NotAllowed(f"Only the players of game #{game_id} can ask for its rematch.")
        async with self.games.lock(game_id):  # one process: two clicks open one table
            rematch_id, created = await self.store.create_rematch(
                old.record,
                config=old.record.config,
                seed=random.SystemRandom().randrange(1, 2**31),
                rules_version=old.game.rules_version,
                creator_id=user_id,
                seats=_seats(old.record, user_id, old.game.first_seat_starts),
            )
        if created:
            limits.created(rematch_id)  # the member's reserved table is this one
        table = await self.games.table(rematch_id)
        if not created and table.status == "lobby" and table.seat_of(user_id) is None:
            return await self.join(rematch_id, user_id, game_id)
        report = await self._start_if_full(table) if created else None
        if report is not None:
            table = await self.games.table(rematch_id)
        return RematchAnswer(table, game_id, created, created, report)

    async def join(self, rematch_id: int, user_id: int, source: int) -> RematchAnswer:
        """Take a seat at rematch table ``rematch_id`` (of game ``source``), by Rematch or
        Join alike: the last kept seat taken starts it."""
        table = await self.lobby.join(rematch_id, user_id)
        report = await self._start_if_full(table)
        if report is not None:
            table = await self.games.table(rematch_id)
        return RematchAnswer(table, source, False, True, report)

    async def _start_if_full(self, table: Table) -> Report | None:
        if len(table.record.seats) < table.players():
            return None
        try:
            return await self.lobby.start(table.id, table.record.creator_id or 0, True)
        except UserError:  # started by its creator (Start) at the same moment
            return None

    async def existing(self, game_id: int) -> int | None:
        """The rematch table of game ``game_id``, if one was opened."""
        return await self.store.rematch_of(game_id)

    async def source_of(self, table: Table) -> int | None:
        """The finished game a table replays (None: an ordinary table)."""
        return await self.store.rematch_source(table.id)
