"""Duel sample images for the preview and the benchmark, from seeded engine games.

A development tool like ``render.samples``: it plays a game with the engine, then renders only
what ``engine.duel.view`` / ``outcome`` return, exactly as the bot does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine import duel
from render import board_png, hand_png, scores_png

__all__ = ["bench_cases", "duel_game", "duel_images", "first"]

NAMES = ["Ana", "Bo"]
SPECIAL = ("token", "library", "destroy", "mausoleum", "start")

Position = tuple[Any, int | None, str]  # state, seat to act (None once over), phase


def duel_game(seed: int = 5) -> list[Position]:
    """Every position of a seeded random game that builds Wonders whenever it can."""
    st = duel.new_game(duel.Config(), seed)
    rng = random.Random(seed)
    out: list[Position] = []
    while duel.outcome(st) is None:
        seat = next(iter(duel.to_act(st)))
        out.append((st, seat, duel.view(st, None).phase))
        moves = duel.legal_moves(st, seat)
        wonders = [m for m in moves if m.action == "wonder"]
        st, _ = duel.apply(
            st, seat, rng.choice(wonders if wonders and rng.random() < 0.7 else moves)
        )
    out.append((st, None, "over"))
    return out


def first(
    game: list[Position], phase: str, age: int | None = None, skip: int = 0
) -> Position | None:
    """The ``skip``-th position of ``phase`` (in ``age``), if the game has one."""
    hits = [p for p in game if p[2] == phase and (age is None or p[0].age == age)]
    return hits[min(skip, len(hits) - 1)] if hits else None


def _board(p: Position) -> Callable[[], bytes]:
    return lambda: board_png("duel", duel.view(p[0], None), NAMES)


def _hand(p: Position) -> Callable[[], bytes]:
    seat = p[1] if p[1] is not None else 0
    return lambda: hand_png("duel", duel.view(p[0], seat), NAMES)


def duel_images(seed: int = 5) -> dict[str, Callable[[], bytes]]:
    game = duel_game(seed)
    out: dict[str, Callable[[], bytes]] = {}
    draft = first(game, "draft", skip=5)
    if draft:
        out["duel_draft_board.png"] = _board(draft)
        out["duel_draft_hand.png"] = _hand(draft)
    for age in (1, 2, 3):
        pos = first(game, "play", age, skip=7)
        if pos:
            out[f"duel_age{age}_board.png"] = _board(pos)
            out[f"duel_age{age}_hand.png"] = _hand(pos)
    for phase in SPECIAL:
        pos = first(game, phase)
        if pos:
            out[f"duel_{phase}_hand.png"] = _hand(pos)
            out[f"duel_{phase}_board.png"] = _board(pos)
    end = game[-1][0]
    outcome = duel.outcome(end)
    out["duel_over_board.png"] = _board(game[-1])
    if outcome is not None:
        out["duel_scores.png"] = lambda: scores_png("duel", outcome, NAMES, duel.view(end, None))
    return out


def bench_cases(seed: int = 5) -> dict[str, Callable[[], bytes]]:
    """A mid-Age III position (the fullest board) and the final score sheet."""
    game = duel_game(seed)
    pos = first(game, "play", 3, skip=6) or game[-2]
    board, hand = duel.view(pos[0], None), duel.view(pos[0], pos[1] or 0)
    outcome = duel.outcome(game[-1][0])
    assert outcome is not None
    return {
        "duel_board": lambda: board_png("duel", board, NAMES),
        "duel_hand": lambda: hand_png("duel", hand, NAMES),
        "duel_scores": lambda: scores_png("duel", outcome, NAMES, board),
    }
