"""Edifice in positions: a dumped position loads back with its projects, and a seat's view
gives the search a state with the same Edifice part (everything of Edifice is public)."""

from __future__ import annotations

import random

import pytest

from engine import classic as C
from engine.ai import make_agent
from engine.classic.edifice.state import DONE, OPEN
from engine.common import EngineError
from tests.classic.edifice.kit import edifice, table, with_edifice

HAND = ["Lumber Yard", "Stone Pit", "Clay Pool"]


def _state() -> C.State:
    s = table([{"hand": HAND, "coins": 5} for _ in range(3)], age=2, turn=5)  # 3 cards: turn 5
    return with_edifice(
        s,
        pawns=((1, 1, 0), (0, 0, 1), (0, 0, 0)),
        left=(0, 1, 2),
        status=(DONE, OPEN, OPEN),
        debt=((), (-2,), ()),
    )


def test_dumped_position_loads_back_with_its_projects() -> None:
    s = _state()
    again = C.load_position(C.dump_position(s))
    assert edifice(again)._replace(offers=(), stamp=(0, 0)) == edifice(s)._replace(
        offers=(), stamp=(0, 0)
    )


def test_state_from_view_keeps_the_edifice_part() -> None:
    s = _state()
    sampled = C.state_from_view(C.view(s, 0), hands={1: HAND, 2: HAND})
    e, got = edifice(s), edifice(sampled)
    assert (got.order, got.pawns, got.left, got.status) == (e.order, e.pawns, e.left, e.status)
    assert [sum(d) for d in got.debt] == [sum(d) for d in e.debt]


def test_unknown_project_in_a_position_is_refused() -> None:
    data = C.dump_position(_state())
    data["edifice"]["projects"][0] = "Hanging Gardens"
    with pytest.raises(EngineError, match="unknown Edifice project"):
        C.load_position(data)


def test_search_agent_plays_an_edifice_position() -> None:
    s = _state()
    agent = make_agent("classic", "search", ms=150)
    got = agent.choose(C.view(s, 0), C.legal_moves(s, 0), random.Random(0))
    assert got in C.legal_moves(s, 0)
