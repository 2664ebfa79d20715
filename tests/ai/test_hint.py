"""Hints: the Hard AI's move in the seat's view, explained from its evaluation's largest terms."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine import classic, duel
from engine.ai import make_agent
from engine.ai.hint import HINT_LEVEL, hint

POSITIONS = 500


def _classic_positions() -> Iterator[tuple[Any, list[Any], int]]:
    """(view, legal moves, seed) of every decision in seeded games mixing random and heuristic
    play, so positions reach every age, wonder stages and trading."""
    game = 0
    while True:
        state = classic.new_game(classic.Config(players=3 + game % 5, sides="random"), game)
        play = make_agent("classic", "heuristic" if game % 2 else "random")
        rng = random.Random(game)
        while classic.to_act(state):
            for seat in sorted(classic.to_act(state)):
                legal = classic.legal_moves(state, seat)
                yield classic.view(state, seat), legal, rng.randrange(1 << 30)
                state, _ = classic.apply(
                    state, seat, play.choose(classic.view(state, seat), legal, rng)
                )
        game += 1


def _duel_positions() -> Iterator[tuple[Any, list[Any], int]]:
    game = 0
    while True:
        state = duel.new_game(duel.Config(), game)
        play = make_agent("duel", "heuristic" if game % 2 else "random")
        rng = random.Random(game)
        while duel.to_act(state):
            seat = min(duel.to_act(state))
            legal = duel.legal_moves(state, seat)
            view = duel.view(state, seat)
            yield view, legal, rng.randrange(1 << 30)
            state, _ = duel.apply(state, seat, play.choose(view, legal, rng))
        game += 1


def _check(kind: str, positions: Iterator[tuple[Any, list[Any], int]]) -> dict[str, int]:
    ai = make_agent(kind, HINT_LEVEL)
    seen: dict[str, int] = {"positions": 0}
    for view, legal, seed in positions:
        h = hint(kind, view, legal, random.Random(seed))
        assert h.move in legal
        assert h.move == ai.choose(view, legal, random.Random(seed))
        assert h.subject and h.subject in h.text, h.text
        assert h.reasons and h.reasons[0].weight > 0 and h.reasons[0].text in h.text
        assert h.text.count(". ") <= 1 and h.text.endswith("."), h.text  # one or two sentences
        first = h.text.split(". ")[0]
        assert all(r.text in first for r in h.reasons)
        for r in h.reasons:  # each reason a plain phrase, not a number dump
            assert r.text[0].islower() or r.text[0].isdigit(), r.text
        seen["positions"] += 1
        seen[h.headline.split()[0]] = seen.get(h.headline.split()[0], 0) + 1
        if seen["positions"] == POSITIONS:
            return seen
    raise AssertionError("not enough positions")


def test_classic_hint_is_the_hard_ai_move_and_names_card_and_reason() -> None:
    seen = _check("classic", _classic_positions())
    assert seen["positions"] == POSITIONS
    assert seen.get("Build", 0) > 100 and seen.get("Use", 0) > 0  # builds and wonder stages


def test_duel_hint_is_the_hard_ai_move_and_names_card_and_reason() -> None:
    seen = _check("duel", _duel_positions())
    assert seen["positions"] == POSITIONS
    assert seen.get("Build", 0) > 100 and seen.get("Pick", 0) > 0


def test_classic_hint_names_the_neighbour_paid() -> None:
    """Coins paid for trade are a cost term naming the neighbour who gets them."""
    named = 0
    for view, legal, seed in _classic_positions():
        h = hint("classic", view, legal, random.Random(seed))
        mv = next(m for m in view.legal_moves if m.move == str(h.move))
        left, right = (
            view.cities[(view.seat - 1) % view.players],
            view.cities[(view.seat + 1) % view.players],
        )
        if mv.left:
            assert f"pay {left.board} (left) {mv.left} coin" in h.text, h.text
            named += 1
        if mv.right:
            assert f"pay {right.board} (right) {mv.right} coin" in h.text, h.text
            named += 1
        if named >= 20:
            return
    raise AssertionError("no trading hint met")


def test_duel_hint_reasons_follow_the_card() -> None:
    """A chain card's hint mentions its chain; a science card's its symbol; a red card the pawn
    (when those terms are among the largest)."""
    met = {"chain": 0, "science": 0, "military": 0}
    for n, (view, legal, seed) in enumerate(_duel_positions()):
        h = hint("duel", view, legal, random.Random(seed))
        text = " ".join(r.text for r in h.reasons)
        met["chain"] += "chains into" in text
        met["science"] += "science symbol" in text or "progress token" in text
        met["military"] += "conflict pawn" in text
        if n > POSITIONS:
            break
    assert all(met.values()), met
