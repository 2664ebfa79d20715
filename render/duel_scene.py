"""The Duel image's own model: what the board picture shows, independent of view field names.

``render.duel_adapt`` fills it from ``engine.duel`` views; ``render.duel`` draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from render.duel_parts import Slot

__all__ = ["CityScene", "DuelScene", "Option", "WonderScene"]


@dataclass(frozen=True)
class WonderScene:
    name: str
    built: bool = False
    effect: str = ""
    cost: str = ""
    price: str = ""  # the viewer's price ("4 coins", "can't afford"): private images only
    affordable: bool | None = None  # None: no price shown
    out: bool = False  # left the game unbuilt (the 7-Wonder limit)


@dataclass(frozen=True)
class Option:
    """One choice on offer in a special phase: a token, a card to destroy or revive, a seat."""

    label: str
    detail: str = ""
    color: str = ""  # card colour; "" for tokens and other choices


@dataclass(frozen=True)
class CityScene:
    seat: int
    coins: int = 7
    wonders: list[WonderScene] = field(default_factory=list)
    cards: list[tuple[str, str]] = field(default_factory=list)  # (name, colour)
    tokens: list[str] = field(default_factory=list)  # progress tokens owned
    science: list[str] = field(default_factory=list)  # distinct symbols owned
    production: dict[str, int] = field(default_factory=dict)
    choices: list[list[str]] = field(default_factory=list)
    vp: int | None = None
    trade: str = ""  # what this seat pays the bank per resource (private images only)


@dataclass(frozen=True)
class DuelScene:
    age: int
    phase: str  # "draft", "play", "over" or an engine phase name shown as is
    to_act: int | None
    prompt: str = ""  # what the acting seat must do now, e.g. "choose a progress token"
    slots: list[Slot] = field(default_factory=list)
    pawn: int = 0  # -9..9, +9 = seat 1's capital
    loot: dict[int, bool] = field(default_factory=dict)
    progress: list[str] = field(default_factory=list)  # tokens on the board
    cities: list[CityScene] = field(default_factory=list)
    offer: list[WonderScene] = field(default_factory=list)  # draft: wonders on offer
    viewer: int | None = None
    discard: int = 0
    events: list[str] = field(default_factory=list)
    private: bool = False  # a seat's own image (prices and its choices), not the public board
    panel_title: str = ""  # the choice on offer in a special phase
    options: list[Option] = field(default_factory=list)
    result: str = ""  # game over: who won and how
