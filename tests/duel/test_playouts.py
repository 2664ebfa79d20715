"""Random playouts over 2,000 seeds with the invariants of issue 4 (sampled to stay fast)."""

from __future__ import annotations

import random

import pytest

from engine import duel
from engine.common import IllegalMove
from engine.duel import moves as M
from engine.duel.data import CARDS, COLORS
from engine.duel.state import State
from tests.duel.helpers import check_invariants, check_no_leak, playout

CHUNKS = 8
PER_CHUNK = 250  # 8 x 250 = 2,000 seeds


def _config(seed: int) -> duel.Config:
    return duel.Config(draft=seed % 5 != 0, first_player=None if seed % 3 == 0 else seed % 2)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_terminate_with_invariants(chunk: int) -> None:
    victories: set[str] = set()
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        deep = seed % 20 == 0
        final, _ = playout(
            seed,
            _config(seed),
            check_every=1 if deep else 17,
            leak_every=13 if seed % 50 == 0 else 0,
        )
        check_invariants(final)
        out = duel.outcome(final)
        assert out is not None and out.winners and out.victory is not None
        victories.add(out.victory)
    assert "civilian" in victories


@pytest.mark.parametrize("seed", [3, 17, 123, 999, 4242])
def test_replay_gives_identical_dump(seed: int) -> None:
    final, log = playout(seed, _config(seed))
    s = duel.new_game(_config(seed), seed)
    for text in log:
        s, _ = duel.apply(s, next(iter(duel.to_act(s))), duel.parse_move(text))
    assert duel.dump(s) == duel.dump(final)
    assert duel.dump(duel.load(duel.dump(final))) == duel.dump(final)


@pytest.mark.parametrize("seed", [5, 6, 77])
def test_apply_never_mutates_and_dump_round_trips(seed: int) -> None:
    s: State = duel.new_game(duel.Config(), seed)
    r = random.Random(seed)
    while duel.to_act(s):
        seat = next(iter(duel.to_act(s)))
        before = duel.dump(s)
        nxt, _ = duel.apply(s, seat, r.choice(duel.legal_moves(s, seat)))
        assert duel.dump(s) == before
        assert duel.load(before) == s
        s = nxt


def _science_seeker(seed: int) -> State:
    """Random play that builds green cards and takes Law whenever it can."""
    s = duel.new_game(duel.Config(), seed)
    r = random.Random(seed)
    while duel.to_act(s):
        seat = next(iter(duel.to_act(s)))
        moves = duel.legal_moves(s, seat)
        green = [
            m
            for m in moves
            if m.action == "build"
            and CARDS[s.pyramid[m.slot]].color == COLORS.index("green")
            or m.key == "law"
        ]
        s, _ = duel.apply(s, seat, r.choice(green or moves))
    return s


def test_every_victory_kind_occurs_in_random_games() -> None:
    kinds = set()
    for seed in range(300):
        for final in (playout(seed)[0], _science_seeker(seed)):
            out = duel.outcome(final)
            assert out is not None
            kinds.add(out.victory)
        if kinds == {"civilian", "military", "science"}:
            break
    assert kinds == {"civilian", "military", "science"}


@pytest.mark.parametrize("seed", [11, 12])
def test_views_never_leak_at_every_step(seed: int) -> None:
    playout(seed, leak_every=1)


def test_other_seat_and_spectator_have_no_moves() -> None:
    s = duel.new_game(duel.Config(), 1)
    while duel.to_act(s):
        seat = next(iter(duel.to_act(s)))
        assert duel.legal_moves(s, 1 - seat) == []
        s, _ = duel.apply(s, seat, duel.legal_moves(s, seat)[0])
    assert duel.legal_moves(s, 0) == duel.legal_moves(s, 1) == []
    check_no_leak(s)


def _universe() -> list[duel.Move]:
    out = list(M.BUILD + M.DISCARD + M.PICK + M.TOKEN_MOVES + M.DESTROY_MOVES + M.REVIVE)
    out += [m for row in M.WONDER_MOVES for m in row] + list(M.START_MOVES)
    return out


@pytest.mark.parametrize("seed", [2, 8, 31])
def test_apply_accepts_exactly_the_legal_moves(seed: int) -> None:
    """Every one of the 450 possible moves: legal ones apply, the others raise IllegalMove."""
    universe = _universe()
    s = duel.new_game(_config(seed), seed)
    r = random.Random(seed)
    step = 0
    while duel.to_act(s):
        seat = s.player
        legal = set(duel.legal_moves(s, seat))
        if step % 6 == 0 or s.phase != 1:
            for m in universe:
                try:
                    duel.apply(s, seat, m)
                except IllegalMove:
                    assert m not in legal, m
                else:
                    assert m in legal, m
            for m in list(legal)[:3]:
                with pytest.raises(IllegalMove):
                    duel.apply(s, 1 - seat, m)
        s, _ = duel.apply(s, seat, r.choice(sorted(legal, key=str)))
        step += 1
