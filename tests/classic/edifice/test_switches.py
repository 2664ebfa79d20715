"""Each engine decision of docs/edifice.md is a switch (``DECISIONS``) that changes play."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.classic.edifice.data import DECISIONS
from engine.classic.edifice.state import OPEN
from tests.classic.edifice.kit import card, edifice, play_turn, table, with_edifice

LAST = ["Altar", "Theater"]


def _gold_reserves_fails(coins: tuple[int, ...]) -> C.State:
    seats = [{"hand": LAST, "coins": c} for c in coins]
    s = table(seats, age=3, turn=6)  # Gold Reserves: lose 9 coins
    return play_turn(s, {i: "discard:Altar" for i in range(3)})


def test_partial_penalty_switch_pays_what_it_can_then_takes_the_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(DECISIONS, "partial_penalty", True)
    s = _gold_reserves_fails((1, 6, 9))
    assert edifice(s).debt == ((-5,), (), ()) and s.cities[0].coins == 0


def test_discard_choice_switch_takes_the_oldest_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(DECISIONS, "discard_choice", "first")
    seats = [{"hand": LAST, "built": ["Loom", "Glassworks"]} for _ in range(3)]
    s = table(seats, turn=6, projects=("Curtain Wall", "Auction House", "Gold Reserves"))
    s = play_turn(s, {i: "discard:Altar" for i in range(3)})
    assert all(c.built == (card("Glassworks"),) for c in s.cities)


def test_penalty_after_conflicts_switch_also_takes_the_new_tokens(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(DECISIONS, "penalty_before_conflicts", False)
    seats = [{"hand": LAST, "tokens": (1,), "built": ["Barracks"]}]
    seats += [{"hand": LAST, "tokens": (1, 3)} for _ in range(2)]
    projects = ("Money Changer", "Auction House", "Concentric Castle")
    s = play_turn(
        table(seats, age=3, turn=6, projects=projects), {i: "discard:Altar" for i in range(3)}
    )
    # one victory token before the conflicts, three after: two go, no debt (before: debt)
    assert sorted(s.cities[0].tokens) == [5] and edifice(s).debt[0] == ()


def test_no_pawns_from_the_box_switch_stops_at_the_last_pawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(DECISIONS, "extra_pawns_from_box", False)
    built = ["Lumber Yard", "Sawmill", "Clay Pool", "Brickyard", "Stone Pit", "Quarry"]
    seats = [{"hand": ["Lumber Yard", "Stone Pit", "Clay Pool"], "coins": 5, "built": built}]
    s = table(seats * 3, wonders=["Rhodos", "Alexandria", "Gizah"])
    s = with_edifice(s, left=(1, 2, 2))
    s = play_turn(s, {i: "wonder:LumberYard:0:0" for i in range(3)})
    s = play_turn(s, {i: "edifice:MoneyChanger:0:0" for i in range(3)})
    assert edifice(s).pawns[0] == (1, 0, 0) and edifice(s).status[0] != OPEN
