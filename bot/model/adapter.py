"""``GameAdapter``: a ``Game`` bound to one engine module (``engine.protocol.GameModule``) with
that engine's own state, move, view and config types.

The bot's services hand states and moves around opaquely; here they come back to the engine's
types, checked (a state or move of another game is a bug, refused loudly, never passed on). A
new game is an engine package, a subclass of this class, and one line in ``bot.games.registry``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from pydantic import BaseModel

from bot.model.game import Game, Table
from engine.common import Event, Outcome, Score
from engine.protocol import GameModule, GameView

__all__ = ["GameAdapter"]

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V", bound=GameView)
C = TypeVar("C", bound=BaseModel)


class GameAdapter(Game, Generic[S, M, V, C]):
    """A game whose engine is ``engine``; subclasses name the engine's types."""

    engine: GameModule[S, M, V, C]
    state_type: type[S]
    move_types: tuple[type[M], ...]

    # -- the engine's own types back from the opaque ones ---------------------------------
    def state(self, state: object) -> S:
        if not isinstance(state, self.state_type):
            raise TypeError(f"not a {self.kind} state: {type(state).__name__}")
        return state

    def move(self, move: object) -> M:
        if not isinstance(move, self.move_types):
            raise TypeError(f"not a {self.kind} move: {type(move).__name__}")
        return move

    def config_of(self, config: object) -> C:
        if not isinstance(config, self.engine.Config):
            raise TypeError(f"not a {self.kind} config: {type(config).__name__}")
        return config

    def state_of(self, table: Table) -> S:
        """The running table's state (``UserError`` for one that never started)."""
        return self.state(table.require_state())

    def view_of(self, table: Table, seat: int | None) -> V:
        return self.engine.view(self.state_of(table), seat)

    def start_state_of(self, table: Table) -> S:
        """The state at the open round's start (``Change my pick`` re-applies on it)."""
        return self.state(table.start_state)

    # -- the engine ----------------------------------------------------------------------
    @property
    def rules_version(self) -> str:
        return self.engine.RULES_VERSION

    def new_game(self, config: BaseModel, seed: int) -> S:
        return self.engine.new_game(self.config_of(config), seed)

    def apply(self, state: object, seat: int, move: object) -> tuple[S, list[Event]]:
        return self.engine.apply(self.state(state), seat, self.move(move))

    def parse_move(self, text: str) -> M:
        return self.engine.parse_move(text)

    def legal_moves(self, state: object, seat: int) -> Sequence[M]:
        return self.engine.legal_moves(self.state(state), seat)

    def to_act(self, state: object) -> frozenset[int]:
        return self.engine.to_act(self.state(state))

    def view(self, state: object, seat: int | None) -> V:
        return self.engine.view(self.state(state), seat)

    def outcome(self, state: object) -> Outcome | None:
        return self.engine.outcome(self.state(state))

    def scores(self, state: object) -> list[Score]:
        return self.engine.scores(self.state(state))

    def describe_move(self, view: GameView | None, move: object) -> str:
        return self.engine.describe_move(view, self.move(move))

    # -- setup ---------------------------------------------------------------------------
    def read_config(self, raw: dict[str, object], rules_version: str) -> C:
        return self.engine.Config.model_validate(self.stored_config(raw, rules_version))

    def stored_config(self, raw: dict[str, object], rules_version: str) -> dict[str, object]:
        """A stored config's fields as this rules version must read them (see ``Game``)."""
        return raw
