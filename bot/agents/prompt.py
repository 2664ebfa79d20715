"""The agent's request (rules, position and legal moves in the seed's JSON) and its answer.

Pure functions: the seat module sends what they build and checks what they parse.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.agents.rules_text import rules_text
from engine import duel
from engine.common import EngineError

__all__ = [
    "AgentRequest",
    "BadAnswer",
    "build_request",
    "check_move",
    "parse_answer",
    "retry_messages",
]

_MAX_ANSWER = 20_000  # characters of an answer we read; a move is ~80


class BadAnswer(ValueError):
    """An answer that is not a legal move; the message is sent back to the agent on retry."""


@dataclass
class AgentRequest:
    """One turn's question: ``messages`` for chat servers, ``payload`` for local commands."""

    player: int  # 1 or 2, as the position presents the agent
    position: dict[str, Any]
    legal: list[dict[str, Any]]
    messages: list[dict[str, str]] = field(default_factory=list)

    def payload(self, error: str | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, "position": self.position}
        data["legalMoves"] = self.legal
        if error:
            data["error"] = error
        return data


def build_request(state: duel.State, seat: int) -> AgentRequest:
    """The rules as the system message, the position and its legal moves as the user message."""
    position = duel.to_agent_json(state, seat)
    legal = [duel.move_to_agent(m, state, seat) for m in duel.legal_moves(state, seat)]
    player = seat + 1
    user = (
        f"You are player{player}. It is your turn; the step is {position['step']}.\n"
        f"Position:\n{json.dumps(position, separators=(',', ':'))}\n"
        f"Legal moves ({len(legal)}), one per line:\n"
        + "\n".join(json.dumps(m, separators=(",", ":")) for m in legal)
        + "\nAnswer with exactly one of these moves as a JSON object."
    )
    messages = [{"role": "system", "content": rules_text()}, {"role": "user", "content": user}]
    return AgentRequest(player, position, legal, messages)


def retry_messages(request: AgentRequest, answer: str, error: str) -> list[dict[str, str]]:
    """The conversation for the second try: the refused answer and why it was refused."""
    return request.messages + [
        {"role": "assistant", "content": answer[:_MAX_ANSWER]},
        {
            "role": "user",
            "content": f"That answer was refused: {error} Answer again with one move of the list.",
        },
    ]


def parse_answer(text: str) -> dict[str, Any]:
    """The first JSON object in ``text`` that has a ``move`` (models wrap it in prose/fences)."""
    text = text[:_MAX_ANSWER]
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start >= 0:
        try:
            data, _ = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            data = None
        if isinstance(data, dict) and isinstance(data.get("move"), str):
            if not isinstance(data.get("moveData", {}), dict):
                raise BadAnswer('"moveData" must be a JSON object.')
            return data
        start = text.find("{", start + 1)
    raise BadAnswer('No JSON object with a "move" field was found in the answer.')


def check_move(state: duel.State, seat: int, data: dict[str, Any]) -> duel.Move:
    """The engine move for ``data``, or ``BadAnswer`` saying why it is not legal now."""
    try:
        move = duel.move_from_agent(state, seat, data)
    except EngineError as exc:
        raise BadAnswer(f"Illegal move: {exc}") from None
    if str(move) not in {str(m) for m in duel.legal_moves(state, seat)}:
        raise BadAnswer("Illegal move: it is not among the legal moves listed.")
    return move
