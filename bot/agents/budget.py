"""Per-guild daily budget of agent turns (a hosted model costs money per request).

Counted per UTC day; once a guild has used ``limit`` agent turns today, agent seats in that guild
are played by the heuristic until midnight UTC (the post says so). The counter lives in the
store when there is one (``StoredBudget``); ``MemoryBudget`` serves tests and the CLI.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

__all__ = ["Budget", "MemoryBudget", "utc_day"]


def utc_day(now: dt.datetime | None = None) -> str:
    return (now or dt.datetime.now(dt.UTC)).strftime("%Y-%m-%d")


class Budget(Protocol):
    async def take(self, guild_id: int) -> bool:
        """Counts one agent turn for the guild today; False when the budget is spent."""
        ...


@dataclass
class MemoryBudget:
    limit: int
    day: Callable[[], str] = utc_day
    used: dict[tuple[int, str], int] = field(default_factory=dict)

    async def take(self, guild_id: int) -> bool:
        key = (guild_id, self.day())
        if self.used.get(key, 0) >= self.limit:
            return False
        self.used[key] = self.used.get(key, 0) + 1
        return True
