"""How AI seats choose their moves, for ``GameService``: a built-in AI level in a worker
thread, or a registered outside agent (``bot.agents``), never stalling the table."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from typing import Protocol

from bot.agents.service import agent_name
from bot.model.game import Table
from engine.ai import Agent, make_agent
from engine.protocol import GameView

__all__ = ["EXPERT_BUSY", "AgentPlayer", "AiSeats"]

log = logging.getLogger("bot.services.games")  # the AI's faults are the game service's


class AgentPlayer(Protocol):
    """Plays agent seats (level ``agent:<name>``): ``bot.agents.service.AgentService``."""

    async def play(
        self, table: Table, seat: int, name: str, rng: random.Random
    ) -> tuple[object, str]: ...


EXPERT = "search"
EXPERT_BUSY = (
    "The Expert AI is busy with other tables on this bot right now; the Hard AI played this turn."
)


class AiSeats:
    """The AI part of ``GameService`` (which sets the attributes). ``expert_slots`` bounds
    the Expert (search) moves computed at once in this process: each takes about a second of
    CPU, and the process also answers every click. A move that finds no slot within
    ``expert_wait`` seconds is played by the Hard AI, and its post says so."""

    _agents: dict[tuple[str, str], Agent]
    agents: AgentPlayer | None
    expert_slots: asyncio.Semaphore | None = None
    expert_wait: float = 5.0

    async def _built_in(
        self, kind: str, level: str, view: GameView, legal: Sequence[object], rng: random.Random
    ) -> tuple[object, str]:
        """A built-in level's move (in a thread) and the note when Expert had no slot."""
        slots = self.expert_slots
        if level != EXPERT or slots is None:
            return await asyncio.to_thread(self._agent(kind, level).choose, view, legal, rng), ""
        try:
            if slots.locked():  # wait_for(…, 0) would refuse even a free slot
                await asyncio.wait_for(slots.acquire(), self.expert_wait)
            else:
                await slots.acquire()
        except TimeoutError:
            move = await asyncio.to_thread(self._agent(kind, "heuristic").choose, view, legal, rng)
            return move, EXPERT_BUSY
        try:
            return await asyncio.to_thread(self._agent(kind, level).choose, view, legal, rng), ""
        finally:
            slots.release()

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
            move, busy = await self._built_in(table.kind, level, view, legal, rng)
            note = note or busy
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
