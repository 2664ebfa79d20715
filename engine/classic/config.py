"""Game options of a classic game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.classic.data import BOARDS
from engine.classic.plugin import board_pool, for_config, known_names, registered_plugins

__all__ = ["Config", "EXPANSIONS"]  # noqa: F822 (EXPANSIONS: module __getattr__)


def __getattr__(name: str) -> tuple[str, ...]:
    """``EXPANSIONS``: the names ``Config.expansions`` accepts (the registered plug-ins')."""
    if name == "EXPANSIONS":
        return tuple(known_names())
    raise AttributeError(name)


class Config(BaseModel):
    """``Config()`` is a valid 3-player game with random boards on side A.

    ``wonders``: ``None`` or ``"deal"`` deals random boards; ``"choose"`` opens a wonder-pick
    phase before Age I (``engine.classic.variants.choice``); a list names the boards in seat
    order. ``sides="choose"`` lets each seat choose the side of its board in that phase (with
    dealt or listed boards, the phase offers a seat its own board's two sides only).
    ``expansions``: the registered expansion plug-ins' names (engine.classic.plugins; each
    checks its own limits). ``variant``: a house variant played as a plug-in too.
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
    leaders_v5: bool = Field(
        True,
        description="Leaders: a recruitment turn's wonder stage runs the other plug-ins' build"
        " hook and their owed steps come before the Age is dealt (an Edifice join after a stage"
        " built with a leader; rules classic-5; False: as games stored under classic-4 and"
        " before were played)",
    )
    projects_v4: bool = Field(
        True,
        description="Babel's Double Walls penalty blocks the board's own resource and Edifice"
        " draws River Port and Factory (both production changes, rules classic-4; False: as"
        " games stored under classic-3 and before were played: a penalty token instead, and"
        " those two projects never drawn)",
    )
    tile19_nero: bool = Field(
        True,
        description="Leaders + Babel's Tower: a Victory token tile 19 removes earns no Nero"
        " coins (Babel rules 6.1, classic-6; False: the coins stay, as games stored before it were"
        " played)",
    )

    @model_validator(mode="after")
    def _check(self) -> Config:
        self._check_expansions()
        if isinstance(self.wonders, list):
            cities = 3 if self.players == 2 else self.players  # 2 players: + the Free City
            if len(self.wonders) != cities:
                raise ValueError(f"wonders must name {cities} boards (in seat order)")
            self._check_other_boxes(self.wonders)
            known = {BOARDS[b].city for b in board_pool(for_config(self))}
            unknown = [w for w in self.wonders if w not in known]
            if unknown:
                raise ValueError(f"unknown boards {unknown}; known: {sorted(known)}")
            if len(set(self.wonders)) != len(self.wonders):
                raise ValueError("each board may be used once")
        return self

    def _check_other_boxes(self, named: list[str]) -> None:
        """What an expansion the table does not play refuses (e.g. its board named)."""
        playing = for_config(self)
        for p in registered_plugins():
            if p not in playing:
                p.check_config_without(self)

    def _check_expansions(self) -> None:
        known = known_names()
        unknown = [e for e in self.expansions if e not in known]
        if unknown:
            raise ValueError(f"unknown expansions {unknown}; known: {known}")
        if len(set(self.expansions)) != len(self.expansions):
            raise ValueError("each expansion may be named once")
        for plugin in for_config(self):  # each plug-in's own limits (players, combinations)
            plugin.check_config(self)

    @property
    def leaders(self) -> bool:
        """Whether the Leaders expansion is played (kept for callers; the engine asks its
        plug-ins, engine.classic.plugin)."""
        return "leaders" in self.expansions

    @property
    def cities(self) -> bool:
        """Whether the Cities expansion is played (as ``leaders``)."""
        return "cities" in self.expansions

    @property
    def boards(self) -> list[str] | None:
        """The boards named in seat order, if the config names them."""
        return self.wonders if isinstance(self.wonders, list) else None

    @property
    def picks_wonders(self) -> bool:
        """Whether the game opens with a wonder-pick phase."""
        return self.wonders == "choose" or self.sides == "choose"
