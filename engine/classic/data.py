"""Classic rule data: YAML files validated by pydantic, compiled once into small int-indexed tables.

The YAML files in ``engine/classic/data/`` are the project's own encoding of the first-edition
cards and boards. Validation happens at import; a broken file raises :class:`DataError` naming the
file and the field. The engine itself works on :class:`CardDef` / :class:`StageDef` tuples indexed
by small ints (cheap to copy and compare), never on the pydantic models.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

__all__ = [
    "BOARDS",
    "BOARD_INDEX",
    "CARDS",
    "CARD_INDEX",
    "COLORS",
    "COUNT_KINDS",
    "CardDef",
    "DataError",
    "GUILD_IDS",
    "LEADER_GUILD_IDS",
    "BASE_CARD_COUNT",
    "BASE_BOARD_COUNT",
    "MANUFACTURED",
    "NAME_ID",
    "RAW",
    "RESOURCES",
    "SCIENCE",
    "SPECIALS",
    "BoardDef",
    "StageDef",
    "Effect",
    "load_cards_file",
    "load_boards_file",
    "slug",
]

DATA_DIR = Path(__file__).with_name("data")
RESOURCES: tuple[str, ...] = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
RAW = RESOURCES[:4]
MANUFACTURED = RESOURCES[4:]
COLORS: tuple[str, ...] = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
SCIENCE: tuple[str, ...] = ("compass", "gear", "tablet", "any")
COUNT_KINDS: tuple[str, ...] = COLORS + ("stages", "defeats")
SPECIALS: tuple[str, ...] = (
    "free_build_once_per_age",
    "play_seventh_card",
    "build_from_discard",
    "copy_neighbour_guild",
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
        Literal["brown", "grey", "blue", "yellow", "red", "green", "purple", "stages", "defeats"],
        ...,
    ]
    in_: tuple[City, ...] = Field(alias="in")
    each: int = Field(ge=1)


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
            "draw_4_leaders",  # Roma B (Leaders)
            "recruit_leader_now",  # Roma B (Leaders)
        ]
        | None
    ) = None


class CardModel(_Frozen):
    name: str = Field(min_length=1)
    age: int = Field(ge=1, le=3)
    color: Literal["brown", "grey", "blue", "yellow", "red", "green", "purple"]
    copies: tuple[int, ...] | None
    coins: int = Field(ge=0)
    cost: dict[Resource, int]
    chain: tuple[str, ...]
    effect: Effect

    @model_validator(mode="after")
    def _copies(self) -> CardModel:
        if (self.copies is None) != (self.color == "purple"):
            raise ValueError("copies must be null exactly for guilds (purple cards)")
        if self.copies is not None and any(not 3 <= c <= 7 for c in self.copies):
            raise ValueError("copies entries must be player counts 3..7")
        return self


class StageModel(_Frozen):
    cost: dict[Resource, int]
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


def _read(path: Path) -> object:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"{path.name}: cannot read: {exc}") from exc


def _fail(path: Path, exc: ValidationError) -> DataError:
    first = exc.errors()[0]
    field = ".".join(str(p) for p in first["loc"])
    return DataError(f"{path.name}: field {field}: {first['msg']}")


def load_cards_file(path: Path) -> CardsFile:
    """Validate one cards file; raises :class:`DataError` naming the file and field."""
    try:
        return CardsFile.model_validate(_read(path))
    except ValidationError as exc:
        raise _fail(path, exc) from exc


def load_boards_file(path: Path) -> BoardsFile:
    """Validate one boards file; raises :class:`DataError` naming the file and field."""
    try:
        return BoardsFile.model_validate(_read(path))
    except ValidationError as exc:
        raise _fail(path, exc) from exc


def _vec(d: Mapping[Resource, int]) -> tuple[int, ...]:
    plain: dict[str, int] = {str(k): v for k, v in d.items()}
    return tuple(plain.get(r, 0) for r in RESOURCES)


def _per(p: PerCount | None) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
    if p is None:
        return None
    cities = tuple({"left": -1, "self": 0, "right": 1}[c] for c in p.in_)
    return tuple(COUNT_KINDS.index(k) for k in p.count), cities, p.each


def _discount(d: Discount | None) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """(resource indices, sides as -1 left / +1 right)."""
    if d is None:
        return None
    return (
        tuple(RESOURCES.index(r) for r in d.resources),
        tuple(-1 if s == "left" else 1 for s in d.from_),
    )


@dataclass(frozen=True, slots=True)
class EffectDef:
    """Compiled effect; resource vectors are indexed like :data:`RESOURCES`."""

    produce: tuple[int, ...]
    choice: tuple[int, ...]
    tradable: bool
    vp: int
    shields: int
    science: int  # -1 none, 0..2 symbol, 3 wildcard
    coins: int
    discount: tuple[tuple[int, ...], tuple[int, ...]] | None
    coins_per: tuple[tuple[int, ...], tuple[int, ...], int] | None
    vp_per: tuple[tuple[int, ...], tuple[int, ...], int] | None
    special: str | None


def _effect(e: Effect) -> EffectDef:
    return EffectDef(
        produce=_vec(e.produce),
        choice=tuple(RESOURCES.index(r) for r in e.choice),
        tradable=e.tradable,
        vp=e.vp,
        shields=e.shields,
        science=-1 if e.science is None else SCIENCE.index(e.science),
        coins=e.coins,
        discount=_discount(e.discount),
        coins_per=_per(e.coins_per),
        vp_per=_per(e.vp_per),
        special=e.special,
    )


@dataclass(frozen=True, slots=True)
class CardDef:
    """One distinct card name (copies are counted, not repeated)."""

    id: int
    name: str
    age: int
    color: int  # index in COLORS
    copies: tuple[int, ...] | None
    coins: int
    cost: tuple[int, ...]
    chain_from: tuple[int, ...]
    chain_to: tuple[int, ...]
    effect: EffectDef

    def copies_for(self, players: int) -> int:
        """Copies used at this player count (guilds: 0; they are drawn separately)."""
        return sum(1 for c in self.copies or () if c <= players)


@dataclass(frozen=True, slots=True)
class StageDef:
    cost: tuple[int, ...]
    effect: EffectDef


@dataclass(frozen=True, slots=True)
class BoardDef:
    id: int
    city: str
    wonder: str
    resource: int  # -1: none (Roma)
    sides: tuple[tuple[StageDef, ...], tuple[StageDef, ...]]  # A, B


def slug(name: str) -> str:
    """Compact space-free card name used in move texts (e.g. ``LumberYard``)."""
    return "".join(ch for ch in name if ch.isalnum())


def _compile_cards(f: CardsFile, path: Path) -> tuple[CardDef, ...]:
    # The same name may appear once per age (Loom, Press, Glassworks exist in Ages I and II).
    keys = [(c.name, c.age) for c in f.cards]
    dupes = {k for k in keys if keys.count(k) > 1}
    if dupes:
        raise DataError(f"{path.name}: field cards.name: duplicate names {sorted(dupes)}")
    names = [c.name for c in f.cards]
    index: dict[str, int] = {}
    for i, n in enumerate(names):
        index.setdefault(n, i)
    to: dict[int, list[int]] = {i: [] for i in range(len(names))}
    for i, c in enumerate(f.cards):
        for src in c.chain:
            if src not in index:
                raise DataError(f"{path.name}: field cards.{i}.chain: unknown card {src!r}")
            to[index[src]].append(i)
    return tuple(
        CardDef(
            id=i,
            name=c.name,
            age=c.age,
            color=COLORS.index(c.color),
            copies=c.copies,
            coins=c.coins,
            cost=_vec(c.cost),
            chain_from=tuple(index[s] for s in c.chain),
            chain_to=tuple(to[i]),
            effect=_effect(c.effect),
        )
        for i, c in enumerate(f.cards)
    )


def _compile_boards(f: BoardsFile) -> tuple[BoardDef, ...]:
    return tuple(
        BoardDef(
            id=i,
            city=b.city,
            wonder=b.wonder,
            resource=-1 if b.resource is None else RESOURCES.index(b.resource),
            sides=tuple(  # type: ignore[arg-type]
                tuple(StageDef(_vec(s.cost), _effect(s.effect)) for s in b.sides[k])
                for k in ("A", "B")
            ),
        )
        for i, b in enumerate(f.boards)
    )


_CARDS_PATH = DATA_DIR / "cards.yaml"
_BOARDS_PATH = DATA_DIR / "boards.yaml"
_LEADER_CARDS_PATH = DATA_DIR / "cards_leaders.yaml"
_BASE_CARDS = load_cards_file(_CARDS_PATH)
# The Leaders box's guilds come after the base cards, so every base card keeps its id.
CARDS: tuple[CardDef, ...] = _compile_cards(
    CardsFile(cards=_BASE_CARDS.cards + load_cards_file(_LEADER_CARDS_PATH).cards), _CARDS_PATH
)
BASE_CARD_COUNT = len(_BASE_CARDS.cards)
_BASE_BOARDS = load_boards_file(_BOARDS_PATH)
# Roma (Leaders box) comes after the base boards: base board ids and random deals are unchanged.
BOARDS: tuple[BoardDef, ...] = _compile_boards(
    BoardsFile(
        boards=_BASE_BOARDS.boards + load_boards_file(DATA_DIR / "boards_leaders.yaml").boards
    )
)
BASE_BOARD_COUNT = len(_BASE_BOARDS.boards)
# name -> id of the first (lowest age) card with that name; NAME_ID maps every id to it.
CARD_INDEX: dict[str, int] = {}
for _c in CARDS:
    CARD_INDEX.setdefault(_c.name, _c.id)
NAME_ID: tuple[int, ...] = tuple(CARD_INDEX[c.name] for c in CARDS)
BOARD_INDEX: dict[str, int] = {b.city: b.id for b in BOARDS}
GUILD_IDS: tuple[int, ...] = tuple(
    c.id for c in CARDS[:BASE_CARD_COUNT] if c.color == COLORS.index("purple")
)
# Guilds added to the Age III pool when the Leaders expansion is played (rules.md 1.1).
LEADER_GUILD_IDS: tuple[int, ...] = tuple(
    c.id for c in CARDS[BASE_CARD_COUNT:] if c.color == COLORS.index("purple")
)
