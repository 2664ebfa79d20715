"""The laws of the visible Babel tiles (reference/babel/rules.md 3.4-3.8, data/tiles.yaml):
what they change in the moves a seat may make, in what a build costs or pays, and in trade.

Laws act on every player from the turn after their tile is placed until it is covered. They
are gathered once per (state, turn) in a :class:`Laws`."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.classic.babel.data import AGE, TILES, TileDef
from engine.classic.data import CARDS, COLORS, MANUFACTURED, NAME_ID, RESOURCES
from engine.classic.state import City, Move, State, make_move
from engine.classic.stats import Stats, city_stats, with_trade

__all__ = ["CHAIN", "COIN", "Laws", "gather", "laws_for", "trade_cities"]

COIN, CHAIN = "coin-build", "chain-build"  # tiles 8/23 and 7: builds the core does not know
_BROWN, _STAGE = COLORS.index("brown"), "wonder_stage"
_MANU = tuple(RESOURCES.index(r) for r in MANUFACTURED)
UNLIMITED = 6  # tile 20: "any number" (no cost asks for more of one resource)


@dataclass(frozen=True)
class Laws:
    """The visible tiles' laws in force, with Age-scaled coins resolved."""

    tiles: tuple[int, ...] = ()
    tax: dict[str, int] = field(default_factory=dict)  # target -> coins to the bank
    bonus: dict[str, int] = field(default_factory=dict)  # target -> coins from the bank
    ignore: frozenset[str] = frozenset()  # targets whose resource cost is ignored
    coin_pay: frozenset[int] = frozenset()  # colours paid 1 coin per resource unit
    neighbour_chains: bool = False
    price: tuple[int, ...] = (0,) * 7  # trade price change per resource
    free: tuple[tuple[int, ...], ...] = ()  # one-of productions every player gets
    no_double_brown: bool = False
    disabled: frozenset[int] = frozenset()  # name ids whose effects are off
    unlimited: bool = False
    downgrade: dict[int, int] = field(default_factory=dict)
    defeats: int = 1

    @property
    def trade(self) -> bool:
        """Whether production or prices differ from the cards' (trade is recomputed)."""
        return bool(
            any(self.price) or self.free or self.no_double_brown or self.disabled or self.unlimited
        )

    @property
    def moves(self) -> bool:
        """Whether the seat's move list differs from the core's."""
        return bool(self.tax or self.ignore or self.coin_pay or self.neighbour_chains or self.trade)


NONE = Laws()


def gather(numbers: tuple[int, ...], age: int) -> Laws:
    if not numbers:
        return NONE
    tax: dict[str, int] = {}
    bonus: dict[str, int] = {}
    ignore: set[str] = set()
    coin_pay: set[int] = set()
    price = [0] * 7
    free: list[tuple[int, ...]] = []
    disabled: set[int] = set()
    kw: dict[str, object] = {}
    for n in numbers:
        t: TileDef = TILES[n - 1]
        coins = age if t.coins == AGE else t.coins
        if t.kind == "tax_on_build":
            tax[t.target] = tax.get(t.target, 0) + coins
        elif t.kind == "bonus_on_build":
            bonus[t.target] = bonus.get(t.target, 0) + coins
        elif t.kind == "ignore_resource_cost":
            ignore.add(t.target)
        elif t.kind == "coins_instead_of_resources":
            coin_pay.add(COLORS.index(t.target))
        elif t.kind == "trade_price_modifier":
            for r in t.resources:
                price[r] += t.delta
        elif t.kind == "free_resource_per_turn":
            free.append(t.resources)
        elif t.kind == "disable_production":
            kw["no_double_brown"] = True
        elif t.kind == "disable_effects":
            disabled.update(t.cards)
        elif t.kind == "single_brown_unlimited":
            kw["unlimited"] = True
        elif t.kind == "neighbour_chains":
            kw["neighbour_chains"] = True
        elif t.kind == "victory_token_downgrade":
            kw["downgrade"] = dict(t.downgrade)
        elif t.kind == "defeat_tokens_per_loss":
            kw["defeats"] = t.defeats
    return Laws(
        numbers,
        tax,
        bonus,
        frozenset(ignore),
        frozenset(coin_pay),
        price=tuple(price),
        free=tuple(free),
        disabled=frozenset(disabled),
        **kw,  # type: ignore[arg-type]
    )


