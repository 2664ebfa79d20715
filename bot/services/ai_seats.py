"""How AI seats choose their moves, for ``GameService``: a built-in AI level in a worker
thread, or a registered outside agent (``bot.agents``), never stalling the table."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Protocol

from bot.agents.service import agent_name
from bot.model.game import Table
from engine.ai import Agent, make_agent

__all__ = ["AgentPlayer", "AiSeats"]

log = logging.getLogger("bot.services.games")  # the AI's faults are the game service's


class AgentPlayer(Protocol):
    """Plays agent seats (level ``agent:<name>``): ``bot.agents.service.AgentService``."""

    async def play(
        self, table: Table, seat: int, name: str, rng: random.Random
    ) -> tuple[object, str]: ...


class AiSeats:
    """The AI part of ``GameService`` (which sets both attributes)."""

    _agents: dict[tuple[str, str], Agent]
    agents: AgentPlayer | None

    def _agent(self, kind: str, level: str) -> Agent:
        key = (kind, level)
        if key not in self._agents:
            try:
                self._agents[key] = make_agent(kind, level)
            except ValueError:
                self._agents[key] = make_agent(kind, "random")
        return self._agents[key]

    async def choose(self, table: Table, seat: int, level: str) -> object:
        """The AI's move for ``seat`` (computed in a thread: search levels take a while)."""
        move, _ = await self.choose_noted(table, seat, level)
        return move

    async def choose_noted(self, table: Table, seat: int, level: str) -> tuple[object, str]:
        """The AI's move and a note for the post (an agent seat the heuristic played)."""
        view = table.view(seat)
        legal = table.legal_moves(seat)
        rng = random.Random(f"{table.record.seed}:{table.version}:{seat}")
        note = ""
        agent = agent_name(level)
        if agent is not None:
            if self.agents is not None and table.game.agent_seats:
                try:
                    move, note = await self.agents.play(table, seat, agent, rng)
                except Exception:
                    log.exception("agent seat failed in game %s; the heuristic plays", table.id)
                    note = "The agent failed; the Hard AI played this turn."
                else:
                    if str(move) in {str(m) for m in legal}:
                        return move, note
            level = "heuristic"
        try:
            move = await asyncio.to_thread(self._agent(table.kind, level).choose, view, legal, rng)
        except Exception:
            # A failing agent must not stall the table: log it and play a random legal move.
            log.exception(
                "AI %s/%s failed in game %s at version %s; playing at random",
                table.kind,
                level,
                table.id,
                table.version,
            )
            move = self._agent(table.kind, "random").choose(view, legal, rng)
        if str(move) not in {str(m) for m in legal}:
            log.error(
                "AI %s/%s chose illegal %s in game %s; playing at random",
                table.kind,
                level,
                move,
                table.id,
            )
            move = self._agent(table.kind, "random").choose(view, legal, rng)
        return move, note
