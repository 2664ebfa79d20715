"""Hints in issue 21's phases: the wonder pick (no city yet) and the Free City's card."""

from __future__ import annotations

import random

import engine.classic as classic
from engine.ai.hint import hint
from engine.classic import Config


def test_a_hint_in_the_wonder_pick_names_a_board_offered() -> None:
    state = classic.new_game(Config(players=4, wonders="choose", sides="choose"), 3)
    legal = classic.legal_moves(state, 0)
    found = hint("classic", classic.view(state, 0), legal, random.Random(1))
    assert found.move in legal
    assert found.text.startswith("Pick ") and "values most" in found.text, found.text


def test_a_hint_for_the_free_city_card_is_one_of_its_moves() -> None:
    state = classic.new_game(Config(players=2), 3)
    holder = classic.view(state, None).free_city.controller
    state, _ = classic.apply(state, holder, classic.legal_moves(state, holder)[0])
    view = classic.view(state, holder)
    assert view.free_city.picking
    legal = classic.legal_moves(state, holder)
    found = hint("classic", view, legal, random.Random(2))
    assert found.move in legal and found.text