def laws_for(
    placed: tuple[tuple[int, int, int], ...], spaces: int, stamp: tuple[int, int], age: int
) -> Laws:
    """The laws of the tiles visible at the start of turn ``stamp`` (age, turn): placed in an
    earlier turn, among the last ``spaces`` of those (rules 3.3-3.4)."""
    before = [n for n, a, t in placed if (a, t) < stamp]
    return gather(tuple(before[-spaces:]), age)


# --- trade under the laws ----------------------------------------------------------------------


def _adjusted(city: City, laws: Laws) -> Stats:
    """The city's facts for trading under the laws (production, what it sells, prices)."""
    st = city_stats(city)
    fixed, sell = list(st.fixed), list(st.sell_fixed)
    choices, sell_ch = list(st.choices), list(st.sell_choices)
    pl, pr = list(st.price_left), list(st.price_right)
    for cid in city.built:
        card = CARDS[cid]
        eff = card.effect
        if NAME_ID[cid] in laws.disabled:  # tile 4: trading posts, markets, Caravansery, Forum
            if eff.discount is not None:
                pl, pr = [2] * 7, [2] * 7  # [E] prices back to the base game's
            if eff.choice and eff.choice in choices:
                choices.remove(eff.choice)
            continue
        if card.color != _BROWN:
            continue
        units = sum(eff.produce)
        if laws.no_double_brown and (units >= 2 or eff.choice):  # tile 3
            fixed = [a - b for a, b in zip(fixed, eff.produce, strict=True)]
            sell = [a - b for a, b in zip(sell, eff.produce, strict=True)]
            if eff.choice:
                choices.remove(eff.choice)
                sell_ch.remove(eff.choice)
        elif laws.unlimited and units == 1:  # tile 20
            r = eff.produce.index(1)
            fixed[r] += UNLIMITED
            sell[r] += UNLIMITED
    choices += laws.free  # tiles 17, 18, 21: not sold to neighbours [E]
    pl = [max(0, p + d) for p, d in zip(pl, laws.price, strict=True)]
    pr = [max(0, p + d) for p, d in zip(pr, laws.price, strict=True)]
    return with_trade(
        st, tuple(fixed), tuple(choices), tuple(sell), tuple(sell_ch), tuple(pl), tuple(pr)
    )


def trade_cities(state: State, laws: Laws) -> State:
    """``state`` whose cities carry their facts under the laws (for listing card moves)."""
    cities = []
    for c in state.cities:
        fake = tuple.__new__(City, tuple(c))
        fake.memo = _adjusted(c, laws)
        cities.append(fake)
    return state._replace(cities=tuple(cities))


# --- costs and gains of one move ---------------------------------------------------------------


def targets(move: Move, cid: int, chained: bool) -> tuple[str, ...]:
    """What a move builds, as tile targets: a colour, ``wonder_stage``, ``chain_build``."""
    if move.action == "wonder":
        return (_STAGE,)
    out = (COLORS[CARDS[cid].color],)
    return (*out, "chain_build") if chained else out


def tax_of(laws: Laws, move: Move, cid: int, chained: bool) -> int:
    return sum(laws.tax.get(t, 0) for t in targets(move, cid, chained))


def bonus_of(laws: Laws, move: Move, cid: int, chained: bool) -> int:
    return sum(laws.bonus.get(t, 0) for t in targets(move, cid, chained))


def units(cid: int) -> int:
    return sum(CARDS[cid].cost)


def coin_move(nid: int) -> Move:
    return make_move(COIN, nid)


def chain_move(nid: int) -> Move:
    return make_move(CHAIN, nid)
