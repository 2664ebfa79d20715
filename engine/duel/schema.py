"""Pydantic models of the Duel rule data files (``engine/duel/data/*.yaml``) and their loaders.

The models validate the files once at import; a broken file raises :class:`DataError` naming the
file and the field. The engine never works on these models: ``engine.duel.data`` compiles them
into small int-indexed tables.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

__all__ = [
    "BoardFile",
    "CardModel",
    "CardsFile",
    "DATA_DIR",
    "DataError",
    "LayoutModel",
    "ProgressFile",
    "TokenModel",
    "WonderModel",
    "WondersFile",
    "load_file",
]

DATA_DIR = Path(__file__).with_name("data")

Resource = Literal["wood", "stone", "clay", "glass", "papyrus"]
Color = Literal["brown", "grey", "blue", "green", "yellow", "red", "purple"]
Symbol = Literal["globe", "scale", "sundial", "mortar", "pendulum", "quill", "wheel"]
Chain = Literal[
    "horseshoe",
    "sword",
    "tower",
    "target",
    "helmet",
    "book",
    "gear",
    "lyre",
    "lamp",
    "mask",
    "pillar",
    "moon",
    "sun",
    "drop",
    "temple",
    "amphora",
    "barrel",
]
GuildCount = Literal["brown", "grey", "blue", "green", "yellow", "red", "wonder", "coins"]


class DataError(ValueError):
    """A rule data file is missing or invalid; the message names the file and the field."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CoinsPer(_Frozen):
    count: Literal["brown", "grey", "blue", "green", "yellow", "red", "wonder"]
    each: int = Field(ge=1)


class Guild(_Frozen):
    count: tuple[GuildCount, ...] = Field(min_length=1)
    coins: int = Field(ge=0)
    vp: int = Field(ge=1)


class CardEffect(_Frozen):
    produce: dict[Resource, int] = Field(default_factory=dict)
    choice: tuple[Resource, ...] = ()
    fixed_price: tuple[Resource, ...] = ()
    vp: int = Field(0, ge=0)
    shields: int = Field(0, ge=0)
    science: Symbol | None = None
    coins: int = Field(0, ge=0)
    coins_per: CoinsPer | None = None
    guild: Guild | None = None


class CardModel(_Frozen):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str = Field(min_length=1)
    age: int = Field(ge=1, le=3)
    color: Color
    coins: int = Field(ge=0)
    cost: dict[Resource, int]
    chain: Chain | None = None
    free_with: Chain | None = None
    effect: CardEffect
    agent: str | None = Field(None, pattern=r"^[A-Z_]+$")

    @model_validator(mode="after")
    def _check(self) -> CardModel:
        if any(n <= 0 for n in self.cost.values()):
            raise ValueError("cost units must be positive")
        if (self.color == "purple") != (self.effect.guild is not None):
            raise ValueError("exactly the purple cards carry a guild effect")
        if self.effect.produce and self.color not in ("brown", "grey"):
            raise ValueError("only brown and grey cards have fixed production")
        if (self.color == "green") != (self.effect.science is not None):
            raise ValueError("exactly the green cards carry a science symbol")
        return self


class CardsFile(_Frozen):
    cards: tuple[CardModel, ...]

    @model_validator(mode="after")
    def _unique(self) -> CardsFile:
        for attr in ("id", "name"):
            seen = [getattr(c, attr) for c in self.cards]
            dup = {x for x in seen if seen.count(x) > 1}
            if dup:
                raise ValueError(f"duplicate card {attr}: {sorted(dup)}")
        provided = {c.chain for c in self.cards if c.chain}
        missing = {c.free_with for c in self.cards if c.free_with} - provided
        if missing:
            raise ValueError(f"free_with symbols nobody provides: {sorted(missing)}")
        return self


class WonderEffect(_Frozen):
    coins: int = Field(0, ge=0)
    opponent_loses: int = Field(0, ge=0)
    shields: int = Field(0, ge=0)
    play_again: bool = False
    choice: tuple[Resource, ...] = ()
    destroy: Literal["brown", "grey"] | None = None
    from_discard: bool = False
    library: bool = False


class WonderModel(_Frozen):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str = Field(min_length=1)
    cost: dict[Resource, int] = Field(min_length=1)
    vp: int = Field(ge=0)
    effect: WonderEffect
    text: str = Field(min_length=1)


class WondersFile(_Frozen):
    wonders: tuple[WonderModel, ...]


class TokenEffect(_Frozen):
    coins: int = Field(0, ge=0)
    vp: int = Field(0, ge=0)
    vp_per_token: int = Field(0, ge=0)
    science: Symbol | None = None
    wonder_rebate: int = Field(0, ge=0)
    blue_rebate: int = Field(0, ge=0)
    economy: bool = False
    strategy: bool = False
    theology: bool = False
    chain_coins: int = Field(0, ge=0)


class TokenModel(_Frozen):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str = Field(min_length=1)
    effect: TokenEffect
    text: str = Field(min_length=1)


class ProgressFile(_Frozen):
    progress_tokens: tuple[TokenModel, ...]


class LayoutModel(_Frozen):
    rows: tuple[tuple[int, ...], ...] = Field(min_length=1)
    face_up: tuple[int, ...]

    @model_validator(mode="after")
    def _check(self) -> LayoutModel:
        if sum(len(r) for r in self.rows) != 20:
            raise ValueError("a layout has exactly 20 slots")
        if any(not 1 <= r <= len(self.rows) for r in self.face_up):
            raise ValueError("face_up names a row that does not exist")
        return self


class Setup(_Frozen):
    starting_coins: int = Field(ge=0)
    progress_on_board: int = Field(ge=1)
    cards_removed_per_age: int = Field(ge=0)
    guilds_in_age_3: int = Field(ge=0)
    library_draw: int = Field(ge=1)
    max_wonders_built: int = Field(ge=1)
    draft_order: tuple[tuple[Literal["A", "B"], ...], ...]
    first_game_wonders: dict[Literal["A", "B"], tuple[str, ...]]


class Loot(_Frozen):
    from_: int = Field(alias="from", ge=1)
    to: int = Field(ge=1)
    coins: int = Field(ge=1)


class Military(_Frozen):
    capital: int = Field(ge=2)
    vp: tuple[tuple[int, int], ...]
    loot: tuple[Loot, ...]


class BoardFile(_Frozen):
    setup: Setup
    discard_coins: dict[Literal["base", "per_yellow"], int]
    trading: dict[Literal["base", "fixed_price"], int]
    military: Military
    layouts: dict[Literal[1, 2, 3], LayoutModel]


_M = TypeVar("_M", bound=BaseModel)


def load_file(name: str, model: type[_M], folder: Path = DATA_DIR) -> _M:
    """Read and validate ``folder/name``; any problem raises :class:`DataError` naming both."""
    path = folder / name
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"{path}: cannot read rule data: {exc}") from exc
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        errors = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or '<root>'}: {e['msg']}" for e in exc.errors()
        )
        raise DataError(f"{path}: invalid field {errors}") from exc
