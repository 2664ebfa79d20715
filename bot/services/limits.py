"""Limits that keep one member or one server from flooding the bot (README "Security").

New tables are counted per member and per server before anything is posted: open lobbies a
member created, running games a member plays, running games of a server, all-AI matches of a
server. A table being created counts at once (``reserve``), so 200 commands at the same moment
can't all pass the check before the first is stored. Commands are also rate limited per
member (``CommandRate``). Each refusal is a ``UserError``: a short, specific private answer.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Literal

from bot.model.errors import UserError
from bot.store import GameRecord, Store

__all__ = ["CommandRate", "Limits", "TableLimits", "What", "created"]

What = Literal["lobby", "game", "aimatch", "start"]
_MINE = "(/wonders games mine)"


@dataclass(frozen=True)
class Limits:
    lobbies_per_member: int = 3
    games_per_member: int = 10
    games_per_server: int = 100
    ai_matches_per_server: int = 2


@dataclass
class _Counts:
    lobbies: int = 0  # open lobbies the member created
    games: int = 0  # running games the member plays
    server_games: int = 0  # running games of the server
    ai_matches: int = 0  # running all-AI matches of the server


@dataclass(eq=False)
class _Ticket:
    """A table being made: it counts as what it will be until the command ends, and its row
    in the store (once ``game_id`` is known) is not counted a second time meanwhile."""

    user_id: int
    what: What
    game_id: int | None = None


_TICKET: ContextVar[_Ticket | None] = ContextVar("wonders_table_ticket", default=None)


def created(game_id: int) -> None:
    """The table the current command reserved was stored as ``game_id`` (called by the lobby
    service right after the write)."""
    ticket = _TICKET.get()
    if ticket is not None and ticket.game_id is None:
        ticket.game_id = game_id


def _all_ai(record: GameRecord) -> bool:
    return all(s.user_id is None for s in record.seats)


class TableLimits:
    """The per-member and per-server table limits (one process serves a guild's commands)."""

    def __init__(self, store: Store, limits: Limits) -> None:
        self.store = store
        self.limits = limits
        self._locks: dict[int, asyncio.Lock] = {}
        self._pending: dict[int, list[_Ticket]] = {}  # guild -> tables being made

    @asynccontextmanager
    async def reserve(
        self, guild_id: int | None, user_id: int, what: What, game_id: int | None = None
    ) -> AsyncIterator[None]:
        """Refuse (``UserError``) if a new table of this kind (``start``: the lobby
        ``game_id`` starting) would pass a limit; else count it as made until the block ends
        (by then it is stored, or it failed)."""
        if guild_id is None:  # DMs: practice games only, one learner
            yield
            return
        lock = self._locks.setdefault(guild_id, asyncio.Lock())
        ticket = _Ticket(user_id, what, game_id)
        async with lock:
            self._check(await self._counts(guild_id, user_id), what)
            pending = self._pending.setdefault(guild_id, [])
            pending.append(ticket)
        token = _TICKET.set(ticket)
        try:
            yield
        finally:
            _TICKET.reset(token)
            pending.remove(ticket)
            if not pending:
                self._pending.pop(guild_id, None)

    async def _counts(self, guild_id: int, user_id: int) -> _Counts:
        counts = _Counts()
        tickets = list(self._pending.get(guild_id, []))
        being_made = {t.game_id for t in tickets}
        for record in await self.store.list_games(guild_id=guild_id, status=("lobby", "running")):
            if record.id in being_made:  # its ticket counts it
                continue
            if record.status == "lobby":
                counts.lobbies += record.creator_id == user_id
                continue
            counts.server_games += 1
            counts.games += any(s.user_id == user_id for s in record.seats)
            counts.ai_matches += _all_ai(record)
        for ticket in tickets:
            who, what = ticket.user_id, ticket.what
            if what == "lobby":
                counts.lobbies += who == user_id
                continue
            counts.server_games += 1
            counts.games += what == "game" and who == user_id
            counts.ai_matches += what == "aimatch"
        return counts

    def _check(self, counts: _Counts, what: What) -> None:
        limits = self.limits
        if what == "lobby" and counts.lobbies >= limits.lobbies_per_member:
            raise UserError(
                f"You already have {counts.lobbies} open tables in this server: start, finish "
                f"or cancel one {_MINE}."
            )
        if what == "game" and counts.games >= limits.games_per_member:
            raise UserError(
                f"You already play {counts.games} running games in this server: finish or "
                f"resign one first {_MINE}."
            )
        if what == "aimatch" and counts.ai_matches >= limits.ai_matches_per_server:
            raise UserError(
                f"This server already has {counts.ai_matches} all-AI matches running, the most "
                "the bot allows at once: wait for one to end, or end one with "
                "/wonders-admin abandon."
            )
        if what != "lobby" and counts.server_games >= limits.games_per_server:
            raise UserError(
                f"This server already has {counts.server_games} running games, the most the "
                "bot allows at once: wait for one to end."
            )


@dataclass
class CommandRate:
    """At most ``per_minute`` slash commands per member and server in any 60 s."""

    per_minute: int
    clock: Callable[[], float] = time.monotonic
    _seen: dict[tuple[int | None, int], deque[float]] = field(default_factory=dict)

    def refusal(self, guild_id: int | None, user_id: int) -> str | None:
        """None if this command may run (and it is counted), else the member's answer."""
        now = self.clock()
        if len(self._seen) > 10_000:  # forget members quiet for a minute (bounded memory)
            self._seen = {k: v for k, v in self._seen.items() if v and now - v[-1] < 60}
        times = self._seen.setdefault((guild_id, user_id), deque())
        while times and now - times[0] >= 60:
            times.popleft()
        if len(times) >= self.per_minute:
            wait = max(1, round(60 - (now - times[0])))
            return (
                f"You are sending commands too fast (at most {self.per_minute} a minute): "
                f"try again in {wait} s."
            )
        times.append(now)
        return None
