"""The engine's speed caches (price rows, greedy solver, interned events) never change a game."""

from __future__ import annotations

import random

import pytest

from engine import duel
from engine.duel import costs, events, moves, state
from tests.duel.helpers import playout


def _record(seeds: range) -> list[tuple[list[str], list[list[dict[str, object]]]]]:
    """Per game: the legal moves' texts at every turn and every apply's events."""
    out = []
    for seed in seeds:
        s = duel.new_game(duel.Config(first_player=None), seed)
        r = random.Random(seed)
        texts: list[str] = []
        evs: list[list[dict[str, object]]] = []
        while duel.to_act(s):
            (seat,) = duel.to_act(s)
            moves = duel.legal_moves(s, seat)
            texts.append(",".join(str(m) for m in moves))
            s, got = duel.apply(s, seat, r.choice(moves))
            evs.append([e.model_dump() for e in got])
        out.append((texts, evs))
    return out


def test_games_are_identical_with_cold_warm_and_constantly_cleared_caches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seeds = range(700, 730)
    with monkeypatch.context() as m:
        m.setattr(costs, "_ROW_LIMIT", 0)  # every new city pair clears the price caches
        m.setattr(costs, "_MEMO_LIMIT", 0)
        m.setattr(events, "_LIMIT", 0)  # every new event clears the intern tables
        costs._ROW_OF.clear()
        cleared = _record(seeds)
        assert len(costs._ROWS) <= 1 and len(events._ONCE) <= 1
    filling = _record(seeds)
    assert len(costs._ROWS) > 50 and len(events._MEMO) > 500
    assert _record(seeds) == filling == cleared  # the third run only hits the caches


def test_shared_events_are_equal_to_fresh_ones_and_states_replay() -> None:
    final, log = playout(31)
    s = duel.new_game(duel.Config(), 31)
    for text in log:
        s, got = duel.apply(s, next(iter(duel.to_act(s))), duel.parse_move(text))
        assert s.events == tuple(got)
    assert duel.dump(s) == duel.dump(final)


def test_apply_reads_the_last_legal_moves_price_row_only_for_that_state() -> None:
    """``apply`` reuses the price row of the last ``legal_moves`` on the very same state object;
    any other state (here with a poisoned row left behind) is priced from scratch."""
    builds = 0
    for seed in range(40, 46):
        s = duel.new_game(duel.Config(), seed)
        r = random.Random(seed)
        while duel.to_act(s):
            (seat,) = duel.to_act(s)
            move = r.choice(duel.legal_moves(s, seat))
            warm, warm_events = duel.apply(s, seat, move)
            moves.LAST_ROW[0] = (object(), [99] * 143)  # a wrong row for some other state
            cold, cold_events = duel.apply(s, seat, move)
            assert warm_events == cold_events and duel.dump(warm) == duel.dump(cold)
            builds += move.action in ("build", "wonder")
            s = warm
    assert builds > 50


def test_the_last_states_field_list_is_read_only_for_that_very_state() -> None:
    """``to_act``, ``legal_moves`` and ``apply`` read the list the last State was frozen from
    (state.LAST) only when given that object: with the entry pointing elsewhere they read the
    State itself, with the same results."""
    turns = 0
    for seed in range(50, 54):
        s = duel.new_game(duel.Config(), seed)
        r = random.Random(seed)
        while duel.to_act(s):
            assert state.LAST[0][0] is s  # the remembered path
            (seat,) = duel.to_act(s)
            legal = duel.legal_moves(s, seat)
            move = r.choice(legal)
            warm, warm_events = duel.apply(s, seat, move)
            state.LAST[0] = (object(), [None] * len(s))  # some other object's fields
            assert duel.to_act(s) == frozenset((seat,)) and duel.legal_moves(s, seat) == legal
            cold, cold_events = duel.apply(s, seat, move)
            assert cold_events == warm_events and duel.dump(cold) == duel.dump(warm)
            s = cold
            turns += 1
    assert turns > 200
