"""Effects of building cards, Wonders and Progress tokens on a mutable state copy (rules.md §7–11).

Every function appends its events to the list it is given; supremacy sets ``victory``/``winner``
and the caller stops resolving further effects.
"""

from __future__ import annotations

from engine import wording
from engine.common import Event
from engine.duel import events as E
from engine.duel.data import (
    BOARD,
    CARDS,
    COLOR_MASK,
    COLORS,
    SCIENCE_MASK,
    SYMBOLS,
    TOKEN_INDEX,
    TOKENS,
)
from engine.duel.events import ev, lose_text
from engine.duel.state import (
    F_BOARD,
    F_BUILT,
    F_COINS,
    F_LOOT,
    F_MASKS,
    F_PAWN,
    F_TOKENS,
    F_VICTORY,
    F_WAGE,
    F_WINNER,
    F_WONDERS,
    OUT,
    Cells,
    add_coins,
    put,
)

__all__ = [
    "CARD_BIT",
    "ECONOMY",
    "LAW",
    "ONE_CARD",
    "PLAIN_MASK",
    "STRATEGY",
    "THEOLOGY",
    "URBANISM",
    "construct",
    "count_kind",
    "ev",
    "gain_token",
    "military",
    "pay",
    "symbols_of",
    "wonders_built",
]

ECONOMY = 1 << TOKEN_INDEX["economy"]
LAW = 1 << TOKEN_INDEX["law"]
STRATEGY = 1 << TOKEN_INDEX["strategy"]
THEOLOGY = 1 << TOKEN_INDEX["theology"]
URBANISM = 1 << TOKEN_INDEX["urbanism"]
RED = COLORS.index("red")
YELLOW = COLORS.index("yellow")
_CAPITAL = BOARD.military.capital
# (loot bit, victim, threshold as distance from the centre, coins) for each pushing seat.
_LOOT: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((1 << (2 * seat + k), t.from_, t.coins) for k, t in enumerate(BOARD.military.loot))
    for seat in (0, 1)
)
_SCALE = SYMBOLS.index("scale")
CARD_BIT: tuple[int, ...] = tuple(1 << c.id for c in CARDS)  # (table reads: no new long ints)
ONE_CARD: tuple[tuple[int], ...] = tuple((c.id,) for c in CARDS)  # (card,), made once
# Cards whose building only adds them to the city (no coins, shields or science symbol).
PLAIN_MASK = sum(
    1 << c.id
    for c in CARDS
    if c.science < 0 and not (c.gain or c.per_each or c.guild_coins or c.shields)
)


def wonders_built(w: Cells, seat: int) -> int:
    wage = w[F_WAGE]
    return sum(1 for x in w[F_WONDERS][seat] if 0 < wage[x] < OUT)


def count_kind(w: Cells, seat: int, kind: int) -> int:
    """What a guild or a yellow card counts in one city: a colour, Wonders, or sets of 3 coins."""
    if kind >= 0:
        mask: int = w[F_MASKS][seat]
        return (mask & COLOR_MASK[kind]).bit_count()
    if kind == -1:
        return wonders_built(w, seat)
    coins: int = w[F_COINS][seat]
    return coins // 3


def symbols_of(masks: int, tokens: int) -> int:
    """Number of different scientific symbols (Law's scale included)."""
    n = 1 if tokens & LAW else 0
    for m in SCIENCE_MASK:
        if m & masks:
            n += 1
    return n


def pay(w: Cells, seat: int, total: int, trade: int, events: list[Event]) -> None:
    """Pay ``total`` coins; the ``trade`` part goes to an opponent holding Economy (§9)."""
    add_coins(w, seat, -total)
    other = 1 - seat
    if trade and w[F_TOKENS][other] & ECONOMY:
        add_coins(w, other, trade)
        events.append(
            E.once(
                ("economy", other, trade),
                lambda: ev(
                    "economy",
                    f"Seat {other} receives {wording.coins(trade)} (Economy).",
                    seat=other,
                    coins=trade,
                ),
            )
        )


