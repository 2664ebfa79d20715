"""The Edifice part of the classic AI: it joins a project worth it, and its hint says why."""

from __future__ import annotations

import random

from engine import classic as C
from engine.ai import make_agent
from engine.ai.hint import explain, hint
from tests.classic.edifice.kit import play_turn, table, with_edifice

HAND = ["Lumber Yard", "Stone Pit", "Clay Pool"]


def _offered(coins: int, left: int) -> C.State:
    seats = [{"hand": HAND, "coins": coins, "built": ["Lumber Yard", "Sawmill"]}]
    seats += [{"hand": HAND, "coins": 5} for _ in range(2)]
    s = with_edifice(table(seats), left=(left, 2, 2))
    return play_turn(s, {0: "wonder:LumberYard:0:0"})


def test_heuristic_takes_the_last_pawn_of_a_coin_reward() -> None:
    s = _offered(coins=3, left=1)
    agent = make_agent("classic", "heuristic")
    got = agent.choose(C.view(s, 0), C.legal_moves(s, 0), random.Random(0))
    assert str(got) == "edifice:MoneyChanger:0:0"


def test_hint_names_the_reward_and_the_cost() -> None:
    s = _offered(coins=3, left=1)
    h = hint("classic", C.view(s, 0), C.legal_moves(s, 0), random.Random(0))
    assert h.headline == "Also join Money Changer"
    assert "4 coins" in h.text and "You pay 1 coin" in h.text


def test_pass_hint_is_explained() -> None:
    s = _offered(coins=3, left=2)
    moves = C.legal_moves(s, 0)
    h = explain("classic", C.view(s, 0), moves[-1])
    assert h.headline == "Don't join Money Changer" and h.text
