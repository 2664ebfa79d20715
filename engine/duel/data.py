"""Duel rule tables compiled once from the validated data files: small ints and bit masks.

Card ids are ordered so that the cards the price calculation looks at sit in the low bits of a
city bit mask: brown/grey producers first (ids 0..12), then the choice producers Forum and
Caravansery, then the fixed-price cards (Reserves, Customs House). ``city & PRICE_BITS`` is then
everything about a city that affects what it pays, which keys the price memo in ``costs``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.duel.schema import (
    BoardFile,
    CardModel,
    CardsFile,
    DataError,
    LayoutModel,
    ProgressFile,
    WondersFile,
    load_file,
)

__all__ = [
    "AGE_BACKS",
    "BOARD",
    "CARDS",
    "CARD_INDEX",
    "CHAIN_MASK",
    "COLORS",
    "COLOR_MASK",
    "CardDef",
    "FREE_MASK",
    "GUILD_IDS",
    "LAYOUTS",
    "Layout",
    "N_CARDS",
    "N_TOKENS",
    "N_WONDERS",
    "PRICE_BITS",
    "RESOURCES",
    "SCIENCE_MASK",
    "SYMBOLS",
    "TOKENS",
    "TOKEN_INDEX",
    "TokenDef",
    "WONDERS",
    "WONDER_INDEX",
    "WonderDef",
    "AGE_IDS",
    "BG_BITS",
    "agent_name",
]

RESOURCES: tuple[str, ...] = ("wood", "stone", "clay", "glass", "papyrus")
COLORS: tuple[str, ...] = ("brown", "grey", "blue", "green", "yellow", "red", "purple")
SYMBOLS: tuple[str, ...] = ("globe", "scale", "sundial", "mortar", "pendulum", "quill", "wheel")
AGE_BACKS: tuple[str, ...] = ("age1", "age2", "age3", "guild")
_RES = {r: i for i, r in enumerate(RESOURCES)}
_COL = {c: i for i, c in enumerate(COLORS)}
_SYM = {s: i for i, s in enumerate(SYMBOLS)}
WONDER_COUNT = -1  # coins_per / guild count kind "wonder"
COIN_SETS = -2  # guild count kind "coins"


def _vec(d: dict[str, int]) -> tuple[int, int, int, int, int]:
    v = [0] * 5
    for r, n in d.items():
        v[_RES[r]] = n
    return (v[0], v[1], v[2], v[3], v[4])


def _rmask(rs: tuple[str, ...]) -> int:
    m = 0
    for r in rs:
        m |= 1 << _RES[r]
    return m


@dataclass(frozen=True, slots=True)
class CardDef:
    """One building card; colours, symbols and counted kinds are small ints."""

    id: int
    key: str
    name: str
    age: int
    color: int
    coins: int
    cost: tuple[int, int, int, int, int]
    chain: str | None
    free_with: str | None
    produce: tuple[int, int, int, int, int]
    choice: int  # resource bit mask
    fixed: int  # resource bit mask bought at 1 coin
    vp: int
    shields: int
    science: int  # symbol index or -1
    gain: int  # coins when built
    per_kind: int  # colour index, WONDER_COUNT, or -3 for none
    per_each: int
    guild_kinds: tuple[int, ...]  # colours counted together, or (WONDER_COUNT,) / (COIN_SETS,)
    guild_coins: int
    guild_vp: int
    agent: str


@dataclass(frozen=True, slots=True)
class WonderDef:
    id: int
    key: str
    name: str
    cost: tuple[int, int, int, int, int]
    vp: int
    coins: int
    opponent_loses: int
    shields: int
    play_again: bool
    choice: int
    destroy: int  # colour index or -1
    from_discard: bool
    library: bool
    text: str
    agent: str


@dataclass(frozen=True, slots=True)
class TokenDef:
    id: int
    key: str
    name: str
    coins: int
    vp: int
    vp_per_token: int
    text: str
    agent: str


@dataclass(frozen=True, slots=True)
class Layout:
    """One Age's pyramid: per slot its (row, col), what covers it and what it covers."""

    age: int
    pos: tuple[tuple[int, int], ...]
    covered_by: tuple[int, ...]  # slot -> bit mask of the slots covering it
    under: tuple[tuple[int, ...], ...]  # slot -> slots it covers
    face_down: int  # bit mask of slots laid face down
    start_access: int  # bit mask of slots accessible at the start


def agent_name(name: str) -> str:
    """The seed's spelling of a name: upper case, spaces to underscores."""
    return name.upper().replace(" ", "_").replace("-", "_")


def _order(c: CardModel) -> tuple[int, int]:
    if c.effect.produce:
        return (0, 0)
    if c.effect.choice:
        return (1, 0)
    if c.effect.fixed_price:
        return (2, 0)
    return (3, c.age)


