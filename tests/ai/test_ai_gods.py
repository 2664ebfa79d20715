"""AI with Gods & Heroes: every level plays it legally, the heuristic spends powers by its
rule and values heroes and the god a last stage unlocks, and beats random players."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import classic
from engine.ai import make_agent
from engine.ai.arena import main, run_arena
from engine.ai.classic_eval import heuristic_value
from engine.ai.classic_gods import KEEP, USE
from engine.classic.variants import gods as G
from tests.classic.gods_kit import READY, table

GODS = classic.Config(players=4, variant="gods-heroes", sides="random")


def _game(levels: list[str], seed: int, powers: Counter[str], **options: float) -> None:
    state = classic.new_game(GODS, seed)
    agents = [make_agent("classic", lv, **options) for lv in levels]  # type: ignore[arg-type]
    rng = random.Random(seed)
    while classic.to_act(state):
        for seat in sorted(classic.to_act(state)):
            legal = classic.legal_moves(state, seat)
            move = agents[seat].choose(classic.view(state, seat), legal, rng)
            assert move in legal
            if move.action == "power":
                powers[f"{levels[seat]}:{G.GODS[move.card]}"] += 1
            state, _ = classic.apply(state, seat, move)
    assert classic.outcome(state) is not None


@pytest.mark.parametrize("level", ["random", "greedy", "heuristic"])
def test_each_level_plays_gods_and_heroes(level: str) -> None:
    powers: Counter[str] = Counter()
    for seed in range(6):
        _game([level] * 4, seed, powers)
    if level == "heuristic":
        assert sum(powers.values()) > 0, "the agent never invoked a god"


def test_search_plays_gods_and_heroes() -> None:
    powers: Counter[str] = Counter()
    _game(["search", "heuristic", "random", "random"], 2, powers, ms=5.0, playouts=2)


def _view_with(god: dict[str, object], age: int, turn: int = 1) -> classic.ClassicView:
    s = table([god, {"wonder": "Gizah"}, {"wonder": "Babylon"}], age=age, turn=turn)
    s = s._replace(gods=s.gods._replace(status=(READY, 0, 0)))
    return classic.view(s, 0)


def _power_values(view: classic.ClassicView) -> list[float]:
    return [heuristic_value(view, mv) for mv in view.legal_moves if mv.action == "power"]


def test_ares_is_kept_for_age_three_and_athena_spent_at_once() -> None:
    ares = {"wonder": "Rhodos", "stages_built": 3}
    assert _power_values(_view_with(ares, 1)) == [KEEP]
    assert _power_values(_view_with(ares, 3))[0] > USE
    athena = {"wonder": "Halikarnassos", "stages_built": 3}
    assert _power_values(_view_with(athena, 1))[0] > USE


def test_artemis_waits_for_the_start_of_an_age() -> None:
    artemis = {"wonder": "Ephesos", "stages_built": 3}
    assert _power_values(_view_with(artemis, 1, turn=3)) == [KEEP]
    assert _power_values(_view_with(artemis, 2, turn=1))[0] == USE + 6


def test_third_red_card_is_worth_its_hero() -> None:
    red = {"wonder": "Rhodos", "built": ["Stockade", "Guard Tower"], "hand": ["Barracks", "Altar"]}
    s = table([red, {"wonder": "Gizah"}, {"wonder": "Babylon"}])
    view = classic.view(s, 0)
    with_hero = {m.move: heuristic_value(view, m) for m in view.legal_moves}
    plain = classic.view(s._replace(gods=None), 0)
    without = {m.move: heuristic_value(plain, m) for m in plain.legal_moves}
    assert with_hero["build:Barracks:0:0"] == pytest.approx(without["build:Barracks:0:0"] + 3.0)
    assert with_hero["build:Altar:0:0"] == pytest.approx(without["build:Altar:0:0"])


def test_arena_variant_option_reaches_the_config(capsys: pytest.CaptureFixture[str]) -> None:
    main(
        [
            "--players",
            "3",
            "--agents",
            "heuristic,random,random",
            "--games",
            "2",
            "--variant",
            "gods-heroes",
        ]
    )
    assert '"variant": "gods-heroes"' in capsys.readouterr().out


def test_heuristic_beats_random_with_the_variant() -> None:
    agents = ["heuristic", "random", "random", "random"]
    out = run_arena("classic", agents, 20, 0, 1, {"variant": "gods-heroes"})
    assert out["agents"][0]["win_rate"] >= 0.9


def test_hint_explains_a_power() -> None:
    from engine.ai.hint import hint

    view = _view_with({"wonder": "Halikarnassos", "stages_built": 3}, 1)
    s = table([{"wonder": "Halikarnassos", "stages_built": 3}, {"wonder": "Gizah"}, {}])
    s = s._replace(gods=s.gods._replace(status=(READY, 0, 0)))
    got = hint("classic", view, classic.legal_moves(s, 0), random.Random(0))
    assert str(got.move) == "power:Athena"
    assert got.text.startswith("Invoke Athena: 3 VP now")
