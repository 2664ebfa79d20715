"""The games this bot hosts, by kind (the value stored in each game's record)."""

from __future__ import annotations

from bot.games.classic.game import ClassicGame
from bot.games.duel.game import DuelGame
from bot.model.errors import UserError
from bot.model.game import Game

__all__ = ["GAMES", "adapter_for", "title_of"]

#: Register a new variant here (its engine package and adapter do the rest).
GAMES: dict[str, Game] = {game.kind: game for game in (ClassicGame(), DuelGame())}


def adapter_for(kind: str) -> Game:
    """The adapter of a stored game kind, or a clear error for one this bot can't host."""
    try:
        return GAMES[kind]
    except KeyError:
        raise UserError(f"{kind.title()} is not available on this bot yet.") from None


def title_of(kind: str) -> str:
    """ "7 Wonders" for "classic"; an unknown kind as stored."""
    game = GAMES.get(kind)
    return game.title if game is not None else kind
