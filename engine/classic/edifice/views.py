"""The view of Edifice's public part (``ClassicView.edifice``): all three projects are public."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["EdificeProjectView", "EdificeView"]


class EdificeProjectView(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    age: int
    cost: str = Field(description="participation cost, paid with a wonder stage")
    coins: int
    reward: str
    penalty: str
    confirmed: bool = Field(description="False: the row comes from one data set only")
    status: Literal["waiting", "open", "completed", "failed"]
    pawns_left: int
    pawns: list[int] = Field(description="participation pawns per seat")


class EdificeView(BaseModel):
    """The three Edifice projects (one per Age) and every seat's Edifice debt."""

    model_config = ConfigDict(frozen=True)

    projects: list[EdificeProjectView]
    debt: list[int] = Field(description="VP of each seat's Edifice debt tokens (0 or less)")
