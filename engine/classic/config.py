"""Game options of a classic game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.classic.data import BOARDS, board_pool

__all__ = ["Config", "EXPANSIONS"]

EXPANSIONS: tuple[str, ...] = ("leaders", "cities")


class Config(BaseModel):
    """``Config()`` is a valid 3-player game with random boards on side A.

    ``wonders``: ``None`` or ``"deal"`` deals random boards; ``"choose"`` opens a wonder-pick
    phase before Age I (``engine.classic.variants.choice``); a list names the boards in seat
    order. ``sides="choose"`` lets each seat choose the side of its board in that phase (with
    dealt or listed boards, the phase offers a seat its own board's two sides only).
    ``expansions``: ``"cities"`` (engine.classic.cities: 3-7 players) and/or ``"leaders"``.
    ``variant="gods-heroes"``: the Gods & Heroes house rules (docs/gods-and-heroes.md; 3-7
    players).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int = Field(3, ge=2, le=7, description="2: the two-player game with the Free City")
    sides: Literal["A", "B", "random", "choose"] = "A"
    wonders: list[str] | Literal["deal", "choose"] | None = Field(
        None, description='"deal" (None), "choose", or board (city) names in seat order'
    )
    expansions: tuple[str, ...] = Field(
        (),
        description='any of "leaders", "cities" (docs/leaders.md, docs/cities.md); both combine',
    )
    variant: Literal["gods-heroes"] | None = Field(
        None, description='"gods-heroes": the Gods & Heroes house variant (3-7 players)'
    )
    cities_leaders: bool = Field(
        True,
        description="Leaders + Cities: the Cities leaders join the deal (False: only the Leaders"
        " box's, as games stored under rules classic-1 were dealt)",
    )
    leaders_v3: bool = Field(
        True,
        description="Leaders: Babylon B's 7th card takes the leaders' discounts and a purchase"
        " the Clandestine Docks made free earns Hatshepsut's coin (rules classic-3; False: as"
        " games stored under classic-1 and classic-2 were played)",
    )

    @model_validator(mode="after")
    def _check(self) -> Config:
        self._check_expansions()
        if self.variant == "gods-heroes" and self.players < 3:
            raise ValueError("Gods & Heroes is played by 3 to 7 players (not the 2-player game)")
        if self.variant is not None and self.expansions:
            raise ValueError("Gods & Heroes is not played with expansions (yet)")
        if isinstance(self.wonders, list):
            cities = 3 if self.players == 2 else self.players  # 2 players: + the Free City
            if len(self.wonders) != cities:
                raise ValueError(f"wonders must name {cities} boards (in seat order)")
            if "Roma" in self.wonders and "leaders" not in self.expansions:
                raise ValueError("Roma is played only with the Leaders expansion")
            known = {BOARDS[b].city for b in board_pool(self.expansions)}
            unknown = [w for w in self.wonders if w not in known]
            if unknown:
                raise ValueError(f"unknown boards {unknown}; known: {sorted(known)}")
            if len(set(self.wonders)) != len(self.wonders):
                raise ValueError("each board may be used once")
        return self

    def _check_expansions(self) -> None:
        unknown = [e for e in self.expansions if e not in EXPANSIONS]
        if unknown:
            raise ValueError(f"unknown expansions {unknown}; known: {list(EXPANSIONS)}")
        if len(set(self.expansions)) != len(self.expansions):
            raise ValueError("each expansion may be named once")
        if self.leaders and self.players < 3:
            raise ValueError(
                "Leaders is played by 3 to 7 players: Leaders with the 2-player Free City game "
                "is out of scope (see docs/leaders.md)"
            )
        if self.cities and self.players < 3:
            raise ValueError("Cities is played by 3 to 7 players")

    @property
    def leaders(self) -> bool:
        """Whether the Leaders expansion is played."""
        return "leaders" in self.expansions

    @property
    def cities(self) -> bool:
        """Whether the Cities expansion is in play (engine.classic.cities)."""
        return "cities" in self.expansions

    @property
    def boards(self) -> list[str] | None:
        """The boards named in seat order, if the config names them."""
        return self.wonders if isinstance(self.wonders, list) else None

    @property
    def picks_wonders(self) -> bool:
        """Whether the game opens with a wonder-pick phase."""
        return self.wonders == "choose" or self.sides == "choose"
