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
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

__all__ = [
    "BASE_BOARD_COUNT",
    "BASE_CARD_COUNT",
    "BOARDS",
    "CITIES_FILE",
    "BOARD_INDEX",
    "CARDS",
    "CARD_INDEX",
    "COLORS",
    "COUNT_KINDS",
    "CardDef",
    "DataError",
    "GUILD_IDS",
    "LEADER_GUILD_IDS",
    "LEADER_CARD_START",
    "LEADER_BOARD_START",
    "CITY_CARD_IDS",
    "CITY_BOARD_IDS",
    "LEADER_CARD_IDS",
    "LEADER_BOARD_IDS",
    "board_pool",
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
    try:
        return ExpansionFile.model_validate(_read(path))
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
    # Cities (defaults: no such effect). coin_loss: (amount, per: -1 or a COUNT_KINDS index).
    coin_loss: tuple[int, int] | None = None
    diplomacy: int = 0
    mask: int = 0
    coins_to: tuple[int, int] | None = None  # (self, each neighbour)
    produce_own: int = 0  # 1: a type already produced, 2: a type not produced
    rebate: tuple[int, ...] = ()  # -1 left, +1 right


def _loss(c: CoinLoss | None) -> tuple[int, int] | None:
    if c is None:
        return None
    return c.amount, -1 if c.per is None else COUNT_KINDS.index(c.per)


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
        coin_loss=_loss(e.coin_loss),
        diplomacy=e.diplomacy,
        mask=e.mask,
        coins_to=None if e.coins_to is None else (e.coins_to.self_, e.coins_to.neighbours),
        produce_own=0 if e.produce_own is None else 1 + (e.produce_own == "not_produced"),
        rebate=tuple(-1 if s == "left" else 1 for s in e.rebate),
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
    coins: int = 0  # coins to the bank (Petra)


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


def _compile_cards(f: CardsFile | ExpansionFile, path: Path, first: int = 0) -> tuple[CardDef, ...]:
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
            id=first + i,
            name=c.name,
            age=c.age,
            color=COLORS.index(c.color),
            copies=c.copies,
            coins=c.coins,
            cost=_vec(c.cost),
            chain_from=tuple(first + index[s] for s in c.chain),
            chain_to=tuple(first + t for t in to[i]),
            effect=_effect(c.effect),
        )
        for i, c in enumerate(f.cards)
    )


def _compile_boards(f: BoardsFile | ExpansionFile, first: int = 0) -> tuple[BoardDef, ...]:
    return tuple(
        BoardDef(
            id=first + i,
            city=b.city,
            wonder=b.wonder,
            resource=-1 if b.resource is None else RESOURCES.index(b.resource),
            sides=tuple(  # type: ignore[arg-type]
                tuple(StageDef(_vec(s.cost), _effect(s.effect), s.coins) for s in b.sides[k])
                for k in ("A", "B")
            ),
        )
        for i, b in enumerate(f.boards)
    )


_CARDS_PATH = DATA_DIR / "cards.yaml"
_BOARDS_PATH = DATA_DIR / "boards.yaml"
_LEADER_CARDS_PATH = DATA_DIR / "cards_leaders.yaml"
_CITIES_PATH = DATA_DIR / "cities.yaml"
_BASE_CARDS = _compile_cards(load_cards_file(_CARDS_PATH), _CARDS_PATH)
_BASE_BOARDS = _compile_boards(load_boards_file(_BOARDS_PATH))
CITIES_FILE: ExpansionFile = load_expansion_file(_CITIES_PATH)
# Expansion cards and boards come after the base ones, so base ids never move; base games deal
# from the first BASE_CARD_COUNT cards and BASE_BOARD_COUNT boards only. Cities comes first (its
# ids were stored before Leaders joined), then the Leaders box (4 guilds, Roma).
BASE_CARD_COUNT, BASE_BOARD_COUNT = len(_BASE_CARDS), len(_BASE_BOARDS)
_CITY_CARDS = _compile_cards(CITIES_FILE, _CITIES_PATH, BASE_CARD_COUNT)
_CITY_BOARDS = _compile_boards(CITIES_FILE, BASE_BOARD_COUNT)
LEADER_CARD_START = BASE_CARD_COUNT + len(_CITY_CARDS)
LEADER_BOARD_START = BASE_BOARD_COUNT + len(_CITY_BOARDS)
CARDS: tuple[CardDef, ...] = (
    _BASE_CARDS
    + _CITY_CARDS
    + _compile_cards(load_cards_file(_LEADER_CARDS_PATH), _LEADER_CARDS_PATH, LEADER_CARD_START)
)
BOARDS: tuple[BoardDef, ...] = (
    _BASE_BOARDS
    + _CITY_BOARDS
    + _compile_boards(load_boards_file(DATA_DIR / "boards_leaders.yaml"), LEADER_BOARD_START)
)
# The ids of each expansion's cards and boards (Cities: black cards, 3 guilds, Petra, Byzantium).
CITY_CARD_IDS = range(BASE_CARD_COUNT, LEADER_CARD_START)
LEADER_CARD_IDS = range(LEADER_CARD_START, len(CARDS))
CITY_BOARD_IDS = range(BASE_BOARD_COUNT, LEADER_BOARD_START)
LEADER_BOARD_IDS = range(LEADER_BOARD_START, len(BOARDS))
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
    c.id for c in CARDS[LEADER_CARD_START:] if c.color == COLORS.index("purple")
)


def board_pool(expansions: tuple[str, ...] | list[str]) -> tuple[int, ...]:
    """Board ids a table with these expansions deals from (base, + Petra/Byzantium, + Roma)."""
    pool = list(range(BASE_BOARD_COUNT))
    if "cities" in expansions:
        pool += CITY_BOARD_IDS
    if "leaders" in expansions:
        pool += LEADER_BOARD_IDS
    return tuple(pool)
