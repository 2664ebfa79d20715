"""Duel move values in VP-equivalents for one side (``Side``: a city, its rival, the pawn sign).

The same functions value the viewer's moves and, with the roles swapped, what the opponent could
do next (denial and supremacy threats in ``duel_eval``). ``greedy=True`` keeps only what scores
now: printed VP, military and science as if the game ended now, treasury, supremacy wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.ai.duel_facts import CARD, CHAIN_TARGETS, WONDER, City, colour, symbol
from engine.duel.data import COLORS, RESOURCES, CardDef

__all__ = [
    "WIN",
    "Side",
    "card_value",
    "mil_vp",
    "pawn_value",
    "prod_value",
    "science_value",
    "token_value",
    "wonder_value",
]

WIN = 1000.0
_SCI_POT = (0.0, 0.6, 1.6, 3.2, 5.8, 9.5)  # convex: the 5th distinct symbol is a real threat
_CAP = {"wood": 3, "stone": 3, "clay": 3, "glass": 2, "papyrus": 2}
_USES = {1: 2.4, 2: 1.3, 3: 0.25}  # expected future purchases of one unit, by age
_PRESSURE = {5: 1.0, 6: 2.0, 7: 3.5, 8: 6.0}
_EXTRA_TURN = {1: 3.0, 2: 3.0, 3: 2.5}
_TOKEN_BASE = {"economy": (3.0, 2.0, 0.8), "masonry": (3.0, 2.5, 1.2), "strategy": (4.0, 3.0, 1.5)}


@dataclass
class Side:
    """``me`` moves; ``d`` = +1 if ``me`` pushes the pawn toward +9, else -1."""

    me: City
    opp: City
    d: int
    age: int
    pawn: int
    loot: list[Any]  # LootView
    board: list[str]  # progress tokens on the board
    nbuilt: int  # wonders built in total
    greedy: bool = False

    @property
    def wc(self) -> float:
        """VP worth of a coin: more while coins still buy cards, 1/3 at the end."""
        return 1 / 3 if self.greedy else {1: 0.5, 2: 0.42, 3: 0.35}[self.age]


def mil_vp(x: int) -> int:
    return 10 if x >= 6 else 5 if x >= 3 else 2 if x >= 1 else 0


def pawn_value(x: int, greedy: bool) -> float:
    """Worth of the pawn at distance ``x`` toward the rival capital (negative: toward ours)."""
    if x >= 9:
        return WIN
    if x <= -9:
        return -WIN
    v = float(mil_vp(x) - mil_vp(-x))
    if not greedy:
        v += _PRESSURE.get(x, 0.0) - _PRESSURE.get(-x, 0.0) + 0.3 * x
    return v


def _military(s: Side, shields: int) -> float:
    if shields <= 0:
        return 0.0
    x0 = s.pawn * s.d
    x1 = min(9, x0 + shields)
    v = pawn_value(x1, s.greedy) - pawn_value(x0, s.greedy)
    if x1 >= 9:
        return WIN
    lost = 0
    for lt in s.loot:
        if lt.available and lt.victim == s.opp.seat and x1 >= min(abs(z) for z in lt.zone):
            lost += min(lt.coins, s.opp.coins - lost)
    return (
        v
        + lost * (s.wc if not s.greedy else 0.0)
        + ((s.opp.coins // 3 - (s.opp.coins - lost) // 3) if s.greedy else 0.0)
    )


def science_value(s: Side, sym: str | None) -> float:
    """A new symbol moves the supremacy race; a pair takes the best progress token."""
    if sym is None:
        return 0.0
    have = s.me.symbols
    if sym not in have:
        n = len(have) + 1
        if n >= 6:
            return WIN
        return 0.0 if s.greedy else _SCI_POT[n] - _SCI_POT[n - 1]
    if not s.board:
        return 0.0
    return max(token_value(s, t) for t in s.board)


def token_value(s: Side, key: str) -> float:
    me = s.me
    if key == "law":
        if "scale" in me.symbols:
            return 0.0
        n = len(me.symbols) + 1
        return WIN if n >= 6 else (0.0 if s.greedy else _SCI_POT[n] - _SCI_POT[n - 1] + 0.5)
    if key == "philosophy":
        return 7.0
    if key == "agriculture":
        return 4.0 + 6 * s.wc
    if key == "mathematics":
        return 3.0 * (len(me.tokens) + 1) + (0.0 if s.greedy else (2.0 if s.age < 3 else 0.5))
    if s.greedy:
        return 6 * s.wc if key == "urbanism" else 0.0
    age = s.age
    if key in _TOKEN_BASE:
        v = _TOKEN_BASE[key][age - 1]
        if key == "strategy" and abs(s.pawn) >= 3:
            v += 1.5
        return v
    buildable = min(len(me.unbuilt), max(0, 7 - s.nbuilt))
    if key == "architecture":
        return 1.3 * buildable
    if key == "theology":
        return 2.2 * sum(1 for w in me.unbuilt[:buildable] if not WONDER[w].play_again)
    if key == "urbanism":
        return 6 * s.wc + 4 * s.wc * {1: 2.0, 2: 1.2, 3: 0.4}[age]
    return 1.0


def _unit_value(s: Side, r: str, extra: int) -> float:
    """Worth of one more unit of ``r`` (``extra`` units already added by the same card)."""
    me = s.me
    have = me.production.get(r, 0) + extra
    uses = _USES[s.age]
    own = 0.0
    if have < _CAP[r]:
        own = uses * me.trade[r] * s.wc * (1.0, 0.6, 0.3)[min(have, 2)]
        need = max((WONDER[w].cost[RESOURCES.index(r)] for w in me.unbuilt), default=0)
        if need > have:
            own += 0.5
    # Every unit we produce makes the rival pay one more coin for it (unless it has a reserve).
    deny = 0.0 if s.opp.trade[r] <= 1 else 0.45 * uses * s.wc
    return own + deny


def prod_value(s: Side, c: CardDef) -> float:
    """Production, choice production and fixed trading prices, by what they save."""
    v = 0.0
    for i, r in enumerate(RESOURCES):
        for k in range(c.produce[i]):
            v += _unit_value(s, r, k)
    if c.choice:
        v += 1.1 * max(_unit_value(s, r, 0) for i, r in enumerate(RESOURCES) if c.choice >> i & 1)
    if c.fixed:
        for i, r in enumerate(RESOURCES):
            if c.fixed >> i & 1:
                v += max(0, s.me.trade[r] - 1) * _USES[s.age] * s.wc * 0.9
    return v


def _count(city: City, kind: int) -> int:
    if kind >= 0:
        return city.colours.get(COLORS[kind], 0)
    if kind == -1:
        return city.n_wonders
    return city.coins // 3


def card_value(s: Side, key: str, price: int, tuck: bool = False) -> float:
    """Worth for ``s.me`` of building card ``key`` for ``price`` coins."""
    c = CARD[key]
    col = colour(c)
    v = float(c.vp)
    me = s.me
    gain = c.gain
    if c.per_each:
        gain += c.per_each * (_count(me, c.per_kind) + (1 if c.per_kind == c.color else 0))
    if c.guild_kinds:
        best = max(sum(_count(x, k) for k in c.guild_kinds) for x in (s.me, s.opp))
        gain += c.guild_coins * best
        v += c.guild_vp * best
    coins = gain - price
    if s.greedy:
        v += (me.coins + coins) // 3 - me.coins // 3
    else:
        v += coins * s.wc
        if price == 0 and c.free_with and "urbanism" in me.tokens:
            v += 4 * s.wc
    if c.shields:
        v += _military(s, c.shields + (1 if "strategy" in me.tokens else 0))
    v += science_value(s, symbol(c))
    if s.greedy or v >= WIN:
        return v
    if col in ("brown", "grey", "yellow"):
        v += prod_value(s, c)
    if col == "yellow":
        v += 0.35 * {1: 3, 2: 2, 3: 1}[s.age]  # richer discards later
    if c.chain and s.age < 3:
        targets = [t for t in CHAIN_TARGETS.get(c.chain, ()) if t not in me.built]
        v += (1.3 if s.age == 1 else 0.9) * min(1, len(targets))
    if col == "purple" and s.age == 3:
        v += 0.5 * c.guild_vp
    return v


def wonder_value(
    s: Side, key: str, price: int, cards_left: int, best_discard: float = 0.0
) -> float:
    """Worth of building wonder ``key`` (the tucked card is handled by the caller)."""
    w = WONDER[key]
    v = float(w.vp)
    me = s.me
    coins = w.coins - price
    if s.greedy:
        v += (me.coins + coins) // 3 - me.coins // 3
        if w.opponent_loses:
            lost = min(w.opponent_loses, s.opp.coins)
            v += s.opp.coins // 3 - (s.opp.coins - lost) // 3
        return v + (_military(s, w.shields) if w.shields else 0.0)
    v += coins * s.wc + min(w.opponent_loses, s.opp.coins) * s.wc
    if w.shields:
        v += _military(s, w.shields)
    if (w.play_again or "theology" in me.tokens) and cards_left > 0:
        v += _EXTRA_TURN[s.age]
    if w.choice:
        v += 1.1 * max(_unit_value(s, r, 0) for i, r in enumerate(RESOURCES) if w.choice >> i & 1)
    if w.library:
        v += 3.0
    if w.from_discard:
        v += best_discard
    if w.destroy >= 0:
        v += 1.5 if s.opp.colours.get(COLORS[w.destroy], 0) else 0.0
    if s.nbuilt == 6:  # the 7th wonder sends the rival's last unbuilt one away
        v += 1.0 * sum(1 for x in s.opp.unbuilt if x != key)
    return v
