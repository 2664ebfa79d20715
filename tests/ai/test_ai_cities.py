"""The classic AI levels with the Cities expansion."""

from __future__ import annotations

import random

import pytest

from engine import classic as C
from engine.ai import LEVELS, make_agent
from engine.ai.classic_eval import heuristic_value
from engine.ai.classic_sample import age_pool
from engine.ai.hint_classic import explain_classic
from engine.classic.state import DEBT, OVER
from tests.classic.cities.conftest import table, turn


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_cities_game_to_the_end(level: str) -> None:
    options = {"playouts": 4} if level == "search" else {}
    agents = [make_agent("classic", level, **options)] + [make_agent("classic", "random")] * 3
    s = C.new_game(C.Config(players=4, expansions=("cities",)), 3)
    rng = random.Random(0)
    while acting := sorted(C.to_act(s)):
        for seat in acting:
            move = agents[seat].choose(C.view(s, seat), C.legal_moves(s, seat), rng)
            s, _ = C.apply(s, seat, move)
    assert s.phase == OVER and C.outcome(s) is not None
    assert s.cx is not None


@pytest.mark.parametrize("level", ["greedy", "heuristic"])
def test_scored_levels_pay_a_coin_loss_rather_than_take_debt(level: str) -> None:
    s = table(
        [{"hand": ["Lair", "Altar"], "built": ["Sawmill", "Glassworks"]}, {"coins": 5}, {}], age=2
    )
    s = turn(s, {0: "build:Lair:0:0"})
    assert s.phase == DEBT
    move = make_agent("classic", level).choose(C.view(s, 1), C.legal_moves(s, 1), random.Random(0))
    assert str(move) == "pay:2"


def test_heuristic_values_a_diplomacy_and_loss_card_over_a_discard() -> None:
    s = table([{"hand": ["Hideout", "Altar"], "coins": 0}, {}, {}])
    view = C.view(s, 0)
    by = {m.move: heuristic_value(view, m) for m in view.legal_moves}
    assert by["build:Hideout:0:0"] > by["discard:Hideout"]


def test_unseen_pool_has_black_cards_only_in_cities_games() -> None:
    cities = C.view(C.new_game(C.Config(players=3, expansions=("cities",)), 1), 0)
    base = C.view(C.new_game(C.Config(players=3), 1), 0)
    assert age_pool(cities)["Hideout"] + cities.hand.count("Hideout") == 1
    assert age_pool(base)["Hideout"] == 0


def test_state_from_view_rebuilds_a_cities_game() -> None:
    s = table([{"diplomacy": 1, "debt": 2}, {}, {}])
    rebuilt = C.state_from_view(C.view(s, 0), hands={1: ["Altar"], 2: ["Baths"]})
    assert rebuilt.cx is not None and rebuilt.cx.debt == (2, 0, 0)
    assert rebuilt.cx.diplomacy == (1, 0, 0)
    assert all(len(d) == 8 * 3 for d in rebuilt.decks)


def test_hint_explains_a_coin_loss_decision() -> None:
    s = table(
        [{"hand": ["Lair", "Altar"], "built": ["Sawmill", "Glassworks"]}, {"coins": 1}, {}], age=2
    )
    s = turn(s, {0: "build:Lair:0:0"})
    view = C.view(s, 1)
    move = next(m for m in C.legal_moves(s, 1) if str(m) == "pay:1")
    hint = explain_classic(view, move)
    assert "1 Debt token" in hint.text and view.legal_moves[0].card == ""
