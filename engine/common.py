"""Types shared by both rules engines: errors, scores, outcomes and the event base model."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["EngineError", "Event", "IllegalMove", "Outcome", "Score"]


class EngineError(Exception):
    """Base class of every error raised by a rules engine."""


class IllegalMove(EngineError):
    """A move that the rules do not allow; the message is written for the player."""


class Score(BaseModel):
    """One seat's score by category (docs/ENGINE_API.md); ``progress`` is used by Duel only."""

    model_config = ConfigDict(frozen=True)

    military: int = 0
    treasury: int = 0
    wonders: int = 0
    civilian: int = 0
    science: int = 0
    commercial: int = 0
    guilds: int = 0
    leaders: int = 0  # 7 Wonders with the Leaders expansion
    cities: int = 0  # 7 Wonders with Cities: black cards' VP
    debt: int = 0  # 7 Wonders with Cities: -1 per Debt token (0 or less)
    babel: int = 0  # 7 Wonders with Babel's Tower: 2/5/10 VP for 1/2/3 tiles built
    projects: int = 0  # 7 Wonders with Babel's Great Projects: reward tokens, penalty tokens
    edifices: int = 0  # 7 Wonders with Edifice: completed projects' VP, Edifice debt tokens
    progress: int = 0
    total: int = 0


class Outcome(BaseModel):
    """The end of a game: final scores, winners after the tie-break, and (Duel) the victory type."""

    model_config = ConfigDict(frozen=True)

    scores: list[Score]
    winners: list[int]
    victory: str | None = None


class Event(BaseModel):
    """Something that happened, with the seats allowed to see it.

    ``visible_to`` is ``None`` for a public event; otherwise only those seats (and never a
    spectator) may see it. ``text`` is a short human-readable sentence; ``data`` carries the
    structured details (card names, seats, coins) for renderers and logs.
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    text: str = ""
    visible_to: frozenset[int] | None = None
    data: dict[str, Any] = Field(default_factory=dict)

    def visible(self, seat: int | None) -> bool:
        """Whether the viewer ``seat`` (``None`` = spectator) may see this event."""
        if self.visible_to is None:
            return True
        return seat is not None and seat in self.visible_to
