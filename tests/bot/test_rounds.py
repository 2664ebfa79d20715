"""Round ends of classic games are found from the states too (not only from the events)."""

from __future__ import annotations

import engine.classic as classic
from bot.services.tables import is_round_end


def test_round_end_from_states_without_events() -> None:
    state = classic.new_game(classic.Config(players=3, sides="A"), 4)
    ends = []
    for seat in range(3):
        after, _ = classic.apply(state, seat, classic.legal_moves(state, seat)[0])
        ends.append(is_round_end("classic", [], classic, state, seat, after))
        state = after
    assert ends == [False, False, True]
    assert sorted(classic.to_act(state)) == [0, 1, 2]
    assert not is_round_end("classic", [])  # no states: only the events can tell
    assert is_round_end("duel", [])
