"""A game's past, replayed from its append-only move log (config + seed + moves): every step,
and the public positions between rounds with the text that was posted for each round. Used
by ``/wonders log``, ``replay``, ``review`` and ``export``; pure (no I/O), run off the loop."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from bot.model.game import Table
from bot.presenters.texts import round_text
from bot.store import MoveRecord
from engine.common import Event

__all__ = ["Position", "Step", "positions", "steps"]


@dataclass(frozen=True)
class Step:
    """One logged move applied: the states around it and its events."""

    version: int  # moves applied after this one (its ``seq``)
    seat: int
    move: object
    before: object
    after: object
    events: list[Event]


@dataclass(frozen=True)
class Position:
    """The game between two public rounds (a replay frame)."""

    version: int  # moves applied
    table: Table  # the game at that point (its state; the record as it is now)
    text: str  # what was posted about the round that led here ("" for the set-up)
    actor: tuple[int, object] | None = None  # the move that ended the round and its seat


def steps(table: Table, moves: Sequence[MoveRecord]) -> Iterator[Step]:
    """Every move of ``moves`` (the whole log, oldest first) applied from the set-up."""
    state = table.game.new_game(table.config(), table.record.seed)
    for record in moves:
        move = table.game.parse_move(record.move_text)
        after, events = table.game.apply(state, record.seat, move)
        yield Step(record.seq, record.seat, move, state, after, events)
        state = after


def positions(table: Table, moves: Sequence[MoveRecord], names: list[str]) -> list[Position]:
    """The set-up, then the game after each public round (a 7 Wonders reveal, a Duel move),
    with the round's public text. A round still open (secret picks pending) has no
    position: it only exists once revealed."""
    start = dataclasses.replace(
        table, state=table.game.new_game(table.config(), table.record.seed), version=0
    )
    found = [Position(0, start, "")]
    before = start
    for step in steps(table, moves):
        if not table.game.is_round_end(step.events, step.before, step.seat, step.after):
            continue
        after = dataclasses.replace(table, state=step.after, version=step.version)
        # A Duel move's text names its actor: the public post did the same.
        prev = dataclasses.replace(before, state=step.before)
        actor = (step.seat, step.move)
        found.append(
            Position(step.version, after, round_text(prev, after, step.events, names, actor), actor)
        )
        before = after
    return found
