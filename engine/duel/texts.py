"""Player-facing texts: card effects, card facts, move descriptions, prompts."""

from __future__ import annotations

from typing import Any

from engine import wording
from engine.common import IllegalMove
from engine.duel.costs import build_price, card_is_free, wonder_price
from engine.duel.data import (
    BOARD,
    CARD_INDEX,
    CARDS,
    COLOR_MASK,
    COLORS,
    RESOURCES,
    SYMBOLS,
    TOKEN_INDEX,
    TOKENS,
    WONDER_INDEX,
    WONDERS,
    CardDef,
)
from engine.duel.followups import ROMAN
from engine.duel.move import Move
from engine.duel.state import DESTROY, DRAFT, LIBRARY, MAUSOLEUM, OVER, PLAY, START, TOKEN, State
from engine.duel.views import DuelView

__all__ = [
    "card_info",
    "card_names",
    "describe_move",
    "effect_text",
    "price",
    "prompt",
    "res",
    "token_info",
    "token_names",
    "wonder_info",
    "wonder_names",
]

_DISCARD = (BOARD.discard_coins["base"], BOARD.discard_coins["per_yellow"])
_YELLOW = COLORS.index("yellow")


def res(vec: tuple[int, ...]) -> dict[str, int]:
    return {RESOURCES[r]: q for r, q in enumerate(vec) if q}


def _units(vec: tuple[int, ...]) -> str:
    return ", ".join(f"{q} {RESOURCES[r]}" for r, q in enumerate(vec) if q)


def _kind(k: int) -> str:
    return {-1: "Wonder", -2: "3 coins"}.get(k, f"{COLORS[k]} card")


def effect_text(c: CardDef) -> str:
    """Short text of a card's effect, e.g. '2 wood' or '3 VP, 2 coins per brown card'."""
    parts: list[str] = []
    if any(c.produce):
        parts.append(_units(c.produce))
    if c.choice:
        parts.append("one of " + "/".join(RESOURCES[r] for r in range(5) if c.choice >> r & 1))
    if c.fixed:
        bought = " and ".join(RESOURCES[r] for r in range(5) if c.fixed >> r & 1)
        parts.append(f"buy {bought} for 1 coin")
    if c.vp and not c.guild_vp:
        parts.append(f"{c.vp} VP")
    if c.shields:
        parts.append(wording.count(c.shields, "shield"))
    if c.science >= 0:
        parts.append(f"science: {SYMBOLS[c.science]}")
    if c.gain:
        parts.append(wording.coins(c.gain))
    if c.per_each:
        parts.append(f"{wording.coins(c.per_each)} per {_kind(c.per_kind)}")
    if c.guild_vp:
        what = " or ".join(_kind(k) for k in c.guild_kinds)
        coins = f"{c.guild_coins} coin and " if c.guild_coins else ""
        parts.append(f"{coins}{c.guild_vp} VP per {what} in the city with the most")
    return ", ".join(parts) or "no effect"


def card_names() -> list[str]:
    """Display names of the 73 building cards, sorted."""
    return sorted(c.name for c in CARDS)


def _find(name: str) -> CardDef:
    key = name.strip().lower()
    for c in CARDS:
        if key in (c.name.lower(), c.key):
            return c
    raise KeyError(name)


def card_info(name: str) -> dict[str, Any]:
    """Facts of a card by display name or id (raises ``KeyError`` when unknown)."""
    c = _find(name)
    return {
        "name": c.name,
        "key": c.key,
        "age": c.age,
        "color": COLORS[c.color],
        "cost": res(c.cost),
        "coins": c.coins,
        "chain": c.chain,
        "free_with": c.free_with,
        "effect": effect_text(c),
    }


def wonder_names() -> list[str]:
    """Display names of the 12 wonders, sorted."""
    return sorted(w.name for w in WONDERS)


def wonder_info(name: str) -> dict[str, Any]:
    """Facts of a wonder by display name or id (raises ``KeyError`` when unknown)."""
    key = name.strip().lower()
    w = next((w for w in WONDERS if key in (w.name.lower(), w.key)), None)
    if w is None:
        raise KeyError(name)
    vp = [f"{w.vp} VP"] if w.vp else []
    return {"name": w.name, "key": w.key, "cost": res(w.cost), "effect": "; ".join([*vp, w.text])}


def token_names() -> list[str]:
    """Display names of the 10 progress tokens, sorted."""
    return sorted(t.name for t in TOKENS)


def token_info(name: str) -> dict[str, Any]:
    """Facts of a progress token by display name or id (raises ``KeyError`` when unknown)."""
    key = name.strip().lower()
    t = next((t for t in TOKENS if key in (t.name.lower(), t.key)), None)
    if t is None:
        raise KeyError(name)
    return {"name": t.name, "key": t.key, "effect": t.text}


