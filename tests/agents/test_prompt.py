"""The agent prompt's rules text and the parsing of answers."""

from __future__ import annotations

import pytest

from bot.agents.prompt import BadAnswer, check_move, parse_answer
from bot.agents.rules_text import rules_text
from engine import duel
from engine.duel.data import CARDS, TOKENS, WONDERS

SECTIONS = (
    "How a game is won", "Setup", "Building and trading", "The card families", "The cards",
    "The wonder draft", "The pyramids", "Your three actions", "Military", "Science and progress",
    "The JSON position", "Steps and moves", "Playing well", "Your answer",
)  # fmt: skip


def test_rules_text_has_the_seed_sections_and_every_name() -> None:
    text = rules_text()
    for section in SECTIONS:
        assert f"## {section}" in text
    for named in [c.agent for c in CARDS] + [w.agent for w in WONDERS] + [t.agent for t in TOKENS]:
        assert f"- {named}" in text, named
    assert "2 coins plus 1 per unit" in text and "six different" in text


def test_rules_text_facts_follow_the_rule_tables() -> None:
    text = rules_text()
    assert "- CLAY_RESERVE (Age 1): cost 3 coins" in text  # the seed said free; the rules say 3
    assert "- AQUEDUCT (Age 2): cost 3 STONE; 5 VP; chain from BATHS" in text


@pytest.mark.parametrize(
    "answer",
    [
        '{"move": "SELECT_WONDER", "moveData": {"wonder": "X"}}',
        'Sure!\n```json\n{"move": "SELECT_WONDER", "moveData": {"wonder": "X"}}\n```',
        'thinking {not json} then {"note": 1} then '
        '{"move": "SELECT_WONDER", "moveData": {"wonder": "X"}}',
    ],
)
def test_parse_answer_finds_the_move_object(answer: str) -> None:
    assert parse_answer(answer) == {"move": "SELECT_WONDER", "moveData": {"wonder": "X"}}


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        ("", "No JSON object"),
        ('{"move": 3}', "No JSON object"),
        ('{"move": "DISCARD", "moveData": [1]}', "moveData"),
    ],
)
def test_parse_answer_refuses_with_a_reason(answer: str, why: str) -> None:
    with pytest.raises(BadAnswer, match=why):
        parse_answer(answer)


def test_check_move_refuses_a_wonder_not_on_offer() -> None:
    state = duel.new_game(duel.Config(), 3)
    seat = min(duel.to_act(state))
    offered = duel.to_agent_json(state, seat)["wondersAvailable"]
    missing = next(w.agent for w in WONDERS if w.agent not in offered)
    with pytest.raises(BadAnswer, match="Illegal move"):
        check_move(state, seat, {"move": "SELECT_WONDER", "moveData": {"wonder": missing}})
    good = check_move(state, seat, {"move": "SELECT_WONDER", "moveData": {"wonder": offered[0]}})
    assert str(good) in {str(m) for m in duel.legal_moves(state, seat)}
