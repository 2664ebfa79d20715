"""The validated YAML models compiled into the small frozen tuples the engine works on
(resource vectors, colour / kind indices, chains as card ids)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from engine.classic.data_schema import (
    COLORS,
    COUNT_KINDS,
    RESOURCES,
    SCIENCE,
    BoardsFile,
    CardsFile,
    CoinLoss,
    DataError,
    Discount,
    Effect,
    ExpansionFile,
    PerCount,
    Resource,
)

__all__ = [
    "BoardDef",
    "CardDef",
    "EffectDef",
    "StageDef",
    "compile_boards",
    "compile_cards",
    "slug",
]


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


def compile_cards(f: CardsFile | ExpansionFile, path: Path, first: int = 0) -> tuple[CardDef, ...]:
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


def compile_boards(f: BoardsFile | ExpansionFile, first: int = 0) -> tuple[BoardDef, ...]:
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
