"""``/wonders duel``: a Duel against the AI, started at once, or a challenge to one member.

A challenge is an ordinary Duel lobby with the creator seated and the free seat reserved for
the challenged member (``games.invited_id``): only they may join; their Leave declines (the
table closes); Start waits until they sat down, unless the creator seated an AI instead (the
challenge is then withdrawn). Everything else is ``LobbyService``'s.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.model.errors import NotAllowed, UserError
from bot.model.game import Table
from bot.presenters.reports import Report
from bot.services.lobby import LobbyOptions, LobbyService, TablePlan

__all__ = ["DECLINED", "ChallengeService", "Opponent"]

DECLINED = "declined"  # end reason of a challenge the member declined


@dataclass(frozen=True)
class Opponent:
    """Who the creator named: a member (id, whether a bot) or nobody (the AI plays)."""

    user_id: int | None = None
    is_bot: bool = False


class ChallengeService:
    def __init__(self, lobby: LobbyService) -> None:
        self.lobby = lobby
        self.games = lobby.games
        self.store = lobby.store

    # -- creating ------------------------------------------------------------------------
    async def plan(
        self,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        opponent: Opponent,
        ai: str | None,
        timer: str | None,
    ) -> TablePlan:
        """Check the options (``UserError`` with the reason) before anything is posted."""
        if opponent.user_id is not None:
            if ai is not None:
                raise UserError("Choose an opponent or an AI level, not both.")
            if opponent.user_id == creator_id:
                raise UserError(
                    "You can't challenge yourself: name another member, "
                    "or leave opponent empty to play the AI."
                )
            if opponent.is_bot:
                raise UserError(
                    "Bots can't accept a challenge: leave opponent empty to play the AI."
                )
        return await self.lobby.plan(guild_id, channel_id, LobbyOptions("duel", 2, "random", timer))

    async def versus_ai(
        self,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        is_admin: bool,
        plan: TablePlan,
        level: str | None,
        opened: Callable[[Table], Awaitable[None]] | None = None,
    ) -> Report:
        """Open the table, seat the AI and start: the first board post. ``opened`` runs
        between opening and starting (the command's answer goes out before the game starts,
        so a crash after the start never leaves that answer unfilled)."""
        table = await self.lobby.open(
            guild_id, channel_id, creator_id, plan, versus_ai=True, ai_level=level
        )
        if opened is not None:
            await opened(table)
        return await self.lobby.start(table.id, creator_id, is_admin)

    async def challenge(
        self,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        plan: TablePlan,
        opponent_id: int,
    ) -> Table:
        """Open the lobby with the creator seated and the other seat kept for the opponent."""
        return await self.lobby.open(guild_id, channel_id, creator_id, plan, invited_id=opponent_id)

    # -- rules of a challenge lobby ------------------------------------------------------
    @staticmethod
    def invited(table: Table) -> int | None:
        """The challenged member of a lobby (None: an open table)."""
        return table.record.invited_id if table.status == "lobby" else None

    def check_join(self, table: Table, user_id: int) -> None:
        invited = self.invited(table)
        if invited is not None and invited != user_id:
            raise NotAllowed(
                f"This seat is kept for <@{invited}>, who was challenged to "
                f"this Duel; open your own table with /wonders duel."
            )

    def check_start(self, table: Table) -> None:
        invited = self.invited(table)
        if invited is not None and table.record.seat_of(invited) is None:
            raise UserError(
                f"<@{invited}> has not joined yet: wait for them, or click "
                "Add AI to play the AI instead."
            )

    async def settle(self, table: Table) -> Table:
        """After Add AI: a challenge whose free seat the AI took is over (an open table)."""
        invited = self.invited(table)
        if (
            invited is None
            or table.record.seat_of(invited) is not None
            or len(table.record.seats) < table.players()
        ):
            return table
        await self.store.set_invited(table.id, None)
        return await self.games.table(table.id)

    def declines(self, table: Table, user_id: int) -> bool:
        """Leave by the challenged member means "no": the table closes."""
        return self.invited(table) == user_id

    async def decline(self, game_id: int, user_id: int) -> Table:
        # Under the lobby's lock (as Start and Join): a decline racing a Start either closes
        # the lobby first or hears that the game has started.
        async with self.games.lock(game_id):
            table = await self.lobby.lobby_table(game_id)
            if not self.declines(table, user_id):
                raise UserError(f"You were not challenged at table #{game_id}.")
            await self.store.abandon_game(game_id, DECLINED)
            self.games.cache.forget(game_id)
            return await self.games.table(game_id)

    # -- texts ---------------------------------------------------------------------------
    def lobby_text(self, table: Table) -> str:
        """The lobby post; a challenge names the challenged member first."""
        text = self.lobby.lobby_text(table)
        invited = table.record.invited_id
        if invited is None:
            return text
        creator = (
            self.games.names.get(table.record.creator_id or 0, table.record.guild_id) or "Someone"
        )
        if table.status == "lobby":
            head = (
                f"<@{invited}>, {creator} challenges you to 7 Wonders Duel! "
                "Click **Join** to accept or **Leave / Decline** to decline."
            )
        elif table.record.end_reason == DECLINED:
            head = f"<@{invited}> declined {creator}'s challenge."
        else:
            head = f"{creator} challenged <@{invited}> to 7 Wonders Duel."
        return f"{head}\n{text}"[:2000]
