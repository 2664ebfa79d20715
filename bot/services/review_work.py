"""The CPU part of a game review, run in a worker (``bot.rendering.Renderer.call``): replay
the log, find the player's decisions and let the Hard AI judge each (``engine.ai.review``).

Everything here pickles (a ``ReviewJob`` in, a ``ReviewPart`` out) and nothing touches the
event loop, the store or Discord. A review is asked for in parts (``start``..``stop`` of
the decisions) so the bot can edit its progress line between them; each part replays the log
again, which costs a few milliseconds (docs/performance.md).
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass

from bot.games.registry import adapter_for
from bot.model.game import Table
from bot.services.history import steps
from bot.store import GameRecord
from engine.ai.review import judge

__all__ = ["Decision", "Judged", "ReviewJob", "ReviewPart", "decisions", "review_part"]


@dataclass(frozen=True)
class ReviewJob:
    record: GameRecord  # with its moves
    seat: int
    until: int  # the last version the player made the seat's moves (later: the AI, resigned)


@dataclass(frozen=True)
class Judged:
    """One decision of the player, as the Hard AI sees it (values in VP-equivalents)."""

    number: int  # 1-based among the player's decisions
    when: str  # "Age II turn 3"
    turn: int  # the replay turn of the board it was made on (``/wonders history replay``)
    played: str  # the move made, for players
    played_value: float
    best: str  # the Hard AI's move ("" when the move made was as good)
    best_value: float
    why: str  # the hint's sentence for the better move ("" when none)

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.played_value)


@dataclass(frozen=True)
class ReviewPart:
    total: int  # the player's decisions in the game
    judged: tuple[Judged, ...]
    cpu_s: float
    stopped: bool  # the CPU budget ran out before ``stop``


@dataclass(frozen=True)
class Decision:
    state: object  # the game before the move (the seat judged from its own view of it)
    move: object
    turn: int  # the replay turn showing the board the decision was made on


def decisions(table: Table, job: ReviewJob) -> list[Decision]:
    """Each decision of ``job.seat``; a changed pick ("Change my pick") replaces the pick it
    supersedes, judged in the same position."""
    found: list[Decision] = []
    rounds = 0  # public rounds before this step: its replay turn (``history.positions``)
    for step in steps(table, job.record.moves):
        if step.seat == job.seat and step.version <= job.until:
            pick = table.game.pick_of(step.move)
            if str(pick) != str(step.move) and found:  # a repick: the same decision, changed
                found[-1] = dataclasses.replace(found[-1], move=pick)
            elif job.seat in table.game.to_act(step.before):
                found.append(Decision(step.before, step.move, rounds))
        rounds += table.game.is_round_end(step.events, step.before, step.seat, step.after)
    return found


def _judged(table: Table, seat: int, number: int, decision: Decision) -> Judged | None:
    mod, state, move = table.game, decision.state, decision.move
    view = mod.view(state, seat)
    legal = mod.legal_moves(state, seat)
    verdict = judge(table.kind, view, legal, str(move))
    if verdict is None:
        return None
    best, why = "", ""
    if verdict.hint is not None:
        best = mod.describe_move(view, verdict.hint.move)
        why = mod.hint_text(view, verdict.hint)
    return Judged(
        number,
        table.game.progress(state),
        decision.turn,
        mod.describe_move(view, move),
        verdict.played_value,
        best,
        verdict.best_value,
        why,
    )


def review_part(job: ReviewJob, start: int, stop: int, budget_s: float) -> ReviewPart:
    """Decisions ``start``..``stop`` (0-based) judged, within ``budget_s`` seconds of CPU."""
    began = time.process_time()
    record = job.record
    table = Table(record, adapter_for(record.kind), None, record.version)
    found = decisions(table, job)
    judged: list[Judged] = []
    stopped = False
    for number, decision in enumerate(found[start:stop], start + 1):
        if time.process_time() - began > budget_s:
            stopped = True
            break
        one = _judged(table, job.seat, number, decision)
        if one is not None:
            judged.append(one)
    return ReviewPart(len(found), tuple(judged), time.process_time() - began, stopped)
