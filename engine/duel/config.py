"""Game options of a Duel game."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Config"]


class Config(BaseModel):
    """``Config()`` is a valid game: wonder draft, seat 0 is the first player (player A)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    draft: bool = Field(
        True, description="False: the rulebook's first-game wonders (board.yaml), no draft"
    )
    first_player: int | None = Field(
        0, ge=0, le=1, description="seat that picks first and starts Age I; None = drawn by seed"
    )
