"""What a Duel AI reads: rule facts keyed by id and a compact summary of each city from a view.

Only public rule data (``engine.duel.data``: cards, wonders, tokens, pyramid layouts) and the
seat's ``DuelView`` are used — never a game state. Prices for the viewer come from the view; the
opponent's prices are recomputed here from the public city facts (production, trading prices,
chains, rebates), which is what a human player does across the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.duel.data import (
    CARDS,
    COLORS,
    LAYOUTS,
    RESOURCES,
    SYMBOLS,
    TOKENS,
    WONDERS,
    CardDef,
    Layout,
    TokenDef,
    WonderDef,
)

__all__ = [
    "CARD",
    "CHAIN_TARGETS",
    "City",
    "TOKEN",
    "WONDER",
    "age_pool",
    "city_of",
    "colour",
    "covered_by",
    "layout",
    "move_parts",
    "opp_card_price",
    "opp_wonder_price",
    "symbol",
]

CARD: dict[str, CardDef] = {c.key: c for c in CARDS}
WONDER: dict[str, WonderDef] = {w.key: w for w in WONDERS}
TOKEN: dict[str, TokenDef] = {t.key: t for t in TOKENS}
# chain symbol -> keys of the cards it makes free
CHAIN_TARGETS: dict[str, tuple[str, ...]] = {}
for _c in CARDS:
    if _c.free_with:
        CHAIN_TARGETS[_c.free_with] = CHAIN_TARGETS.get(_c.free_with, ()) + (_c.key,)


def colour(card: CardDef) -> str:
    return COLORS[card.color]


def symbol(card: CardDef) -> str | None:
    return None if card.science < 0 else SYMBOLS[card.science]


def layout(age: int) -> Layout:
    return LAYOUTS[age]


def covered_by(age: int, slot: int) -> int:
    """Bit mask of the slots covering ``slot`` in that age's pyramid."""
    return LAYOUTS[age].covered_by[slot]


@dataclass
class City:
    """One seat's public facts, as the AI needs them."""

    seat: int
    coins: int
    built: set[str]
    colours: dict[str, int]
    chains: set[str]
    symbols: set[str]
    tokens: set[str]
    unbuilt: list[str]  # wonder keys not yet built (and still in the game)
    n_wonders: int  # wonders built
    production: dict[str, int]
    choices: list[list[str]]
    trade: dict[str, int]
    extra: dict[str, Any] = field(default_factory=dict)


def city_of(view: Any, seat: int) -> City:
    c = view.cities[seat]
    built = {b.key for b in c.built}
    colours: dict[str, int] = {}
    chains: set[str] = set()
    for b in c.built:
        colours[b.color] = colours.get(b.color, 0) + 1
        ch = CARD[b.key].chain
        if ch:
            chains.add(ch)
    unbuilt = [w.key for w in c.wonders if not w.built and not getattr(w, "out", False)]
    return City(
        seat=seat,
        coins=c.coins,
        built=built,
        colours=colours,
        chains=chains,
        symbols=set(c.science),
        tokens={t.key for t in c.tokens},
        unbuilt=unbuilt,
        n_wonders=sum(1 for w in c.wonders if w.built),
        production=dict(c.production),
        choices=[list(x) for x in c.choices],
        trade={r: c.trade_prices.get(r, 2) for r in RESOURCES},
    )


def _trade(city: City, cost: tuple[int, ...], rebate: int) -> int:
    """Coins to buy the units ``city`` lacks; choice producers cover the priciest units first."""
    need = [max(0, cost[i] - city.production.get(r, 0)) for i, r in enumerate(RESOURCES)]
    for ch in city.choices:
        best = max(
            (i for i, r in enumerate(RESOURCES) if r in ch and need[i]),
            key=lambda i: city.trade[RESOURCES[i]],
            default=None,
        )
        if best is not None:
            need[best] -= 1
    units = sorted(
        (city.trade[r] for i, r in enumerate(RESOURCES) for _ in range(need[i])), reverse=True
    )
    return sum(units[rebate:])


def opp_card_price(city: City, key: str) -> int:
    """Coins ``city`` would pay for card ``key`` (0 by a chain)."""
    c = CARD[key]
    if c.free_with and c.free_with in city.chains:
        return 0
    rebate = 2 if colour(c) == "blue" and "masonry" in city.tokens else 0
    return c.coins + _trade(city, c.cost, rebate)


def opp_wonder_price(city: City, key: str) -> int:
    rebate = 2 if "architecture" in city.tokens else 0
    return _trade(city, WONDER[key].cost, rebate)


def age_pool(view: Any) -> list[str]:
    """Card keys of the current age that this seat has not seen anywhere (candidates for the
    face-down slots; includes the unseen removed cards and, in Age III, all unseen guilds)."""
    seen: set[str] = set()
    for s in view.pyramid:
        if s.card is not None:
            seen.add(s.card.key)
    for c in view.cities:
        seen.update(b.key for b in c.built)
    seen.update(d.key for d in view.discard)
    age = view.age
    return [c.key for c in CARDS if c.age == age and c.key not in seen]


def move_parts(text: str) -> tuple[str, int, str]:
    """(action, slot or -1, key or '') of a canonical Duel move text."""
    parts = text.split(":")
    action = parts[0]
    if action in ("build", "discard"):
        return action, int(parts[1]), ""
    if action == "wonder":
        return action, int(parts[1]), parts[2]
    return action, -1, parts[1] if len(parts) > 1 else ""


def token_def(key: str) -> TokenDef:
    return TOKEN[key]