def price(state: State, seat: int, move: Move) -> int:
    """Coins ``move`` costs ``seat`` now (0 for a discard, a chain or a follow-up choice)."""
    if move.action not in ("build", "wonder"):
        return 0
    if not 0 <= move.slot < 20 or not state.access >> move.slot & 1:
        raise IllegalMove(f"The card at index {move.slot} cannot be taken now.")
    if move.action == "build":
        return build_price(state, seat, state.pyramid[move.slot])[0]
    if move.key not in WONDER_INDEX:
        raise IllegalMove(f"Unknown wonder {move.key!r}.")
    return wonder_price(state, seat, WONDER_INDEX[move.key])


_coins = wording.coins


def _slot_card(view_or_state: object, slot: int) -> tuple[str, int | None, bool]:
    """(card name, viewer's price, chain) of a pyramid slot from a DuelView or a State."""
    if isinstance(view_or_state, DuelView):
        for s in view_or_state.pyramid:
            if s.index == slot and s.card is not None:
                return s.card.name, s.price, s.chain
        return f"card {slot}", None, False
    if isinstance(view_or_state, State) and view_or_state.pyramid and view_or_state.phase == PLAY:
        st = view_or_state
        card = st.pyramid[slot]
        return (
            CARDS[card].name,
            build_price(st, st.player, card)[0],
            card_is_free(st, st.player, card),
        )
    return f"card {slot}", None, False


def describe_move(view_or_state: object, move: Move) -> str:
    """One line for a move, e.g. 'Build Lumber Yard (1 coin)' or 'Take Law'."""
    a = move.action
    if a in ("build", "discard", "wonder"):
        name, cost, chain = _slot_card(view_or_state, move.slot)
        if a == "build":
            tail = "chain" if chain else "free" if cost == 0 else _coins(cost) if cost else ""
            return f"Build {name}" + (f" ({tail})" if tail else "")
        if a == "discard":
            gain = _discard_gain(view_or_state)
            return f"Discard {name}" + (f" for {_coins(gain)}" if gain is not None else "")
        w = WONDERS[WONDER_INDEX[move.key]] if move.key in WONDER_INDEX else None
        wname = w.name if w else move.key
        wcost = _wonder_cost(view_or_state, move.key)
        price = ("free" if wcost == 0 else _coins(wcost)) if wcost is not None else ""
        return f"Build {wname} with {name}" + (f" ({price})" if price else "")
    if a in ("pick", "token"):
        table = WONDERS if a == "pick" else TOKENS
        index = WONDER_INDEX if a == "pick" else TOKEN_INDEX
        return f"Take {table[index[move.key]].name}" if move.key in index else f"Take {move.key}"
    if a in ("destroy", "revive"):
        cname = CARDS[CARD_INDEX[move.key]].name if move.key in CARD_INDEX else move.key
        return f"Destroy {cname}" if a == "destroy" else f"Build {cname} from the discard pile"
    return f"Seat {move.key} begins the next Age"


def _discard_gain(view_or_state: object) -> int | None:
    """Coins the acting seat gets for a discard: 2 + its yellow cards (None if unknown)."""
    if isinstance(view_or_state, DuelView) and view_or_state.to_act is not None:
        city = view_or_state.cities[view_or_state.to_act]
        return _DISCARD[0] + _DISCARD[1] * sum(1 for c in city.built if c.color == "yellow")
    if isinstance(view_or_state, State) and view_or_state.player >= 0:
        yellow = view_or_state.masks[view_or_state.player] & COLOR_MASK[_YELLOW]
        return _DISCARD[0] + _DISCARD[1] * yellow.bit_count()
    return None


def _wonder_cost(view_or_state: object, key: str) -> int | None:
    if isinstance(view_or_state, DuelView) and view_or_state.seat is not None:
        for wv in view_or_state.cities[view_or_state.seat].wonders:
            if wv.key == key:
                return wv.price
    if isinstance(view_or_state, State) and key in WONDER_INDEX and view_or_state.player >= 0:
        return wonder_price(view_or_state, view_or_state.player, WONDER_INDEX[key])
    return None


def prompt(state: State) -> str:
    """What the acting seat must do now."""
    p = state.phase
    who = f"Seat {state.player}"
    if p == DRAFT:
        return f"{who}: pick a wonder."
    if p == PLAY:
        return f"{who}: take an accessible card to build, discard or build a wonder with."
    if p == TOKEN:
        return f"{who}: you completed a science pair; choose a progress token."
    if p == LIBRARY:
        return f"{who}: choose one of the progress tokens drawn by The Great Library."
    if p == DESTROY:
        return f"{who}: choose an opponent's {COLORS[state.ruin]} card to destroy."
    if p == MAUSOLEUM:
        return f"{who}: choose a discarded card to build for free (The Mausoleum)."
    if p == START:
        return f"{who}: choose who begins Age {ROMAN[state.age + 1]}."
    assert p == OVER
    return "The game is over."
