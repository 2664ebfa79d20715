"""The vocabulary of the classic rule data and the pydantic schema its YAML files are checked
against; each ``load_*_file`` validates one file and raises :class:`DataError` naming the file
and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

__all__ = [
    "COLORS",
    "COUNT_KINDS",
    "MANUFACTURED",
    "RAW",
    "RESOURCES",
    "SCIENCE",
    "SPECIALS",
    "BoardsFile",
    "CardsFile",
    "DataError",
    "Effect",
    "ExpansionFile",
    "load_boards_file",
    "load_cards_file",
    "load_expansion_file",
]

RESOURCES: tuple[str, ...] = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
RAW = RESOURCES[:4]
MANUFACTURED = RESOURCES[4:]
# black: the City cards of the Cities expansion (engine.classic.cities), last so the base
# colours keep their indices.
COLORS: tuple[str, ...] = ("brown", "grey", "blue", "yellow", "red", "green", "purple", "black")
SCIENCE: tuple[str, ...] = ("compass", "gear", "tablet", "any")
COUNT_KINDS: tuple[str, ...] = COLORS + ("stages", "defeats", "victories")
SPECIALS: tuple[str, ...] = (
    "free_build_once_per_age",
    "play_seventh_card",
    "build_from_discard",
    "copy_neighbour_guild",
    "stages_ignore_resources",
)

Resource = Literal["wood", "stone", "clay", "ore", "glass", "loom", "papyrus"]
Side = Literal["left", "right"]
City = Literal["left", "self", "right"]


class DataError(ValueError):
    """A rule data file is missing or invalid; the message names the file and the field."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Discount(_Frozen):
    resources: tuple[Resource, ...]
    from_: tuple[Side, ...] = Field(alias="from")
    price: int = Field(ge=1, le=2)


class PerCount(_Frozen):
    count: tuple[
        Literal[
            "brown",
            "grey",
            "blue",
            "yellow",
            "red",
            "green",
            "purple",
            "black",
            "stages",
            "defeats",
            "victories",
        ],
        ...,
    ]
    in_: tuple[City, ...] = Field(alias="in")
    each: int = Field(ge=1)


class CoinLoss(_Frozen):
    """Cities: every other player loses ``amount`` coins, or one per Victory token / built
    wonder stage of their own (``per``)."""

    amount: int = Field(0, ge=0)
    per: Literal["victories", "stages"] | None = None


class CoinsTo(_Frozen):
    self_: int = Field(alias="self", ge=0)
    neighbours: int = Field(ge=0)


class Effect(_Frozen):
    produce: dict[Resource, int] = Field(default_factory=dict)
    choice: tuple[Resource, ...] = ()
    tradable: bool = False
    vp: int = Field(0, ge=0)
    shields: int = Field(0, ge=0)
    science: Literal["compass", "gear", "tablet", "any"] | None = None
    coins: int = Field(0, ge=0)
    discount: Discount | None = None
    coins_per: PerCount | None = None
    vp_per: PerCount | None = None
    special: (
        Literal[
            "free_build_once_per_age",
            "play_seventh_card",
            "build_from_discard",
            "copy_neighbour_guild",
            "stages_ignore_resources",
            "draw_4_leaders",  # Roma B (Leaders)
            "recruit_leader_now",  # Roma B (Leaders)
        ]
        | None
    ) = None
    # Cities (engine.classic.cities): see engine/classic/data/cities.yaml.
    coin_loss: CoinLoss | None = None
    diplomacy: int = Field(0, ge=0)
    mask: int = Field(0, ge=0)
    coins_to: CoinsTo | None = None
    produce_own: Literal["produced", "not_produced"] | None = None
    rebate: tuple[Side, ...] = ()


class CardModel(_Frozen):
    name: str = Field(min_length=1)
    age: int = Field(ge=1, le=3)
    color: Literal["brown", "grey", "blue", "yellow", "red", "green", "purple", "black"]
    copies: tuple[int, ...] | None
    coins: int = Field(ge=0)
    cost: dict[Resource, int]
    chain: tuple[str, ...]
    effect: Effect

    @model_validator(mode="after")
    def _copies(self) -> CardModel:
        if (self.copies is None) != (self.color in ("purple", "black")):
            raise ValueError("copies must be null exactly for guilds and black cards")
        if self.copies is not None and any(not 3 <= c <= 7 for c in self.copies):
            raise ValueError("copies entries must be player counts 3..7")
        return self


class StageModel(_Frozen):
    cost: dict[Resource, int]
    coins: int = Field(0, ge=0)
    effect: Effect


class BoardModel(_Frozen):
    city: str
    wonder: str
    resource: Resource | None  # None: Roma (Leaders) produces nothing
    sides: dict[Literal["A", "B"], tuple[StageModel, ...]]


class CardsFile(_Frozen):
    cards: tuple[CardModel, ...]


class BoardsFile(_Frozen):
    boards: tuple[BoardModel, ...]


class ExpansionFile(_Frozen):
    """An expansion's cards, boards and leaders in one file (the leaders are checked by
    ``engine.classic.leaders.data``, with the Leaders box's schema)."""

    cards: tuple[CardModel, ...]
    boards: tuple[BoardModel, ...]
    leaders: tuple[dict[str, Any], ...] = ()


def load_expansion_file(path: Path) -> ExpansionFile:
    """Validate an expansion file; raises :class:`DataError` naming the file and field."""
    return _validated(ExpansionFile, path)


def load_cards_file(path: Path) -> CardsFile:
    """Validate one cards file; raises :class:`DataError` naming the file and field."""
    return _validated(CardsFile, path)


def load_boards_file(path: Path) -> BoardsFile:
    """Validate one boards file; raises :class:`DataError` naming the file and field."""
    return _validated(BoardsFile, path)


_File = TypeVar("_File", bound=_Frozen)


def _validated(model: type[_File], path: Path) -> _File:
    try:
        return model.model_validate(_read(path))
    except ValidationError as exc:
        raise _fail(path, exc) from exc


def _read(path: Path) -> object:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"{path.name}: cannot read: {exc}") from exc


def _fail(path: Path, exc: ValidationError) -> DataError:
    first = exc.errors()[0]
    field = ".".join(str(p) for p in first["loc"])
    return DataError(f"{path.name}: field {field}: {first['msg']}")
