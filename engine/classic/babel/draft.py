"""The Babel tile draft (rules 2.2-2.4): 3 random tiles each, keep 1 and pass 2 to the right,
keep 1 and pass 1, take the last; before any other draft (the game then goes on with the phase
it was set up in: Age I, the Leaders draft or the wonder pick)."""

from __future__ import annotations

import random

from engine.classic.babel.data import DECISIONS, TILES
from engine.classic.babel.tower_state import Tower
from engine.classic.state import Move, State, make_move
from engine.common import Event, IllegalMove

__all__ = ["DRAFT_PHASE", "KEEP", "deal", "draft_legal", "keep", "validate_keep"]

DRAFT_PHASE = 7  # the ``babel_draft`` phase (a stored id)
KEEP = "tile-keep"


def deal(seed: int, n: int, seats: tuple[int, ...], phase: int) -> Tower:
    """Each player's 3 tiles from the game's seed (its own stream: the card deal is unchanged)."""
    rng = random.Random(f"babel-tower:{seed}")
    tiles = [t.number for t in TILES]
    rng.shuffle(tiles)
    k = DECISIONS["tiles_per_player"]
    draft: list[tuple[int, ...]] = [()] * n
    for i, seat in enumerate(seats):
        draft[seat] = tuple(sorted(tiles[i * k : (i + 1) * k]))
    box = tuple(sorted(tiles[len(seats) * k :]))
    spaces = 3 if len(seats) <= 4 else 4  # rules 2.1: the board side by player count
    return Tower(spaces, ((),) * n, tuple(draft), phase, ((),) * n, (), box)


def draft_legal(t: Tower, seat: int) -> list[Move]:
    return [make_move(KEEP, tile) for tile in t.draft[seat]]


def validate_keep(state: State, t: Tower, seat: int, move: Move) -> None:
    if not t.draft[seat] or state.picks[seat] is not None:
        raise IllegalMove("You have already kept a tile this round.")
    if move.action != KEEP:
        raise IllegalMove("Keep one of your Babel tiles first (e.g. tile-keep:7).")
    if move.card not in t.draft[seat]:
        raise IllegalMove(f"Tile {move.card} is not among the tiles you draft from.")


def keep(state: State, t: Tower, seat: int, move: Move) -> tuple[State, Tower, list[Event]]:
    """Record a kept tile; once every player kept one, pass the rest to the right (the last
    tile is taken without a choice) and, after the last round, resume the game."""
    picks = state.picks[:seat] + (move,) + state.picks[seat + 1 :]
    mine = Event(kind="picked", text=f"Seat {seat} has chosen.", data={"seat": seat})
    n = state.players
    if any(picks[i] is None for i in range(n) if t.draft[i]):
        return state._replace(picks=picks), t, [mine]
    hands = list(t.hands)
    left: list[tuple[int, ...]] = [()] * n
    for i in range(n):
        mv = picks[i]
        if mv is not None:
            hands[i] += (mv.card,)
            left[i] = tuple(x for x in t.draft[i] if x != mv.card)
    passed = [left[(i - 1) % n] for i in range(n)]  # to the right: seat i+1 receives
    if all(len(h) <= 1 for h in passed):
        hands = [h + p for h, p in zip(hands, passed, strict=True)]
        passed = [()] * n
    t = t._replace(hands=tuple(tuple(sorted(h)) for h in hands), draft=tuple(passed))
    events = [mine, Event(kind="tiles_passed", text="The Babel tiles were passed to the right.")]
    phase = DRAFT_PHASE if any(passed) else t.resume
    return state._replace(phase=phase, picks=(None,) * n), t, events