def _lose(w: Cells, victim: int, coins: int) -> int:
    lost: int = min(coins, w[F_COINS][victim])
    add_coins(w, victim, -lost)
    return lost


def _loot(victim: int, lost: int, token: int) -> Event:
    return E.once(
        ("loot", victim, lost, token),
        lambda: ev(
            "loot",
            lose_text(victim, lost, " (military token)"),
            seat=victim,
            coins=lost,
            token=token,
        ),
    )


def military(w: Cells, seat: int, shields: int, events: list[Event]) -> None:
    """Move the pawn; loot every token entered on the way; reaching the capital wins (§7)."""
    d = 1 if seat == 0 else -1
    pawn = max(-_CAPITAL, min(_CAPITAL, w[F_PAWN] + d * shields))
    w[F_PAWN] = pawn
    events.append(E.military(seat, pawn, shields))
    reach = pawn * d
    for bit, threshold, coins in _LOOT[seat]:
        if reach >= threshold and w[F_LOOT] & bit:
            w[F_LOOT] &= ~bit
            lost = _lose(w, 1 - seat, coins)
            events.append(_loot(1 - seat, lost, coins))
    if reach >= _CAPITAL:
        w[F_VICTORY], w[F_WINNER] = 2, seat
        events.append(
            ev("victory", f"Seat {seat} wins by military supremacy.", seat=seat, victory="military")
        )


def _science_check(w: Cells, seat: int, events: list[Event]) -> None:
    if symbols_of(w[F_MASKS][seat], w[F_TOKENS][seat]) >= 6:
        w[F_VICTORY], w[F_WINNER] = 3, seat
        events.append(
            ev(
                "victory",
                f"Seat {seat} wins by scientific supremacy.",
                seat=seat,
                victory="science",
            )
        )


def gain_token(w: Cells, seat: int, token: int, events: list[Event]) -> None:
    t = TOKENS[token]
    put(w, F_TOKENS, seat, w[F_TOKENS][seat] | 1 << token)
    if t.coins:
        add_coins(w, seat, t.coins)
    events.append(
        E.once(
            ("token", seat, token),
            lambda: ev("token", f"Seat {seat} takes {t.name}.", seat=seat, token=t.key),
        )
    )
    if (1 << token) & LAW:
        _science_check(w, seat, events)


def construct(w: Cells, seat: int, card: int, events: list[Event]) -> bool:
    """Add ``card`` to the seat's city with its effects; True when it completes a science pair."""
    c = CARDS[card]
    masks, built = w[F_MASKS], w[F_BUILT]
    had = masks[seat]
    pair = c.science >= 0 and bool(had & SCIENCE_MASK[c.science])
    now = had | CARD_BIT[card]
    if seat == 0:  # hot path: the two pairs are rebuilt directly (no put() call)
        w[F_MASKS], w[F_BUILT] = (now, masks[1]), (built[0] + ONE_CARD[card], built[1])
    else:
        w[F_MASKS], w[F_BUILT] = (masks[0], now), (built[0], built[1] + ONE_CARD[card])
    gain = c.gain
    if c.per_each:  # counted after adding the card: the Lighthouse counts itself (§11)
        gain += c.per_each * count_kind(w, seat, c.per_kind)
    if c.guild_coins:
        gain += c.guild_coins * max(sum(count_kind(w, s, k) for k in c.guild_kinds) for s in (0, 1))
    if gain:
        add_coins(w, seat, gain)
        events.append(E.coins(seat, gain))
    if c.shields:
        extra = 1 if c.color == RED and w[F_TOKENS][seat] & STRATEGY else 0
        military(w, seat, c.shields + extra, events)
    elif c.science >= 0:
        _science_check(w, seat, events)
    return pair and not w[F_VICTORY] and bool(w[F_BOARD])
