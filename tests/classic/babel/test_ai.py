"""The AIs play Babel games from their views, and the hints explain every Babel move."""

from __future__ import annotations

import random

from engine import classic as C
from engine.ai import make_agent
from engine.ai.classic_babel import tile_step
from engine.ai.hint import explain
from tests.classic.babel.kit import BOTH, table

BABEL = {"tile-keep", "tile", "join", "join-pass", "coin-build", "chain-build"}


def test_the_agents_play_a_whole_babel_game_and_every_babel_move_has_a_hint() -> None:
    s = C.new_game(C.Config(players=4, expansions=BOTH), 5)
    agents = [make_agent("classic", lvl) for lvl in ("heuristic", "greedy", "heuristic", "random")]
    rng = random.Random(1)
    explained: set[str] = set()
    while seats := sorted(C.to_act(s)):
        for seat in seats:
            view, moves = C.view(s, seat), C.legal_moves(s, seat)
            for mv in view.legal_moves:
                if mv.action in BABEL and mv.action not in explained:
                    got = explain("classic", view, next(m for m in moves if str(m) == mv.move))
                    assert got.text.startswith(mv.text)
                    explained.add(mv.action)
            s, _ = C.apply(s, seat, agents[seat].choose(view, moves, rng))
    assert C.outcome(s) is not None
    assert {"tile-keep", "tile", "join", "join-pass"} <= explained


def test_the_greedy_ai_values_a_tile_at_the_score_rows_step() -> None:
    s = table([{"tiles": [5, 6]}, {}, {}])
    view = C.view(s, 0)
    assert tile_step(view) == 2.0
    from tests.classic.babel.kit import with_tower

    s = with_tower(s, built=((1, 2), (), ()))
    assert tile_step(C.view(s, 0)) == 5.0
