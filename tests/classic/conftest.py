"""Helpers for classic tests: build positions by hand and play whole turns."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import classic as C
from engine.classic.state import State


class Kit:
    """Small helpers shared by the classic tests (exposed through the ``kit`` fixture)."""

    @staticmethod
    def pos(
        seats: list[dict[str, Any]], age: int = 1, turn: int = 1, discard: list[str] | None = None
    ) -> State:
        full = []
        for s in seats:
            s = dict(s)
            s.setdefault("hand", ["Altar", "Baths"] if age == 1 else ["Statue"])
            full.append(s)
        return C.load_position(
            {"game": "classic", "age": age, "turn": turn, "seats": full, "discard": discard or []}
        )

    @staticmethod
    def moves(state: State, seat: int) -> set[str]:
        return {str(m) for m in C.legal_moves(state, seat)}

    @staticmethod
    def turn(state: State, picks: dict[int, str]) -> State:
        """Every seat picks (unlisted seats discard their first card); returns the new state."""
        for seat in range(state.players):
            text = picks.get(seat)
            if text is None:
                text = str(next(m for m in C.legal_moves(state, seat) if m.action == "discard"))
            state, _ = C.apply(state, seat, C.parse_move(text))
        return state

    @staticmethod
    def score(state: State, seat: int) -> Any:
        return C.scores(state)[seat]


@pytest.fixture
def kit() -> type[Kit]:
    return Kit


Helper = Callable[..., Any]
