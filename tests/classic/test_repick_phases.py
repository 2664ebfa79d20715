"""The repick move ("Change my pick") outside the Age turns: the leader draft, the recruitment
turn, the wonder pick and Cities' pay-or-debt decision. Each is a move appended after the pick
it supersedes; the reveal equals a game where the seat picked the new move straight away, and
a log holding repicks replays to the same state."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine import classic as C
from engine.classic.leaders.state import RECRUIT
from engine.classic.state import CHOOSE, DEBT, LEAD, PICK
from engine.common import IllegalMove

LEADERS = ("leaders",)


def _until(config: C.Config, seed: int, done: Callable[[C.State], bool]) -> C.State:
    """A random game of ``config`` played until ``done`` holds (before any seat moved)."""
    rng = random.Random(seed)
    s = C.new_game(config, seed)
    for _ in range(600):
        if done(s):
            return s
        seat = min(C.to_act(s))
        s, _ = C.apply(s, seat, rng.choice(C.legal_moves(s, seat)))
    raise AssertionError("the phase never came")


def _change_then_reveal(s: C.State, seat: int = 0) -> tuple[C.State, C.State, C.Move]:
    """``seat`` picks its first move then changes it to its last; the others pick their first.
    Returns the state after the reveal with the change, the same with the last move picked
    straight away, and the move it changed to."""
    moves = C.legal_moves(s, seat)
    assert len(moves) > 1, "nothing to change to"
    first, second = moves[0], moves[-1]
    picked, _ = C.apply(s, seat, first)
    changed, events = C.apply(picked, seat, C.Repick(second))
    assert C.to_act(changed) == C.to_act(picked), "a change reveals nothing"
    assert C.legal_moves(changed, seat) == []
    assert all(e.visible_to is None or e.visible_to == {seat} for e in events if e.text)
    direct, _ = C.apply(s, seat, second)
    for other in sorted(C.to_act(s) - {seat}):
        move = C.legal_moves(s, other)[0]
        changed, _ = C.apply(changed, other, move)
        direct, _ = C.apply(direct, other, move)
    return changed, direct, second


def test_repick_in_the_leader_draft_keeps_the_new_leader() -> None:
    s = C.new_game(C.Config(players=4, expansions=LEADERS), 3)
    changed, direct, second = _change_then_reveal(s)
    assert C.dump(changed) == C.dump(direct)
    assert changed.leaders.held[0] == (second.card,)


def test_repick_in_the_recruitment_turn_applies_the_new_choice() -> None:
    config = C.Config(players=4, expansions=LEADERS)
    s = _until(config, 5, lambda s: s.phase == LEAD and s.leaders.stage == RECRUIT)
    assert s.leaders.stage == RECRUIT and s.age == 1  # the recruitment before Age I
    changed, direct, second = _change_then_reveal(s)
    assert C.dump(changed) == C.dump(direct)
    assert second.card not in changed.leaders.held[0]


def test_repick_in_the_wonder_pick_seats_the_new_board() -> None:
    s = C.new_game(C.Config(players=3, wonders="choose", sides="choose"), 8)
    changed, direct, second = _change_then_reveal(s)
    assert C.dump(changed) == C.dump(direct)
    assert (changed.cities[0].board, changed.cities[0].side) == (second.card, second.left)


def test_repick_in_a_wonder_pick_clash_round_and_a_seated_seat_cannot_change() -> None:
    s = C.new_game(C.Config(players=3, wonders="choose"), 4)
    rhodos = C.parse_move("board:Rhodos:A")
    for seat in range(3):  # everyone picks Rhodos: one is seated, two pick again
        s, _ = C.apply(s, seat, rhodos)
    seated = next(i for i, c in enumerate(s.cities) if c.board >= 0)
    assert s.phase == CHOOSE and s.turn == 2
    with pytest.raises(IllegalMove, match="no pick to change"):
        C.apply(s, seated, C.Repick(C.parse_move("board:Gizah:A")))
    loser = min(set(range(3)) - {seated})
    changed, direct, _ = _change_then_reveal(s, loser)
    assert C.dump(changed) == C.dump(direct)


def test_repick_of_the_pay_or_debt_decision() -> None:
    config = C.Config(players=4, expansions=("cities",))
    s = _until(config, 2, lambda s: s.phase == DEBT and len(C.to_act(s)) > 1)
    seat = next(i for i in sorted(C.to_act(s)) if len(C.legal_moves(s, i)) > 1)
    changed, direct, second = _change_then_reveal(s, seat)
    assert C.dump(changed) == C.dump(direct)
    assert second.left == 0  # the last listed split pays nothing: all debt


def test_repick_is_refused_for_an_illegal_move_or_without_a_pick() -> None:
    s = C.new_game(C.Config(players=3, wonders="choose"), 1)
    with pytest.raises(IllegalMove, match="no pick to change"):
        C.apply(s, 0, C.Repick(C.legal_moves(s, 0)[0]))
    s, _ = C.apply(s, 0, C.legal_moves(s, 0)[0])
    with pytest.raises(IllegalMove, match="Pick a wonder board"):
        C.apply(s, 0, C.Repick(C.parse_move("discard:Altar")))
    draft = C.new_game(C.Config(players=3, expansions=LEADERS), 1)
    draft, _ = C.apply(draft, 0, C.legal_moves(draft, 0)[0])
    foreign = next(m for m in C.legal_moves(draft, 1) if m not in C.legal_moves(draft, 0))
    with pytest.raises(IllegalMove, match="not in the leaders you are drafting from"):
        C.apply(draft, 0, C.Repick(foreign))


def _try(s: C.State, rng: random.Random) -> bool:
    """Change every pick of the phases before the Ages, a third of the Age picks."""
    return s.phase != PICK or rng.random() < 0.3


@pytest.mark.parametrize(
    "expansions,wonders", [(LEADERS, "choose"), (("leaders", "cities"), "choose"), ((), None)]
)
def test_a_log_with_repicks_in_every_phase_replays_exactly(
    expansions: tuple[str, ...], wonders: str | None
) -> None:
    config = C.Config(players=4, wonders=wonders, expansions=expansions)
    rng = random.Random(17)
    s = C.new_game(config, 17)
    log: list[tuple[int, str]] = []
    phases: set[str] = set()
    while acting := sorted(C.to_act(s)):
        seat = rng.choice(acting)
        moves = C.legal_moves(s, seat)
        move = rng.choice(moves)
        s, _ = C.apply(s, seat, move)
        log.append((seat, str(move)))
        if C.to_act(s) and seat not in C.to_act(s) and len(moves) > 1 and _try(s, rng):
            try:
                s, _ = C.apply(s, seat, C.Repick(rng.choice(moves)))
            except IllegalMove:
                continue  # a sequential step (Courtesan, Roma, discard build): final
            log.append((seat, f"repick:{s.picks[seat]}"))
            phases.add(C.view(s, seat).phase)
    replayed = C.new_game(config, 17)
    for seat, text in log:
        replayed, _ = C.apply(replayed, seat, C.parse_move(text))
    assert C.dump(replayed) == C.dump(s)
    expected = {"pick"} | ({"leaders", "wonder_pick"} if wonders else set())
    assert expected <= phases, phases
