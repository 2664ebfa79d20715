"""Round ends of classic games are found from the states too (not only from the events)."""

from __future__ import annotations

import engine.classic as classic
from bot.games.registry import adapter_for


def test_round_end_from_states_without_events() -> None:
    game = adapter_for("classic")
    state = classic.new_game(classic.Config(players=3, sides="A"), 4)
    ends = []
    for seat in range(3):
        after, _ = classic.apply(state, seat, classic.legal_moves(state, seat)[0])
        ends.append(game.is_round_end([], state, seat, after))
        state = after
    assert ends == [False, False, True]
    assert sorted(classic.to_act(state)) == [0, 1, 2]
    assert not game.is_round_end([])  # no states: only the events can tell
    assert adapter_for("duel").is_round_end([])
