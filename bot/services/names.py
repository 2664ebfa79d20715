"""Display names of the players, learned from interactions and kept with their seats."""

from __future__ import annotations

import logging
import sqlite3

from bot.model.game import Table
from bot.presenters.texts import ai_name
from bot.store import Store

__all__ = ["NameBook"]

log = logging.getLogger(__name__)


class NameBook:
    """Display names of the players: learned from interactions (``remember``) and from the
    names the store keeps per seat (``sync``, on every table load), so posts name the players
    after a restart and for seats nobody clicked yet (an admin's match)."""

    def __init__(self) -> None:
        # (guild id, user id) -> name; a guild's key holds that server's nickname, the None key
        # the newest name seen anywhere (a fallback for callers that know no guild).
        self._names: dict[tuple[int | None, int], str] = {}

    def remember(self, user_id: int, name: str, guild_id: int | None = None) -> None:
        self._names[(guild_id, user_id)] = self._names[(None, user_id)] = name[:32]

    def get(self, user_id: int, guild_id: int | None = None) -> str | None:
        return self._names.get((guild_id, user_id)) or self._names.get((None, user_id))

    def changed(self, table: Table) -> dict[int, str]:
        """The human seats' names seen in this table's server that differ from the stored
        ones (user id -> name): what ``sync`` writes."""
        guild = table.record.guild_id
        found: dict[int, str] = {}
        for seat in table.record.seats:
            if seat.user_id is None:
                continue
            seen = self._names.get((guild, seat.user_id))
            if seen is not None and seen != seat.name:
                found[seat.user_id] = seen
        return found

    async def sync(self, store: Store, table: Table) -> None:
        """Store the names this process saw change (a write only then), and learn the stored
        names of players not seen since a restart (e.g. for the lobby's "Ana opened…")."""
        changed = self.changed(table)
        if changed:
            try:
                await store.set_seat_names(table.id, changed)
            except sqlite3.Error:  # a name is not worth failing a move for; retried next load
                log.warning("could not store names of game %s", table.id, exc_info=True)
        guild = table.record.guild_id
        for seat in table.record.seats:
            if seat.user_id is not None and seat.name:
                self._names.setdefault((guild, seat.user_id), seat.name)
                self._names.setdefault((None, seat.user_id), seat.name)

    def seat_names(self, table: Table) -> list[str]:
        """One short name per seat: a user's name, "Euclid (AI)", or "Player 2" when unknown;
        then the game's neutral cities nobody sits at (the 2-player game's "Free City")."""
        guild = table.record.guild_id
        names: list[str] = []
        for seat in sorted(table.record.seats, key=lambda s: s.seat):
            user = table.seat_user(seat.seat)
            if user is None:
                names.append(ai_name(seat.seat))
            else:
                names.append(
                    self._names.get((guild, user))
                    or seat.name
                    or self.get(user)
                    or f"Player {seat.seat + 1}"
                )
        return names + table.game.neutral_names(table.config())
