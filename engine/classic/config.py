"""Game options of a classic game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.classic.data import BOARD_INDEX

__all__ = ["Config"]


class Config(BaseModel):
    """``Config()`` is a valid 3-player game with random boards on side A."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int = Field(3, ge=3, le=7)
    sides: Literal["A", "B", "random"] = "A"
    wonders: list[str] | None = Field(None, description="board (city) names in seat order")

    @model_validator(mode="after")
    def _check(self) -> Config:
        if self.wonders is not None:
            if len(self.wonders) != self.players:
                raise ValueError(f"wonders must name {self.players} boards")
            unknown = [w for w in self.wonders if w not in BOARD_INDEX]
            if unknown:
                raise ValueError(f"unknown boards {unknown}; known: {sorted(BOARD_INDEX)}")
            if len(set(self.wonders)) != len(self.wonders):
                raise ValueError("each board may be used once")
        return self
