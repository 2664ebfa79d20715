"""What the bot needs from a rules engine, as a ``Protocol`` that ``engine.classic`` and
``engine.duel`` (the modules themselves) satisfy; mypy checks it where an adapter binds its
engine. States, views and moves stay opaque here: only the game's adapter and presenters look
inside them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pydantic import BaseModel

from engine.common import Event, Outcome, Score

__all__ = ["Engine"]


class Engine(Protocol):
    """The engine API the bot calls (names and shapes of ``docs/ENGINE_API.md``)."""

    RULES_VERSION: str

    @property
    def Config(self) -> type[BaseModel]: ...  # noqa: N802 (the module's class name)

    def new_game(self, config: Any, seed: int, /) -> Any: ...

    def apply(self, state: Any, seat: int, move: Any, /) -> tuple[Any, list[Event]]: ...

    def parse_move(self, text: str, /) -> Any: ...

    def legal_moves(self, state: Any, seat: int, /) -> Sequence[Any]: ...

    def to_act(self, state: Any, /) -> frozenset[int]: ...

    def view(self, state: Any, seat: int | None, /) -> Any: ...

    def describe_move(self, view: Any, move: Any, /) -> str: ...

    def outcome(self, state: Any, /) -> Outcome | None: ...

    def scores(self, state: Any, /) -> list[Score]: ...

    def card_info(self, name: str, /) -> dict[str, Any]: ...

    def card_names(self) -> list[str]: ...

    def dump(self, state: Any, /) -> dict[str, Any]: ...
