"""A loaded game ("table"): the store's record plus the engine state replayed from its moves.

The move log is the truth; this module replays it and keeps a small in-memory cache of the
newest state per game, rolled forward with ``moves_since`` when other code appended moves.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict

from bot.games.registry import adapter_for
from bot.model.errors import UserError
from bot.model.game import Table
from bot.services.names import NameBook
from bot.store import GameNotFound, GameRecord, Store
from engine.common import Event

__all__ = ["TableCache"]


class TableCache:
    """Newest replayed state per game (LRU); every read checks the store's version.
    With ``names``, every load also syncs the players' display names with the store."""

    def __init__(self, store: Store, size: int = 256, names: NameBook | None = None) -> None:
        self.store = store
        self.size = size
        self.names = names
        self._tables: OrderedDict[int, Table] = OrderedDict()

    def forget(self, game_id: int) -> None:
        self._tables.pop(game_id, None)

    def peek(self, game_id: int) -> Table | None:
        """The cached table as it is (no store read, no await), or None."""
        return self._tables.get(game_id)

    def put(self, table: Table) -> None:
        self._tables[table.id] = table
        self._tables.move_to_end(table.id)
        while len(self._tables) > self.size:
            self._tables.popitem(last=False)

    async def load(self, game_id: int) -> Table:
        try:
            record = await self.store.get_game(game_id)
        except GameNotFound:
            raise UserError(f"There is no game #{game_id}.") from None
        cached = self._tables.get(game_id)
        if cached is not None and cached.record.status == "lobby" != record.status:
            cached = None  # started since: seats were renumbered, replay from scratch
        if cached is not None and cached.version <= record.version:
            table = await self._roll(cached, record)
        else:
            table = await self._replay(record)
        self.put(table)
        if self.names is not None:
            await self.names.sync(self.store, table)
        return table

    async def _replay(self, record: GameRecord) -> Table:
        game = adapter_for(record.kind)
        base = Table(record, game, None, record.version)
        if record.started_at is None:  # a lobby, or one closed before it started
            return base
        full = await self.store.load_game(record.id)
        state = game.new_game(base.config(), full.seed)
        table = dataclasses.replace(
            base,
            record=dataclasses.replace(full, moves=()),
            state=state,
            version=0,
            start_state=state,
        )
        return self._forward(table, [(m.seat, m.move_text) for m in full.moves])

    async def _roll(self, cached: Table, record: GameRecord) -> Table:
        table = dataclasses.replace(cached, record=record)
        if cached.version == record.version or cached.state is None:
            return dataclasses.replace(table, version=record.version)
        moves = await self.store.moves_since(record.id, cached.version)
        return self._forward(table, [(m.seat, m.move_text) for m in moves])

    @staticmethod
    def _forward(table: Table, moves: list[tuple[int, str]]) -> Table:
        state, version, start = table.state, table.version, table.round_start
        events: list[Event] = []
        start_state = table.start_state
        for seat, text in moves:
            prev = state
            state, events = table.game.apply(state, seat, table.game.parse_move(text))
            version += 1
            if table.game.is_round_end(events, prev, seat, state):
                start, start_state = version, state
        last = tuple(events) if moves else table.last_events
        return dataclasses.replace(
            table,
            state=state,
            version=version,
            round_start=start,
            last_events=last,
            start_state=start_state,
        )
