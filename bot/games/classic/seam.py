"""The classic engine behind the bot: its module typed by ``engine.protocol.GameModule`` (mypy
proves the module fits here), and a table's state and views as the engine's own types for the
prompt and text modules of this package."""

from __future__ import annotations

import engine.classic as classic_engine
from bot.model.game import Table
from engine.classic import ClassicView, Config, Move, Repick, State
from engine.classic.leaders.views import LeadersView
from engine.protocol import GameModule

__all__ = ["ENGINE", "leaders_of", "legal_of", "seat_of", "state_of", "view_of"]

ENGINE: GameModule[State, Move | Repick, ClassicView, Config] = classic_engine


def state_of(table: Table) -> State:
    """The running table's state (a state of another game is a bug: ``TypeError``)."""
    state = table.require_state()
    if not isinstance(state, State):
        raise TypeError(f"game #{table.id} holds no 7 Wonders state")
    return state


def view_of(table: Table, seat: int | None) -> ClassicView:
    return ENGINE.view(state_of(table), seat)


def legal_of(table: Table, seat: int) -> list[Move | Repick]:
    return list(ENGINE.legal_moves(state_of(table), seat))


def leaders_of(view: ClassicView) -> LeadersView:
    """The Leaders part of a view the adapter shows during the Leaders steps."""
    if view.leaders is None:
        raise TypeError("a Leaders prompt for a game without Leaders")
    return view.leaders


def seat_of(view: ClassicView, seat: int | None = None) -> int:
    """The viewing seat (or ``seat``): a prompt is always some seat's, never a spectator's."""
    chosen = view.seat if seat is None else seat
    if chosen is None:
        raise TypeError("a seat's prompt built from a spectator's view")
    return chosen
