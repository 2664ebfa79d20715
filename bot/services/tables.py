"""A loaded game ("table"): the store's record plus the engine state replayed from its moves.

The move log is the truth; this module replays it and keeps a small in-memory cache of the
newest state per game, rolled forward with ``moves_since`` when other code appended moves.
"""

from __future__ import annotations

import dataclasses
import json
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from bot.games.engine import Engine
from bot.games.registry import adapter_for
from bot.model.errors import UserError
from bot.model.game import GameAdapter
from bot.store import GameNotFound, GameRecord, Store
from engine.common import Event, Outcome

if TYPE_CHECKING:  # texts imports this module
    from bot.services.names import NameBook

__all__ = ["Table", "TableCache"]


@dataclass(frozen=True)
class Table:
    """A game as the bot sees it. ``state`` is None while the game is a lobby."""

    record: GameRecord
    #: The game's adapter: everything the bot does differently per game goes through it.
    game: GameAdapter
    #: The engine's state (opaque here: only the game's adapter and presenters read it).
    state: Any
    version: int
    round_start: int = 0
    last_events: tuple[Event, ...] = ()
    #: The engine state at ``round_start`` (before this round's private picks): a changed
    #: pick is re-applied on it ("Change my pick"). None while a lobby.
    start_state: Any = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def mod(self) -> Engine:
        """The game's rules engine."""
        return self.game.engine

    @property
    def resigned(self) -> frozenset[int]:
        """Seats whose human resigned (the AI plays them)."""
        return frozenset(s.seat for s in self.record.seats if s.resigned)

    @property
    def timer_s(self) -> int:
        """Seconds per turn (0: no timer)."""
        return self.record.turn_timer_s

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def kind(self) -> str:
        return self.record.kind

    @property
    def status(self) -> str:
        return self.record.status

    def config(self) -> BaseModel:
        raw = self.game.stored_config(json.loads(self.record.config), self.record.rules_version)
        return self.mod.Config.model_validate(raw)

    def players(self) -> int:
        return self.game.players(self.config())

    def seat_user(self, seat: int) -> int | None:
        found = next((s for s in self.record.seats if s.seat == seat), None)
        return None if found is None or seat in self.resigned else found.user_id

    def ai_level(self, seat: int, default: str = "heuristic") -> str | None:
        """The AI level playing ``seat`` (resigned seats: ``default``), None for a human."""
        found = next((s for s in self.record.seats if s.seat == seat), None)
        if found is None:
            return None
        if found.ai_level is not None:
            return found.ai_level
        return default if seat in self.resigned else None

    def seat_of(self, user_id: int) -> int | None:
        seat = self.record.seat_of(user_id)
        return None if seat is None or seat in self.resigned else seat

    def to_act(self) -> frozenset[int]:
        return frozenset() if self.state is None else frozenset(self.mod.to_act(self.state))

    def humans_to_act(self) -> list[int]:
        return sorted(s for s in self.to_act() if self.seat_user(s) is not None)

    def ai_to_act(self) -> list[int]:
        return sorted(s for s in self.to_act() if self.seat_user(s) is None)

    def all_ai(self) -> bool:
        return all(self.seat_user(s.seat) is None for s in self.record.seats)

    def outcome(self) -> Outcome | None:
        return None if self.state is None else self.mod.outcome(self.state)

    def require_state(self) -> Any:
        """The game's state; ``UserError`` for a table that never started."""
        if self.state is None:
            what = (
                "has not started yet" if self.status == "lobby" else "was closed before it started"
            )
            raise UserError(f"Game #{self.id} {what}.")
        return self.state


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
        state = game.engine.new_game(base.config(), full.seed)
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
            state, events = table.mod.apply(state, seat, table.mod.parse_move(text))
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
