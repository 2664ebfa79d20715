"""Hand-built ``engine.duel`` views for adapter tests (no engine run needed)."""

from __future__ import annotations

from typing import Any

from engine.common import Event, Outcome, Score
from engine.duel.views import (
    CardRef,
    DuelCityView,
    DuelMoveView,
    DuelView,
    LootView,
    SlotView,
    TokenView,
    WonderView,
)

__all__ = ["HIDDEN", "LIBRARY", "make_view"]

HIDDEN = "Secret Palace"  # a name that must never be drawn: it sits on face-down slots
LIBRARY = ("Philosophy", "Mathematics", "Masonry")

_ROWS = [[5, 7], [4, 6, 8], [3, 5, 7, 9], [2, 4, 6, 8, 10], [1, 3, 5, 7, 9, 11]]
_FACE_UP_ROWS = (0, 2, 4)
_CARDS = [
    CardRef(key="lumber_yard", name="Lumber Yard", color="brown"),
    CardRef(key="baths", name="Baths", color="blue"),
    CardRef(key="tavern", name="Tavern", color="yellow"),
    CardRef(key="garrison", name="Garrison", color="red"),
    CardRef(key="workshop", name="Workshop", color="green"),
    CardRef(key="press", name="Press", color="grey"),
]


def _pyramid() -> list[SlotView]:
    out = []
    i = 0
    for r, row in enumerate(_ROWS):
        for col in row:
            up = r in _FACE_UP_ROWS
            card = _CARDS[i % len(_CARDS)]
            # face-down slots carry a card anyway: the renderer must not trust that
            secret = CardRef(key="palace", name=HIDDEN, color="blue")
            front = r == len(_ROWS) - 1
            out.append(
                SlotView(
                    index=i,
                    row=r,
                    col=col,
                    taken=front and col == 11,
                    face_up=up,
                    back="age1",
                    card=card if up else secret,
                    accessible=front and col != 11,
                    price={0: 0, 1: 3, 2: None, 3: None}.get(i % 4) if front else None,
                    chain=front and col == 9,
                )
            )
            i += 1
    return out


def _wonders(seat: int) -> list[WonderView]:
    names = ["The Pyramids", "The Sphinx"] if seat == 0 else ["Piraeus", "The Colossus"]
    return [
        WonderView(
            key=n.lower().replace(" ", "_"),
            name=n,
            cost={"stone": 2, "glass": 1},
            vp=4,
            text="play again",
            built=k == 1,
            price=5 if k == 0 else None,
        )
        for k, n in enumerate(names)
    ]


def _city(seat: int) -> DuelCityView:
    return DuelCityView(
        seat=seat,
        coins=7 + seat,
        built=_CARDS[seat : seat + 2],
        wonders=_wonders(seat),
        tokens=[TokenView(key="law", name="Law", text="scale")],
        science=["scale"],
        production={"wood": 1},
        choices=[["glass", "papyrus"]],
        trade_prices={"wood": 2, "stone": 3, "clay": 2, "glass": 2, "papyrus": 2},
        shields=1,
    )


def make_view(
    seat: int | None = 0, phase: str = "play", to_act: int | None = 0, **extra: Any
) -> DuelView:
    """A plausible Age I position; ``extra`` overrides any DuelView field."""
    moves: list[DuelMoveView] = []
    if phase == "destroy":
        moves = [
            DuelMoveView(move="destroy:press", action="destroy", card="Press", text="Discard Press")
        ]
    elif phase == "mausoleum":
        moves = [
            DuelMoveView(move="revive:altar", action="revive", card="Altar", text="Build Altar")
        ]
    elif phase == "start":
        moves = [
            DuelMoveView(move=f"start:{s}", action="start", text=f"Seat {s} starts Age II")
            for s in (0, 1)
        ]
    fields: dict[str, Any] = dict(
        rules_version="test",
        seat=seat,
        age=1,
        phase=phase,
        to_act=to_act,
        prompt="choose a card",
        pyramid=_pyramid(),
        pawn=2,
        loot=[
            LootView(victim=1, coins=2, zone=(3, 5), available=True),
            LootView(victim=1, coins=5, zone=(6, 8), available=True),
            LootView(victim=0, coins=2, zone=(-5, -3), available=False),
            LootView(victim=0, coins=5, zone=(-8, -6), available=True),
        ],
        progress_board=[
            TokenView(key="economy", name="Economy", text="trading coins"),
            TokenView(key="strategy", name="Strategy", text="+1 shield on red"),
        ],
        library_offer=[TokenView(key=k.lower(), name=k, text=f"{k} effect") for k in LIBRARY]
        if phase == "library" and seat == to_act
        else [],
        cities=[_city(0), _city(1)],
        discard=[CardRef(key="altar", name="Altar", color="blue")],
        wonders_built=2,
        legal_moves=moves if seat == to_act else [],
        last_events=[
            Event(kind="build", text="Seat 0 built Baths"),
            Event(kind="draw", text="Seat 1 drew Zeta", visible_to=frozenset({1})),
        ],
        scores=[Score(civilian=3, total=3), Score(total=1)],
    )
    fields.update(extra)
    return DuelView(**fields)


def outcome(victory: str = "science") -> Outcome:
    return Outcome(
        scores=[Score(science=4, total=20), Score(total=18)], winners=[0], victory=victory
    )
