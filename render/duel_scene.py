"""The Duel image's own model: what the board picture shows, independent of view field names.

``render.duel_adapt`` fills it from ``engine.duel`` views; ``render.duel`` draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from render.duel_parts import Slot

__all__ = ["CityScene", "DuelScene", "WonderScene"]


@dataclass(frozen=True)
class WonderScene:
    name: str
    built: bool = False
    effect: str = ""
    cost: str = ""


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
