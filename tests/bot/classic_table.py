"""A stand-in for ``bot.model.game.Table`` holding just what the 7 Wonders round texts read
of a table (its engine state), for tests that drive the engine directly."""

from __future__ import annotations

from typing import Any

import engine.classic as classic


class StateTable:
    """What the 7 Wonders round texts read of a table."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.mod = classic

    def require_state(self) -> Any:
        return self.state

    def outcome(self) -> Any:
        return classic.outcome(self.state)

    def to_act(self) -> frozenset[int]:
        return frozenset(classic.to_act(self.state))
