"""Expected errors: the bot answers them with their message, ephemerally, in one sentence."""

from __future__ import annotations

__all__ = ["GameNotHere", "NotAllowed", "StaleVersion", "UserError"]


class UserError(Exception):
    """Something the user can fix; ``str(error)`` is the answer shown to them."""


class NotAllowed(UserError):
    """The user may not do this (not their seat, not the creator, not an admin…)."""


class GameNotHere(UserError):
    """The game named (by number, or in a clicked id) is not one of this server's."""


class StaleVersion(UserError):
    """A component from an earlier state of the game was used."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__("The game has moved on since this was posted.")
        self.game_id = game_id
        self.version = version
