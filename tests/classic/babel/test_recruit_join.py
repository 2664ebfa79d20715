"""Babel with Leaders (rules classic-5): a card built from the discard pile at the end of a
recruitment turn (Solomon, Halikarnassos) offers Babel's join like any build (Babel rules 4.2,
a free build counts), and the Age is dealt once it is answered; games stored before classic-5
(``Leaders.old_recruit``) dealt the Age at once and lost the offer."""

from __future__ import annotations

import random

from engine import classic as C
from engine.classic.state import PHASES, PICK, State

EXPANSIONS = ("leaders", "babel-tower", "babel-projects")
SEED = 111  # random play reaches a Babel join before Age II (found by playing seeds 0-110)


def _until_recruitment_join(old: bool) -> tuple[State, random.Random]:
    s = C.new_game(C.Config(players=4, expansions=EXPANSIONS), SEED)
    if old:
        s = s._replace(leaders=s.leaders._replace(old_recruit=True))
    rng = random.Random(SEED)
    while acts := sorted(C.to_act(s)):
        if PHASES[s.phase] == "babel_join" and s.turn == 0 or s.age == 2 and s.turn == 1:
            return s, rng
        for seat in acts:
            moves = C.legal_moves(s, seat)
            s, _ = C.apply(s, seat, moves[rng.randrange(len(moves))])
    raise AssertionError("the game ended")


def test_a_recruitment_discard_build_offers_babels_join_before_the_age_is_dealt() -> None:
    s, _ = _until_recruitment_join(old=False)
    assert PHASES[s.phase] == "babel_join" and s.age == 2 and s.turn == 0
    assert s.hands == ((),) * 4, "the Age is not dealt yet"
    for seat in sorted(C.to_act(s)):
        s, _ = C.apply(s, seat, C.legal_moves(s, seat)[0])
    assert s.phase == PICK and s.age == 2 and s.turn == 1 and all(len(h) == 7 for h in s.hands)


def test_before_classic_5_the_age_was_dealt_at_once() -> None:
    s, _ = _until_recruitment_join(old=True)
    assert s.phase == PICK and s.age == 2 and s.turn == 1, "no join step in the old rules"
