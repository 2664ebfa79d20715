"""Helpers of the Gods & Heroes tests: positions with the variant's state, whole turns."""

from __future__ import annotations

from typing import Any

from engine import classic as C
from engine.classic.state import State
from engine.classic.variants import gods as G
from engine.common import Event

READY, USED, LOCKED = G.READY, G.USED, G.LOCKED


def table(
    seats: list[dict[str, Any]],
    age: int = 1,
    turn: int = 1,
    discard: list[str] | None = None,
    **gods: Any,
) -> State:
    """A position (``load_position`` keys) with the variant on; ``gods``: Gods fields."""
    full = [{"hand": ["Altar", "Baths"]} | s for s in seats]
    s = C.load_position(
        {"game": "classic", "age": age, "turn": turn, "seats": full, "discard": discard or []}
    )
    return s._replace(gods=G.start(len(seats))._replace(**gods))


def turn(state: State, picks: dict[int, str], powers: dict[int, str] | None = None) -> State:
    return play(state, picks, powers)[0]


def play(
    state: State, picks: dict[int, str], powers: dict[int, str] | None = None
) -> tuple[State, list[Event]]:
    """Powers first, then every seat picks (unlisted seats discard their first card)."""
    for seat, text in (powers or {}).items():
        state, _ = C.apply(state, seat, C.parse_move(text))
    events: list[Event] = []
    for seat in range(state.players):
        text = picks.get(seat) or str(
            next(m for m in C.legal_moves(state, seat) if m.action == "discard")
        )
        state, events = C.apply(state, seat, C.parse_move(text))
    return state, events
