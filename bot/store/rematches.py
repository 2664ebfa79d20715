"""Rematches: one new table per finished game, created with its link in one transaction."""

from __future__ import annotations

from collections.abc import Sequence

from .game_lobby import GameLobbyRepo
from .game_rows import config_text
from .models import GameRecord

__all__ = ["RematchRepo"]


class RematchRepo(GameLobbyRepo):
    """The ``rematches`` link between a finished game and the table that replays it."""

    async def create_rematch(
        self,
        old: GameRecord,
        *,
        config: str,
        seed: int,
        rules_version: str,
        creator_id: int,
        seats: Sequence[tuple[int | None, str | None]],
    ) -> tuple[int, bool]:
        """The rematch table of ``old`` (same kind, channel, timer and Hint option): created
        now with ``seats`` ((None, None): kept free), or the one that already exists.
        Returns (its id, whether this call created it); the link's unique keys keep it to
        one."""
        try:
            return await self._open_rematch(
                old,
                config=config,
                seed=seed,
                rules_version=rules_version,
                creator_id=creator_id,
                seats=seats,
            )
        except self._integrity:  # another process linked its rematch first: that one
            found = await self.rematch_of(old.id)
            if found is None:
                raise
            return found, False

    async def _open_rematch(
        self,
        old: GameRecord,
        *,
        config: str,
        seed: int,
        rules_version: str,
        creator_id: int,
        seats: Sequence[tuple[int | None, str | None]],
    ) -> tuple[int, bool]:
        async with self._write() as db:
            found = await self._one(
                db, "SELECT rematch_id FROM rematches WHERE game_id = ?", (old.id,)
            )
            if found is not None:
                return int(found[0]), False
            fields = (old.guild_id, old.channel_id, None, old.kind, config_text(config), seed)
            new_id = await self._insert_game(
                db,
                (*fields, rules_version, creator_id, old.turn_timer_s, None),
                seats,
            )
            await db.execute(
                "INSERT INTO rematches (game_id, rematch_id, created_at) VALUES (?, ?, ?)",
                (old.id, new_id, self._now()),
            )
            # The table's Hint option too (a coached practice game stays one).
            await db.execute(
                "INSERT INTO game_hints (game_id, enabled) "
                "SELECT ?, enabled FROM game_hints WHERE game_id = ?",
                (new_id, old.id),
            )
        return new_id, True

    async def rematch_of(self, game_id: int) -> int | None:
        """The rematch table of a game, if one was opened."""
        async with self._read() as db:
            row = await self._one(
                db, "SELECT rematch_id FROM rematches WHERE game_id = ?", (game_id,)
            )
        return None if row is None else int(row[0])

    async def rematch_source(self, rematch_id: int) -> int | None:
        """The game a rematch table replays, or None for an ordinary table."""
        async with self._read() as db:
            row = await self._one(
                db, "SELECT game_id FROM rematches WHERE rematch_id = ?", (rematch_id,)
            )
        return None if row is None else int(row[0])
