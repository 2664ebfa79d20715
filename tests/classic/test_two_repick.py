"""2-player game: the Free City card's holder changing their pick ("Change my pick")."""

from __future__ import annotations

import pytest

import engine.classic as classic
from engine.classic import Config
from engine.classic.state import Repick
from engine.common import IllegalMove


def test_the_holder_cannot_repick_the_free_citys_card() -> None:
    """A repick onto the card the Free City already took would leave the reveal without it."""
    state = classic.new_game(Config(players=2), 3)
    holder = classic.view(state, None).free_city.controller
    state, _ = classic.apply(state, holder, classic.legal_moves(state, holder)[0])
    free_city_move = classic.legal_moves(state, holder)[0]
    state, _ = classic.apply(state, holder, free_city_move)
    with pytest.raises(IllegalMove, match="Free City's pick"):
        classic.apply(state, holder, Repick(free_city_move))
    other = 1 - holder
    after, _ = classic.apply(state, other, classic.legal_moves(state, other)[0])
    assert after.turn == 2, "the turn still resolves"
