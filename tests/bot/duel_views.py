"""Hand-built ``DuelView``s (the contract models of engine/duel/views.py) for prompt tests
that need exact situations: affordable / unaffordable cards, several wonders, special phases."""

from __future__ import annotations

from engine.duel.data import CARD_INDEX
from engine.duel.present import card_ref
from engine.duel.views import (
    CardRef,
    DuelCityView,
    DuelMoveView,
    DuelView,
    SlotView,
    TokenView,
    WonderView,
)

__all__ = ["play_view", "special_view"]

_CARDS = [
    ("lumber_yard", "Lumber Yard", "brown"),
    ("baths", "Baths", "blue"),
    ("tavern", "Tavern", "yellow"),
    ("workshop", "Workshop", "green"),
]


def _wonder(key: str, price: int | None, built: bool = False) -> WonderView:
    return WonderView(
        key=key,
        name=key.replace("_", " ").title(),
        cost={"stone": 2},
        vp=3,
        text="3 VP",
        built=built,
        price=price,
    )


def _city(seat: int, coins: int, wonders: list[WonderView]) -> DuelCityView:
    return DuelCityView(
        seat=seat,
        coins=coins,
        built=[CardRef(key="tavern", name="Tavern", color="yellow")],
        wonders=wonders,
        tokens=[],
        science=[],
        production={},
        choices=[],
        trade_prices={},
        shields=0,
    )


def _slot(index: int, accessible: bool, price: int | None, chain: bool = False) -> SlotView:
    key, name, color = _CARDS[index % len(_CARDS)]
    return SlotView(
        index=index,
        row=index // 5,
        col=index % 5,
        taken=False,
        face_up=True,
        back="age1",
        card=card_ref(CARD_INDEX[key]),
        accessible=accessible,
        price=price,
        chain=chain,
    )


def play_view(wonder_prices: tuple[int | None, ...] = (3, 0, None, None)) -> DuelView:
    """Seat 0 to play: slots 15..19 accessible (17 unaffordable, 18 free by chain)."""
    prices = {15: 1, 16: 0, 17: None, 18: 0, 19: 4}
    pyramid = [_slot(i, i >= 15, prices.get(i), chain=i == 18) for i in range(20)]
    wonders = [
        _wonder(k, p)
        for k, p in zip(
            ("the_pyramids", "the_colossus", "piraeus", "the_sphinx"), wonder_prices, strict=True
        )
    ]
    moves = []
    for slot in (15, 16, 17, 18, 19):
        if prices[slot] is not None:
            moves.append(
                DuelMoveView(
                    move=f"build:{slot}",
                    action="build",
                    slot=slot,
                    card="x",
                    price=prices[slot] or 0,
                    text=f"Build {slot}",
                )
            )
        moves.append(
            DuelMoveView(
                move=f"discard:{slot}",
                action="discard",
                slot=slot,
                card="x",
                text=f"Discard {slot} for 3 coins",
            )
        )
        for w in wonders:
            if w.price is not None:
                moves.append(
                    DuelMoveView(
                        move=f"wonder:{slot}:{w.key}",
                        action="wonder",
                        slot=slot,
                        wonder=w.name,
                        price=w.price,
                        text=f"Build {w.name} with card {slot}",
                    )
                )
    return DuelView(
        rules_version="test",
        seat=0,
        age=1,
        phase="play",
        to_act=0,
        prompt="Take a card",
        pyramid=pyramid,
        pawn=0,
        loot=[],
        progress_board=[],
        cities=[_city(0, 6, wonders), _city(1, 7, [])],
        discard=[],
        wonders_built=0,
        legal_moves=moves,
    )


def special_view(phase: str, options: int) -> DuelView:
    """Seat 1 must choose among ``options`` progress tokens (any non-play phase looks alike)."""
    tokens = [TokenView(key=f"token_{i}", name=f"Token {i}", text="+1") for i in range(options)]
    moves = [
        DuelMoveView(move=f"token:{t.key}", action="token", token=t.name, text=f"Take {t.name}")
        for t in tokens
    ]
    return DuelView(
        rules_version="test",
        seat=1,
        age=2,
        phase=phase,  # type: ignore[arg-type]
        to_act=1,
        prompt="Choose a progress token",
        pawn=0,
        loot=[],
        progress_board=tokens,
        cities=[_city(0, 6, []), _city(1, 7, [])],
        discard=[],
        wonders_built=0,
        legal_moves=moves,
    )
