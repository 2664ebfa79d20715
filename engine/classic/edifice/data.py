"""Edifice's data: the 15 projects (``data/projects.yaml``), checked by pydantic at import and
compiled into small frozen rows.

The file is the one place a person holding the box corrects a row; ``confirmed: false`` marks a
row only one data set gives (all 15: docs/edifice.md lists them). The engine decisions ([E] in
the reference) are the switches of :data:`DECISIONS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine.classic.data import COLORS, RESOURCES, DataError

__all__ = [
    "DECISIONS",
    "PROJECTS",
    "PROJECTS_BY_AGE",
    "PROJECTS_BY_AGE_V3",
    "ProjectDef",
    "load_projects_file",
]

DATA_FILE = Path(__file__).with_name("data") / "projects.yaml"

# Engine decisions ([E] / unconfirmed in reference/edifice/rules.md), one switch each
# (docs/edifice.md says what the other value would do).
DECISIONS: dict[str, Any] = {
    "pawns": {3: 2, 4: 3, 5: 3, 6: 4, 7: 5},  # rules 1.2 (LCR table, unconfirmed)
    "extra_pawns_from_box": True,  # rules 2.3: same-turn joiners past the last pawn still join
    "penalty_before_conflicts": True,  # rules 3.4 [E]; False: after the Age's conflicts
    "debt_vp": (0, -2, -3, -5),  # rules 3.5, by Age [PUB]
    "partial_penalty": False,  # rules 3.5 [E]: an unpayable penalty becomes the whole token
    "discard_choice": "last",  # rules 7.4 [E]: the last-built card of the colour is discarded
    # River Port / Factory: the produced resource is for the holder's own use (False), as a
    # yellow card's or a wonder stage's; True: neighbours may buy it too, as from a brown card
    "reward_production_sold": False,
}

_Colour = Literal["brown", "grey", "blue", "yellow", "red", "green", "purple"]
_Resource = Literal["wood", "stone", "clay", "ore", "glass", "loom", "papyrus"]


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class _Cost(_Row):
    coins: int = Field(0, ge=0, le=9)
    resources: dict[_Resource, int] = Field(default_factory=dict)


class _Reward(_Row):
    coins: int = Field(0, ge=0)
    shields: int = Field(0, ge=0)
    victory_token_age: int = Field(0, ge=0, le=3)
    remove_defeats: bool = False
    vp_stages: int = Field(0, ge=0)
    vp_pairs: int = Field(0, ge=0)
    vp_blue: int = Field(0, ge=0)
    vp_colours: int = Field(0, ge=0)
    guild_twice: bool = False
    produces: tuple[_Resource, ...] = ()

    @model_validator(mode="after")
    def _some(self) -> _Reward:
        if not any(getattr(self, f) for f in type(self).model_fields):
            raise ValueError("a reward gives something")
        return self


class _Penalty(_Row):
    lose_coins: int = Field(0, ge=0)
    discard: _Colour | None = None
    lose_victories: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _one(self) -> _Penalty:
        if sum(map(bool, (self.lose_coins, self.discard, self.lose_victories))) != 1:
            raise ValueError("a penalty is exactly one of lose_coins, discard, lose_victories")
        return self


class _Project(_Row):
    name: str
    age: int = Field(ge=1, le=3)
    cost: _Cost
    reward: _Reward
    penalty: _Penalty
    confirmed: bool
    playable: bool = True
    why: str | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _why(self) -> _Project:
        if not self.playable and not self.why:
            raise ValueError(f"{self.name}: an unplayable row says why")
        return self


class _File(_Row):
    projects: list[_Project]

    @model_validator(mode="after")
    def _shape(self) -> _File:
        names = [p.name for p in self.projects]
        if len(set(names)) != len(names):
            raise ValueError("project names are unique")
        for age in (1, 2, 3):
            if not any(p.age == age and p.playable for p in self.projects):
                raise ValueError(f"Age {age} has no playable project")
        return self


@dataclass(frozen=True, slots=True)
class ProjectDef:
    """One project (``pid``: its index in :data:`PROJECTS`, stored in dumps and moves).
    ``resources``: the participation cost per resource index; ``penalty``: (kind, amount,
    colour index or -1)."""

    pid: int
    name: str
    age: int
    coins: int
    resources: tuple[int, ...]
    reward: _Reward
    penalty: tuple[str, int, int]
    confirmed: bool
    playable: bool
    why: str | None


def _compile(i: int, p: _Project) -> ProjectDef:
    res = tuple(p.cost.resources.get(r, 0) for r in RESOURCES)  # type: ignore[call-overload]
    pen = p.penalty
    if pen.lose_coins:
        penalty = ("lose_coins", pen.lose_coins, -1)
    elif pen.discard is not None:
        penalty = ("discard", 1, COLORS.index(pen.discard))
    else:
        penalty = ("lose_victories", pen.lose_victories, -1)
    return ProjectDef(
        i, p.name, p.age, p.cost.coins, res, p.reward, penalty, p.confirmed, p.playable, p.why
    )


def load_projects_file(path: Path = DATA_FILE) -> tuple[ProjectDef, ...]:
    """The checked rows of a projects file (raises DataError naming the file and the fault)."""
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        rows = _File.model_validate(raw).projects
    except (OSError, yaml.YAMLError, ValidationError) as exc:
        raise DataError(f"{path.name}: {exc}") from exc
    return tuple(_compile(i, p) for i, p in enumerate(rows))


PROJECTS = load_projects_file()
PROJECTS_BY_AGE: dict[int, tuple[int, ...]] = {
    age: tuple(p.pid for p in PROJECTS if p.age == age and p.playable) for age in (1, 2, 3)
}
# The projects games stored under rules classic-3 and before drew from: no reward producing a
# resource (River Port and Factory came with the production changes of classic-4).
PROJECTS_BY_AGE_V3: dict[int, tuple[int, ...]] = {
    age: tuple(pid for pid in pids if not PROJECTS[pid].reward.produces)
    for age, pids in PROJECTS_BY_AGE.items()
}