def _card(i: int, c: CardModel) -> CardDef:
    e = c.effect
    per = e.coins_per
    g = e.guild
    kinds: tuple[int, ...] = ()
    if g is not None:
        kinds = tuple(
            WONDER_COUNT if k == "wonder" else COIN_SETS if k == "coins" else _COL[k]
            for k in g.count
        )
    return CardDef(
        id=i,
        key=c.id,
        name=c.name,
        age=c.age,
        color=_COL[c.color],
        coins=c.coins,
        cost=_vec({str(k): v for k, v in c.cost.items()}),
        chain=c.chain,
        free_with=c.free_with,
        produce=_vec({str(k): v for k, v in e.produce.items()}),
        choice=_rmask(e.choice),
        fixed=_rmask(e.fixed_price),
        vp=e.vp,
        shields=e.shields,
        science=-1 if e.science is None else _SYM[e.science],
        gain=e.coins,
        per_kind=-3
        if per is None
        else (WONDER_COUNT if per.count == "wonder" else _COL[per.count]),
        per_each=0 if per is None else per.each,
        guild_kinds=kinds,
        guild_coins=0 if g is None else g.coins,
        guild_vp=0 if g is None else g.vp,
        agent=c.agent or agent_name(c.name),
    )


def _layout(age: int, m: LayoutModel) -> Layout:
    pos = [(r + 1, col) for r, row in enumerate(m.rows) for col in row]
    at = {p: i for i, p in enumerate(pos)}
    covered = []
    for r, col in pos:
        mask = 0
        for dc in (-1, 1):
            j = at.get((r + 1, col + dc))
            if j is not None:
                mask |= 1 << j
        covered.append(mask)
    under = tuple(tuple(t for t in range(20) if covered[t] >> s & 1) for s in range(20))
    down = sum(1 << i for i, (r, _) in enumerate(pos) if r not in m.face_up)
    access = sum(1 << i for i in range(20) if covered[i] == 0)
    return Layout(age, tuple(pos), tuple(covered), under, down, access)


def _compile() -> tuple[
    tuple[CardDef, ...], tuple[WonderDef, ...], tuple[TokenDef, ...], BoardFile
]:
    cards_f = load_file("cards.yaml", CardsFile)
    wonders_f = load_file("wonders.yaml", WondersFile)
    tokens_f = load_file("progress.yaml", ProgressFile)
    board = load_file("board.yaml", BoardFile)
    ordered = sorted(cards_f.cards, key=_order)
    cards = tuple(_card(i, c) for i, c in enumerate(ordered))
    if sum(1 for c in cards if c.produce != (0,) * 5) + 2 + 4 > 20:
        raise DataError("cards.yaml: too many price-relevant cards for the price key")
    wonders = tuple(
        WonderDef(
            i,
            w.id,
            w.name,
            _vec({str(k): v for k, v in w.cost.items()}),
            w.vp,
            w.effect.coins,
            w.effect.opponent_loses,
            w.effect.shields,
            w.effect.play_again,
            _rmask(w.effect.choice),
            -1 if w.effect.destroy is None else _COL[w.effect.destroy],
            w.effect.from_discard,
            w.effect.library,
            w.text,
            agent_name(w.name),
        )
        for i, w in enumerate(wonders_f.wonders)
    )
    tokens = tuple(
        TokenDef(
            i,
            t.id,
            t.name,
            t.effect.coins,
            t.effect.vp,
            t.effect.vp_per_token,
            t.text,
            agent_name(t.name),
        )
        for i, t in enumerate(tokens_f.progress_tokens)
    )
    return cards, wonders, tokens, board


CARDS, WONDERS, TOKENS, BOARD = _compile()
N_CARDS = len(CARDS)
N_WONDERS = len(WONDERS)
N_TOKENS = len(TOKENS)
CARD_INDEX: dict[str, int] = {c.key: c.id for c in CARDS}
WONDER_INDEX: dict[str, int] = {w.key: w.id for w in WONDERS}
TOKEN_INDEX: dict[str, int] = {t.key: t.id for t in TOKENS}
LAYOUTS: dict[int, Layout] = {a: _layout(a, m) for a, m in BOARD.layouts.items()}
COLOR_MASK: tuple[int, ...] = tuple(
    sum(1 << c.id for c in CARDS if c.color == k) for k in range(len(COLORS))
)
SCIENCE_MASK: tuple[int, ...] = tuple(
    sum(1 << c.id for c in CARDS if c.science == s) for s in range(len(SYMBOLS))
)
CHAIN_MASK: dict[str, int] = {}
for _c in CARDS:
    if _c.chain:
        CHAIN_MASK[_c.chain] = CHAIN_MASK.get(_c.chain, 0) | 1 << _c.id
FREE_MASK: tuple[int, ...] = tuple(CHAIN_MASK[c.free_with] if c.free_with else 0 for c in CARDS)
GUILD_IDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.color == _COL["purple"])
AGE_IDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c.id for c in CARDS if c.age == a and c.color != _COL["purple"]) for a in (1, 2, 3)
)
BG_BITS = sum(1 << c.id for c in CARDS if c.produce != (0,) * 5)
PRICE_BITS = sum(1 << c.id for c in CARDS if c.produce != (0,) * 5 or c.choice or c.fixed)
if PRICE_BITS.bit_length() > 20 or BG_BITS.bit_length() > 13:
    raise DataError("cards.yaml: price-relevant cards must fit the price key")
