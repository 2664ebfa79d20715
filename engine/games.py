"""The registry of game modules, typed by :class:`engine.protocol.GameModule`.

The two assignments below are where mypy proves that ``engine.classic`` and ``engine.duel``
satisfy the protocol with their own state, move, view and config types; a new variant is one
more engine package plus one more line here (and its adapter in the bot).

Importing this module imports both engines; ``engine.game_module`` stays the lazy way in.
"""

from __future__ import annotations

from typing import Literal, overload

from engine import classic, duel
from engine.protocol import GameModule

__all__ = ["CLASSIC", "DUEL", "GAMES", "AnyGame", "ClassicGame", "DuelGame", "GameKind", "game"]

GameKind = Literal["classic", "duel"]
ClassicGame = GameModule[
    classic.State, classic.Move | classic.Repick, classic.ClassicView, classic.Config
]
DuelGame = GameModule[duel.State, duel.Move, duel.DuelView, duel.Config]
AnyGame = ClassicGame | DuelGame

CLASSIC: ClassicGame = classic
DUEL: DuelGame = duel

GAMES: dict[str, AnyGame] = {"classic": CLASSIC, "duel": DUEL}


@overload
def game(kind: Literal["classic"]) -> ClassicGame: ...
@overload
def game(kind: Literal["duel"]) -> DuelGame: ...
@overload
def game(kind: str) -> AnyGame: ...
def game(kind: str) -> AnyGame:
    """The typed module of a game kind stored in a game record."""
    try:
        return GAMES[kind]
    except KeyError:
        raise ValueError(
            f"unknown game kind {kind!r}; expected one of {', '.join(GAMES)}"
        ) from None
