"""Agents of a guild: registration (admin), naming them as AI seats, and playing their turns.

A seat played by an agent has the AI level ``agent:<name>``. ``GameService`` asks
``AgentService.play`` for that seat's move; the note it returns (a fallback to the heuristic)
is added to the turn's public post.
"""

from __future__ import annotations

import logging
import random
import re

from bot.agents.budget import utc_day
from bot.agents.policy import AgentPolicy, NotAllowed
from bot.agents.seat import play_agent_turn
from bot.agents.transport import Transport, check_reachable, make_transport
from bot.model.errors import UserError
from bot.model.game import Table
from bot.presenters.levels import LEVEL_NAMES, levels_text, parse_level
from bot.store import Store
from bot.store.agents import AgentRecord
from engine import duel

__all__ = ["AGENT_PREFIX", "AgentService", "agent_name"]

log = logging.getLogger(__name__)

AGENT_PREFIX = "agent:"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,31}$")


def agent_name(level: str | None) -> str | None:
    """The agent's name when ``level`` is an agent seat's level, else None."""
    if level and level.startswith(AGENT_PREFIX):
        return level[len(AGENT_PREFIX) :]
    return None


class AgentService:
    def __init__(
        self, store: Store, timeout: float, daily_turns: int, policy: AgentPolicy | None = None
    ) -> None:
        self.store = store
        self.timeout = timeout
        self.daily_turns = daily_turns
        self.policy = policy or AgentPolicy()  # the operator's: nothing allowed by default

    async def register(
        self,
        guild_id: int,
        user_id: int,
        name: str,
        url: str | None,
        model: str | None,
        key_env: str | None,
        command: str | None,
    ) -> str:
        """Check and save a registration; the answer for the admin (never showing a key)."""
        name = name.strip()
        if not _NAME.match(name):
            raise UserError(
                "An agent name is 1-32 letters, digits, spaces, '_', '.' or '-', "
                "starting with a letter or digit."
            )
        try:
            if command:
                url = model = key_env = None
                self.policy.command(command)  # one the operator declared, by its name
                command = command.strip()
            else:
                await self._check_server(url, model, key_env)
        except NotAllowed as exc:
            raise UserError(str(exc)) from None
        record = AgentRecord(guild_id, name, url, model, key_env, command, user_id)
        new = await self.store.save_agent(record)
        how = f"runs the operator's command `{command}`" if command else f"asks `{model}` at {url}"
        if key_env:
            how += f"; key from ${key_env} ({'set' if _env_set(key_env) else 'NOT set yet'})"
        verb = "registered" if new else "updated"
        return (
            f"Agent **{name}** {verb}: it {how}. "
            f"Seat it with `/wonders duel ai:{name}` or Add AI in a Duel lobby."
        )

    async def _check_server(self, url: str | None, model: str | None, key_env: str | None) -> None:
        if not url:
            raise UserError(
                "Give the server's base url, e.g. https://api.example.com/v1 (or command: "
                "with the name of a command the operator allows)."
            )
        if not model:
            raise UserError("Give the model name the server expects, e.g. model:local.")
        if key_env is not None:
            self.policy.check_key_env(key_env)
        await check_reachable(self.policy, url)

    async def level_for(self, guild_id: int | None, text: str) -> str | None:
        """``agent:<name>`` when ``text`` names one of the guild's agents."""
        if guild_id is None:
            return None
        found = await self.store.get_agent(guild_id, text.strip())
        if found is None:
            return None
        try:  # a registration from before the operator's policy, or one it no longer allows
            self._transport(found)
        except NotAllowed as exc:
            raise UserError(f"Agent {found.name} can't play: {exc}") from None
        return AGENT_PREFIX + found.name

    def _transport(self, record: AgentRecord) -> Transport:
        return make_transport(
            self.policy,
            url=record.url,
            model=record.model,
            key_env=record.key_env,
            command=record.command,
            timeout=self.timeout,
        )

    async def agent_level(self, guild_id: int | None, name: str) -> str:
        """``agent:<name>`` of a registered agent, else a clear refusal."""
        level = await self.level_for(guild_id, name)
        if level is None:
            raise UserError(f"There is no agent called {name!r} (see /wonders-admin agent list).")
        return level

    async def listing(self, guild_id: int) -> str:
        found = await self.store.list_agents(guild_id)
        if not found:
            return "No agents yet: add one with /wonders-admin agent add."
        lines = []
        for a in found:
            how = f"command `{a.command}`" if a.command else f"`{a.model}` at {a.url}"
            if a.key_env:
                how += f", key from ${a.key_env}"
            lines.append(f"- **{a.name}**: {how}")
        return "**Agents**\n" + "\n".join(lines)

    async def remove(self, guild_id: int, name: str) -> str:
        if not await self.store.remove_agent(guild_id, name.strip()):
            raise UserError(
                f"There is no agent called {name!r} here (see /wonders-admin agent list)."
            )
        return (
            f"Agent **{name.strip()}** removed; its seats in running games play as the heuristic."
        )

    async def resolve(self, guild_id: int | None, text: str) -> str:
        """An AI level (stored name: "Hard" and "heuristic" both give heuristic), or
        ``agent:<name>`` for a registered agent; else a clear refusal."""
        known = parse_level(text)
        if known is not None and not known.startswith("agent:"):
            return known
        level = await self.level_for(guild_id, text)
        if level is not None:
            return level
        agents = await self.names(guild_id)
        also = f"; agents here: {', '.join(agents)}" if agents else ""
        raise UserError(
            f"There is no AI level or agent called {text!r}. Levels: {levels_text()}{also}."
        )

    async def choices(self, guild_id: int | None, typed: str) -> list[str]:
        """Autocomplete: the levels and the guild's agents that contain what was typed."""
        every = list(LEVEL_NAMES.values()) + await self.names(guild_id)
        return [c for c in every if typed.lower() in c.lower()][:25]

    async def names(self, guild_id: int | None) -> list[str]:
        return [] if guild_id is None else [a.name for a in await self.store.list_agents(guild_id)]

    async def play(
        self, table: Table, seat: int, name: str, rng: random.Random
    ) -> tuple[object, str]:
        """(move, note for the post) for the agent seat ``seat`` of a Duel table."""
        guild_id = table.record.guild_id or 0
        record = await self.store.get_agent(guild_id, name)
        if record is None:
            move = _heuristic(table, seat, rng)
            return move, f"Agent {name} is no longer registered; the Hard AI played this turn."
        try:
            transport = self._transport(record)
        except NotAllowed as exc:  # e.g. registered before the operator's policy existed
            log.warning("agent %s of guild %s refused: %s", name, guild_id, exc)
            move = _heuristic(table, seat, rng)
            return move, f"Agent {name} is not allowed by the bot's operator; the Hard AI played."
        ok = await self.store.take_agent_turn(guild_id, utc_day(), self.daily_turns)
        state = table.require_state()
        if not isinstance(state, duel.State):  # agents play Duel seats only (``agent_seats``)
            raise TypeError(f"game #{table.id} is not a Duel")
        turn = await play_agent_turn(name, transport, state, seat, rng, budget_ok=ok)
        for i, attempt in enumerate(turn.attempts, 1):
            log.info(
                "agent %s game %s v%s try %d (%.1f s): %r -> %s",
                name,
                table.id,
                table.version,
                i,
                attempt.seconds,
                attempt.answer,
                attempt.error or "accepted",
            )
        return turn.move, turn.note


def _heuristic(table: Table, seat: int, rng: random.Random) -> object:
    from engine.ai import make_agent

    view = table.view(seat)
    legal = table.legal_moves(seat)
    return make_agent("duel", "heuristic").choose(view, legal, rng)


def _env_set(name: str) -> bool:
    import os

    return bool(os.environ.get(name))
