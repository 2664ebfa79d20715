"""Registered agents (outside Duel players) per guild, their daily turn counts, and hints."""

from __future__ import annotations

from dataclasses import dataclass

from .core import StoreBase

__all__ = ["AgentRecord", "AgentRepo", "HintRepo"]

_COLS = "guild_id, name, url, model, key_env, command, created_by"


@dataclass(frozen=True)
class AgentRecord:
    guild_id: int
    name: str
    url: str | None
    model: str | None
    key_env: str | None  # the NAME of the environment variable with the API key
    command: str | None
    created_by: int


class AgentRepo(StoreBase):
    async def save_agent(self, agent: AgentRecord) -> bool:
        """Register (or replace, same name) an agent; True when it is new."""
        async with self._write() as db:
            old = await self._one(
                db,
                "SELECT 1 FROM agents WHERE guild_id = ? AND name = ?",
                (agent.guild_id, agent.name),
            )
            await db.execute(
                f"INSERT OR REPLACE INTO agents ({_COLS}, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    agent.guild_id,
                    agent.name,
                    agent.url,
                    agent.model,
                    agent.key_env,
                    agent.command,
                    agent.created_by,
                    self._now(),
                ),
            )
        return not old

    async def get_agent(self, guild_id: int, name: str) -> AgentRecord | None:
        """The guild's agent called ``name`` (any letter case), or None."""
        async with self._read() as db:
            row = await self._one(
                db,
                f"SELECT {_COLS} FROM agents WHERE guild_id = ? AND lower(name) = lower(?)",
                (guild_id, name),
            )
        return None if row is None else AgentRecord(*row)

    async def list_agents(self, guild_id: int) -> list[AgentRecord]:
        async with self._read() as db:
            rows = await self._all(
                db, f"SELECT {_COLS} FROM agents WHERE guild_id = ? ORDER BY name", (guild_id,)
            )
        return [AgentRecord(*r) for r in rows]

    async def remove_agent(self, guild_id: int, name: str) -> bool:
        async with self._write() as db:
            cur = await db.execute(
                "DELETE FROM agents WHERE guild_id = ? AND lower(name) = lower(?)", (guild_id, name)
            )
        return bool(cur.rowcount)

    async def take_agent_turn(self, guild_id: int, day: str, limit: int) -> bool:
        """Count one agent turn for ``day``; False (nothing counted) when ``limit`` is reached."""
        async with self._write() as db:
            row = await self._one(
                db, "SELECT used FROM agent_usage WHERE guild_id = ? AND day = ?", (guild_id, day)
            )
            used = 0 if row is None else int(row[0])
            if used >= limit:
                return False
            await db.execute(
                "INSERT INTO agent_usage (guild_id, day, used) VALUES (?, ?, 1) "
                "ON CONFLICT (guild_id, day) DO UPDATE SET used = agent_usage.used + 1",
                (guild_id, day),
            )
        return True


class HintRepo(StoreBase):
    """Hint uses (append-only) and the per-table Hint option."""

    async def record_hint(self, game_id: int, seat: int, version: int, move: str) -> int:
        """Append one hint use; returns how many hints that seat has used in the game."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO hint_uses (game_id, seat, version, move, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (game_id, seat, version, move, self._now()),
            )
            row = await self._one(
                db,
                "SELECT COUNT(*) FROM hint_uses WHERE game_id = ? AND seat = ?",
                (game_id, seat),
            )
        return int(row[0])

    async def hint_counts(self, game_id: int) -> dict[int, int]:
        """Seat -> hints used in the game (seats that used none are left out)."""
        async with self._read() as db:
            rows = await self._all(
                db,
                "SELECT seat, COUNT(*) FROM hint_uses WHERE game_id = ? GROUP BY seat",
                (game_id,),
            )
        return {int(r[0]): int(r[1]) for r in rows}

    async def set_hints(self, game_id: int, mode: int) -> None:
        """0 off, 1 the Hint button, 2 the button and a coaching tip in every prompt."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO game_hints (game_id, enabled) VALUES (?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET enabled = excluded.enabled",
                (game_id, mode),
            )

    async def hints_option(self, game_id: int) -> int | None:
        """The table's Hint mode (``set_hints``), None when never set (the default applies)."""
        async with self._read() as db:
            row = await self._one(
                db, "SELECT enabled FROM game_hints WHERE game_id = ?", (game_id,)
            )
        return None if row is None else int(row[0])
