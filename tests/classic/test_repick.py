"""The repick move ("Change my pick" as an appended move): its text, what it changes, what it
refuses, and that a log holding repicks replays to the state the live game reached."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.common import IllegalMove


def _started(players: int = 3, seed: int = 5) -> C.State:
    return C.new_game(C.Config(players=players), seed)


def test_text_round_trips_and_plain_moves_keep_their_text() -> None:
    state = _started()
    move = C.legal_moves(state, 0)[0]
    repick = C.Repick(move)
    assert str(repick) == f"repick:{move}"
    assert C.parse_move(str(repick)) == repick
    assert C.parse_move(str(move)) == move and str(C.parse_move(str(move))) == str(move)
    with pytest.raises(IllegalMove):
        C.parse_move("repick:repick:discard:Altar")


def test_repick_replaces_the_pick_and_reveals_nothing() -> None:
    state = _started()
    first, second = C.legal_moves(state, 0)[:2]
    picked, _ = C.apply(state, 0, first)
    changed, events = C.apply(picked, 0, C.Repick(second))
    assert C.to_act(changed) == C.to_act(picked) == frozenset({1, 2})
    assert {e.kind for e in events} <= {"pick", "picked"}
    assert C.view(changed, 0).my_pick_text == C.describe_move(None, second)
    assert C.legal_moves(changed, 0) == []  # never listed: the seat has picked
    # The reveal shows the new pick: same as if the seat had picked it straight away.
    direct, _ = C.apply(state, 0, second)
    for seat in (1, 2):
        move = C.legal_moves(state, seat)[0]
        changed, _ = C.apply(changed, seat, move)
        direct, _ = C.apply(direct, seat, move)
    assert C.dump(changed) == C.dump(direct)


def test_repick_is_refused_without_a_pick_or_with_an_illegal_card() -> None:
    state = _started()
    move = C.legal_moves(state, 0)[0]
    with pytest.raises(IllegalMove, match="no pick to change"):
        C.apply(state, 0, C.Repick(move))
    picked, _ = C.apply(state, 0, move)
    foreign = C.legal_moves(state, 1)[0]
    if foreign.card not in {m.card for m in C.legal_moves(state, 0)}:
        with pytest.raises(IllegalMove):
            C.apply(picked, 0, C.Repick(foreign))
    with pytest.raises(IllegalMove, match="no pick to change"):
        C.apply(picked, 1, C.Repick(foreign))


def test_a_log_with_repicks_replays_exactly() -> None:
    state = _started(players=4, seed=9)
    log: list[tuple[int, str]] = []
    for _ in range(3):  # three turns, each with changes before the reveal
        seats = sorted(C.to_act(state))
        for seat in seats:
            moves = C.legal_moves(state, seat)
            state, _ = C.apply(state, seat, moves[0])
            log.append((seat, str(moves[0])))
            if seat % 2 == 0 and len(moves) > 1 and len(C.to_act(state)) > 0 and seat != seats[-1]:
                repick = C.Repick(moves[-1])
                state, _ = C.apply(state, seat, repick)
                log.append((seat, str(repick)))
    replayed = _started(players=4, seed=9)
    for seat, text in log:
        replayed, _ = C.apply(replayed, seat, C.parse_move(text))
    assert any(t.startswith("repick:") for _, t in log)
    assert C.dump(replayed) == C.dump(state)
