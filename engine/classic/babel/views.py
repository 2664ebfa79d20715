"""The views of Babel's public parts (in ``ClassicView.projects`` and ``ClassicView.tower``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["ProjectsView", "TowerView"]


class ProjectsView(BaseModel):
    """The Great Project of the current Age (later Ages' projects stay hidden)."""

    model_config = ConfigDict(frozen=True)

    name: str
    age: int
    color: str
    coins: int = Field(description="participation cost: coins to the bank")
    resources: dict[str, int] = Field(default_factory=dict, description="participation cost")
    reward: str
    penalty: str
    confirmed: bool = Field(description="False: the row comes from one source only")
    tokens: list[int] = Field(description="participation tokens per seat")
    left: int = Field(description="tokens still on the project")
    held: list[list[str]] = Field(description="reward tokens each seat keeps")
    penalty_vp: list[int] = Field(description="VP of each seat's penalty tokens")
    offers: list[tuple[int, bool]] = Field(
        default_factory=list,
        description="(seat, by Factory's token) that built a card of its colour this turn and "
        "may join at the turn's end",
    )


class TowerView(BaseModel):
    """The Tower of Babel: visible tiles (oldest first), every seat's tiles built, and the
    viewer's own hidden tiles."""

    model_config = ConfigDict(frozen=True)

    spaces: int
    visible: list[int] = Field(description="tile numbers visible on the tower, oldest first")
    covered: list[int] = Field(default_factory=list)
    built: list[list[int]] = Field(description="tile numbers each seat built (revealed)")
    mine: list[int] = Field(default_factory=list, description="the viewer's own tiles (hidden)")
    draft_hand: list[int] = Field(
        default_factory=list, description="in the tile draft: the tiles the viewer drafts from"
    )
    laws: list[str] = Field(default_factory=list, description="the visible tiles' laws")
    tags: list[tuple[str, str]] = Field(
        default_factory=list,
        description="the visible tiles' laws in a few words, with the card colour each concerns",
    )
    placed: list[tuple[int, int, int]] = Field(
        default_factory=list,
        description="every tile placed, oldest first: (tile, age, turn); a law acts from the "
        "turn after its tile's",
    )
