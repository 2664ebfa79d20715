"""The typed seam of a rules engine: what every game module (``engine.classic``,
``engine.duel``, a future variant) provides, as one ``Protocol`` that mypy checks.

A game module is a Python module, not an object: its public functions are the protocol's
methods (mypy matches a module against a protocol by its attributes, ``self`` left out). The
four type parameters are the game's own types, so a caller holding a ``ClassicGame`` gets
``classic.State`` back from ``new_game`` and cannot hand it a Duel move:

    StateT   immutable game state (``State``); never mutated, ``apply`` returns a new one
    MoveT    immutable, hashable move (``Move``); ``str(move)`` round-trips through ``parse_move``
    ViewT    pydantic model of what one seat (or a spectator) may know (``ClassicView``...)
    ConfigT  pydantic model of the game options (``Config``); ``Config()`` is a valid game

Events are shared: every engine emits :class:`engine.common.Event` values. The registry that
binds each module to its parameters (and so makes mypy prove conformance) is
:mod:`engine.games`; docs/ENGINE_API.md is the prose contract.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from engine.common import Event, Outcome, Score

__all__ = ["GameModule", "GameView"]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT", bound="GameView", covariant=True)
ConfigT = TypeVar("ConfigT")


class GameView(Protocol):
    """What every view offers whatever the game: the discriminating ``game`` kind, the viewer
    (``None`` = spectator) and the rules version the game runs under."""

    @property
    def game(self) -> str: ...

    @property
    def seat(self) -> int | None: ...

    @property
    def rules_version(self) -> str: ...


class GameModule(Protocol[StateT, MoveT, ViewT, ConfigT]):
    """The functions and constants of one game's engine module (docs/ENGINE_API.md)."""

    @property
    def RULES_VERSION(self) -> str:  # a module constant, read-only here
        """Bumped whenever rules behaviour changes; stored with every game."""
        ...

    @property
    def Config(self) -> type[ConfigT]:  # the module's options class
        """The game options model; ``Config()`` is a valid default game."""
        ...

    def new_game(self, config: ConfigT, seed: int) -> StateT:
        """Deterministic: the same config and seed give the same game."""
        ...

    def to_act(self, state: StateT) -> frozenset[int]:
        """Seats that must move now; empty exactly when the game is over."""
        ...

    def legal_moves(self, state: StateT, seat: int) -> Sequence[MoveT]:
        """Every legal move of ``seat``; ``[]`` when it is not in ``to_act``."""
        ...

    def apply(self, state: StateT, seat: int, move: MoveT) -> tuple[StateT, list[Event]]:
        """A new state and what happened; raises ``IllegalMove`` with a readable reason."""
        ...

    def view(self, state: StateT, seat: int | None) -> ViewT:
        """Everything ``seat`` may know (``None`` = spectator), nothing more."""
        ...

    def scores(self, state: StateT) -> list[Score]:
        """Per seat, the score if the game ended now."""
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """``None`` while running; the final scores and winners at the end."""
        ...

    def parse_move(self, text: str) -> MoveT:
        """The move whose canonical text (``str(move)``) is ``text``."""
        ...

    def describe_move(self, view_or_state: object, move: MoveT) -> str:
        """A sentence for players, e.g. 'Discard Clay Pool for 3 coins'."""
        ...

    def dump(self, state: StateT) -> dict[str, Any]:
        """Lossless JSON-safe form of the full state (hidden cards and RNG included)."""
        ...

    def load(self, data: dict[str, Any]) -> StateT:
        """The state ``dump`` wrote."""
        ...

    def card_names(self) -> list[str]:
        """Every card name of the game, for look-ups and autocomplete."""
        ...

    def card_info(self, name: str) -> dict[str, Any]:
        """A card's facts (cost, effect text, age...); ``KeyError`` for an unknown name."""
        ...
