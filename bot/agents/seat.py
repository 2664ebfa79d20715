"""One agent turn: ask, check, retry once with the reason, else the heuristic plays.

The result says who chose the move and keeps a transcript of the attempts for the post and the
log. The heuristic fallback also covers an exhausted daily budget.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from bot.agents.prompt import BadAnswer, build_request, check_move, parse_answer, retry_messages
from bot.agents.transport import Transport, TransportError
from engine import duel
from engine.ai import make_agent

__all__ = ["ATTEMPTS", "Attempt", "AgentTurn", "play_agent_turn"]

ATTEMPTS = 2  # the first answer and one retry carrying the error
_SHOWN = 300  # characters of an answer kept in the transcript


@dataclass(frozen=True)
class Attempt:
    answer: str  # the raw answer (shortened), or "" when the transport failed
    error: str | None  # why it was refused; None when accepted
    seconds: float


@dataclass(frozen=True)
class AgentTurn:
    move: duel.Move
    by_agent: bool  # False: the Hard AI played this turn
    note: str  # one line for the turn's post
    attempts: tuple[Attempt, ...] = field(default_factory=tuple)


async def play_agent_turn(
    name: str,
    transport: Transport,
    state: duel.State,
    seat: int,
    rng: random.Random,
    *,
    budget_ok: bool = True,
) -> AgentTurn:
    """The move for ``seat``: the agent's if it answers a legal move within two tries."""
    if not budget_ok:
        note = f"{name} is out of agent turns for today; the Hard AI played this turn."
        return AgentTurn(_heuristic(state, seat, rng), False, note)
    request = build_request(state, seat)
    messages = request.messages
    attempts: list[Attempt] = []
    error: str | None = None
    for _ in range(ATTEMPTS):
        started = time.monotonic()
        answer = ""
        try:
            answer = await transport.ask(request, messages, error)
            move = check_move(state, seat, parse_answer(answer))
        except (TransportError, BadAnswer) as exc:
            error = str(exc)
            attempts.append(Attempt(answer[:_SHOWN], error, time.monotonic() - started))
            messages = retry_messages(request, answer, error)
            continue
        attempts.append(Attempt(answer[:_SHOWN], None, time.monotonic() - started))
        return AgentTurn(move, True, "", tuple(attempts))
    note = f"{name} did not give a legal move twice ({error}); the Hard AI played this turn."
    return AgentTurn(_heuristic(state, seat, rng), False, note, tuple(attempts))


def _heuristic(state: duel.State, seat: int, rng: random.Random) -> duel.Move:
    legal = duel.legal_moves(state, seat)
    move: duel.Move = make_agent("duel", "heuristic").choose(duel.view(state, seat), legal, rng)
    return move
