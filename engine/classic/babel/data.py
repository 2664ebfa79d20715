"""Babel's data: the 24 tower tiles (``data/tiles.yaml``) and the 15 Great Projects
(``data/projects.yaml``), checked by pydantic at import and compiled into small frozen rows.

Each file is the one place a person holding the box corrects a row; ``confirmed: false`` marks
a row that only one source gives (docs/babel.md lists them). Engine decisions ([E] in the
reference) are the switches of :data:`DECISIONS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from engine.classic.data import CARD_INDEX, COLORS, RESOURCES, DataError

__all__ = [
    "AGE",
    "DECISIONS",
    "PROJECTS",
    "PROJECTS_BY_AGE",
    "REWARD_TOKENS",
    "ProjectDef",
    "TILES",
    "TILE_KINDS",
    "TileDef",
    "load_projects_file",
    "load_tiles_file",
]

DATA_DIR = Path(__file__).with_name("data")
AGE = -1  # a tile's coins "age": the current Age number

# Engine decisions ([E] / unconfirmed in reference/babel/rules.md), one switch each
# (docs/babel.md says what the other value would do).
DECISIONS: dict[str, Any] = {
    "tiles_per_player": 3,  # rules 2.2
    "tile_draft_pass": "right",  # rules 2.2: to seat (i + 1) mod n
    "tile_vp": (0, 2, 5, 10),  # rules 3.5, by tiles built (covered ones count)
    "tax_unpaid_blocks_build": True,  # rules 3.7 [E]
    "project_before_conflicts": True,  # rules 4.6 [E] (LCR); False: after them (seed)
    "penalty_token_vp": (0, -1, -2, -3),  # rules 4.5, by Age (LCR, unconfirmed)
    # Double Walls' blocked board resource: neighbours may not buy it either (False) [E]
    "blocked_resource_sold": False,
    "tokens_per_turn": 1,  # rules 4.2 (seed, unconfirmed)
}

TILE_KINDS = (
    "tax_on_build",
    "bonus_on_build",
    "ignore_resource_cost",
    "coins_instead_of_resources",
    "trade_price_modifier",
    "free_resource_per_turn",
    "disable_production",
    "disable_effects",
    "single_brown_unlimited",
    "neighbour_chains",
    "victory_token_downgrade",
    "defeat_tokens_per_loss",
)
_TARGETS = (*COLORS[:7], "wonder_stage", "chain_build")
REWARD_TOKENS = (
    "free_wonder_stage",
    "free_build",
    "any_colour_participation",
    "shield",
    "double_shield",
    "wonder_vp",
    "science_bonus",
    "guild_vp",
)


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class _Tile(_Row):
    number: int = Field(ge=1, le=24)
    effect: dict[str, Any]
    text: str = Field(min_length=1)
    confirmed: bool

    @field_validator("effect")
    @classmethod
    def _one_kind(cls, v: dict[str, Any]) -> dict[str, Any]:
        if len(v) != 1 or next(iter(v)) not in TILE_KINDS:
            raise ValueError(f"effect must be one of {TILE_KINDS}, got {sorted(v)}")
        return v


class _Cost(_Row):
    coins: int = Field(0, ge=0)
    resources: dict[Literal[RESOURCES], int] = {}  # type: ignore[valid-type]


class _Project(_Row):
    name: str
    age: int = Field(ge=1, le=3)
    color: Literal[COLORS[:7]]  # type: ignore[valid-type]
    participation_cost: _Cost
    reward: dict[str, Any]
    penalty: dict[str, Any]
    confirmed: bool
    name_confirmed: bool = False


@dataclass(frozen=True, slots=True)
class TileDef:
    """One tile's law, read directly by the rules (no dict lookups in play)."""

    number: int
    kind: str
    text: str
    confirmed: bool
    target: str = ""  # a colour, "wonder_stage" or "chain_build"
    coins: int = 0  # AGE: the current Age number
    resources: tuple[int, ...] = ()  # resource indices (trade, free resource)
    delta: int = 0  # trade price change
    cards: tuple[int, ...] = ()  # name ids of the cards it disables
    downgrade: tuple[tuple[int, int], ...] = ()  # victory token value -> new value
    defeats: int = 1  # defeat tokens per lost conflict


@dataclass(frozen=True, slots=True)
class ProjectDef:
    pid: int
    name: str
    age: int
    color: int  # index in COLORS
    coins: int  # participation cost: coins to the bank
    resources: tuple[int, ...]  # participation cost: 7 resource counts
    reward: str  # "coins", "victory_token" or a token kind
    amount: int  # coins, token value or shields
    penalty: str  # "discard_card", "resource_block", "lose_all_coins", "discard_victory_tokens"
    penalty_arg: int  # the colour to discard, or the number of victory tokens
    confirmed: bool
    name_confirmed: bool


def _load(path: Path, key: str) -> list[dict[str, Any]]:
    try:
        rows = yaml.safe_load(path.read_text())[key]
    except (OSError, yaml.YAMLError, KeyError, TypeError) as e:
        raise DataError(f"{path.name}: cannot read {key!r}: {e}") from None
    if not isinstance(rows, list):
        raise DataError(f"{path.name}: {key!r} must be a list")
    return rows


def _resources(names: Any, where: str) -> tuple[int, ...]:
    names = [names] if isinstance(names, str) else list(names)
    if names in (["raw"], ["manufactured"]):
        return tuple(range(4)) if names == ["raw"] else tuple(range(4, 7))
    bad = [r for r in names if r not in RESOURCES]
    if bad:
        raise DataError(f"{where}: unknown resources {bad}")
    return tuple(RESOURCES.index(r) for r in names)


def _tile(row: _Tile, where: str) -> TileDef:
    (kind, arg), base = next(iter(row.effect.items())), (row.number, "", row.text, row.confirmed)
    base = (row.number, kind, row.text, row.confirmed)
    if kind in (
        "tax_on_build",
        "bonus_on_build",
        "ignore_resource_cost",
        "coins_instead_of_resources",
    ):
        target = arg.get("applies_to") if isinstance(arg, dict) else None
        if target not in _TARGETS:
            raise DataError(f"{where}: applies_to must be one of {_TARGETS}")
        coins = arg.get("coins", 0)
        if coins != "age" and not isinstance(coins, int):
            raise DataError(f"{where}: coins must be 'age' or a number")
        return TileDef(*base, target=target, coins=AGE if coins == "age" else int(coins))
    if kind == "trade_price_modifier":
        if arg.get("delta") not in (-1, 1):
            raise DataError(f"{where}: delta must be -1 or 1")
        return TileDef(*base, resources=_resources(arg.get("resources"), where), delta=arg["delta"])
    if kind == "free_resource_per_turn":
        return TileDef(*base, resources=_resources(arg, where))
    if kind == "disable_effects":
        bad = [c for c in arg if c not in CARD_INDEX]
        if bad:
            raise DataError(f"{where}: unknown cards {bad}")
        return TileDef(*base, cards=tuple(CARD_INDEX[c] for c in arg))
    if kind == "victory_token_downgrade":
        return TileDef(*base, downgrade=tuple((int(k), int(v)) for k, v in arg.items()))
    if kind == "defeat_tokens_per_loss":
        return TileDef(*base, defeats=int(arg))
    return TileDef(*base)  # disable_production, single_brown_unlimited, neighbour_chains


def load_tiles_file(path: Path) -> tuple[TileDef, ...]:
    """The tiles of ``path``, in number order (1-24, each once); DataError names the row."""
    out: list[TileDef] = []
    for i, raw in enumerate(_load(path, "tiles")):
        where = f"{path.name} tile #{i + 1}"
        try:
            row = _Tile.model_validate(raw)
        except ValidationError as e:
            raise DataError(f"{where}: {e}") from None
        out.append(_tile(row, f"{path.name} tile {row.number}"))
    if sorted(t.number for t in out) != list(range(1, 25)):
        raise DataError(f"{path.name}: tiles must be numbered 1-24, each once")
    return tuple(sorted(out, key=lambda t: t.number))


def _reward(raw: dict[str, Any], where: str) -> tuple[str, int]:
    if "coins" in raw:
        return "coins", int(raw["coins"])
    if "victory_token" in raw:
        return "victory_token", int(raw["victory_token"])
    token = raw.get("token")
    if token not in REWARD_TOKENS:
        raise DataError(
            f"{where}: reward must be coins, victory_token or a token of {REWARD_TOKENS}"
        )
    return token, int(raw.get("shields", 0))


def _penalty(raw: dict[str, Any], where: str) -> tuple[str, int]:
    if "discard_card" in raw:
        if raw["discard_card"] not in COLORS[:7]:
            raise DataError(f"{where}: discard_card must be a colour")
        return "discard_card", COLORS.index(raw["discard_card"])
    if raw.get("token") == "resource_block":
        return "resource_block", 0
    if raw.get("lose_all_coins"):
        return "lose_all_coins", 0
    if "discard_victory_tokens" in raw:
        return "discard_victory_tokens", int(raw["discard_victory_tokens"])
    raise DataError(f"{where}: unknown penalty {raw}")


def load_projects_file(path: Path) -> tuple[ProjectDef, ...]:
    """The projects of ``path`` (5 per Age); DataError names the row and field."""
    out: list[ProjectDef] = []
    for i, raw in enumerate(_load(path, "projects")):
        where = f"{path.name} project #{i + 1}"
        try:
            row = _Project.model_validate(raw)
        except ValidationError as e:
            raise DataError(f"{where}: {e}") from None
        where = f"{path.name} {row.name}"
        cost = [0] * len(RESOURCES)
        for r, q in row.participation_cost.resources.items():
            cost[RESOURCES.index(r)] = q
        reward, amount = _reward(row.reward, where)
        penalty, arg = _penalty(row.penalty, where)
        out.append(
            ProjectDef(
                len(out),
                row.name,
                row.age,
                COLORS.index(row.color),
                row.participation_cost.coins,
                tuple(cost),
                reward,
                amount,
                penalty,
                arg,
                row.confirmed,
                row.name_confirmed,
            )
        )
    counts = [sum(1 for p in out if p.age == a) for a in (1, 2, 3)]
    if counts != [5, 5, 5]:
        raise DataError(f"{path.name}: 5 projects per Age expected, got {counts}")
    return tuple(out)


TILES: tuple[TileDef, ...] = load_tiles_file(DATA_DIR / "tiles.yaml")
PROJECTS: tuple[ProjectDef, ...] = load_projects_file(DATA_DIR / "projects.yaml")
PROJECTS_BY_AGE: dict[int, tuple[int, ...]] = {
    a: tuple(p.pid for p in PROJECTS if p.age == a) for a in (1, 2, 3)
}
