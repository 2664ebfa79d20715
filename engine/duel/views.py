"""Pydantic view models of a Duel game, as one seat (or a spectator) may see it.

These are the shapes the renderer, the AI and the bot read. Field names are a contract: grep
``render/``, ``engine/ai/`` and ``bot/`` before renaming anything. Card, wonder and token ``key``s
are the snake_case ids of ``engine/duel/data/*.yaml``; ``name``s are display names.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.common import Event, Outcome, Score

__all__ = [
    "CardRef",
    "DuelCityView",
    "DuelMoveView",
    "DuelView",
    "LootView",
    "Phase",
    "SlotView",
    "TokenView",
    "WonderView",
]

Phase = Literal["draft", "play", "token", "library", "destroy", "mausoleum", "start", "over"]


class _View(BaseModel):
    model_config = ConfigDict(frozen=True)


class CardRef(_View):
    """A face-up building card."""

    key: str
    name: str
    color: str = Field(description="brown/grey/blue/green/yellow/red/purple")
    gives: str = Field(default="", description="what the card gives, e.g. 'wood' or '3 VP'")


class SlotView(_View):
    """One of the 20 places of the current age's pyramid (taken places are kept, ``taken``)."""

    index: int = Field(description="0..19, reading order row by row from the back")
    row: int = Field(description="0 = back row (drawn at the top)")
    col: int = Field(description="half-card column, as in board.yaml")
    taken: bool = Field(description="the card has left the pyramid")
    face_up: bool
    back: Literal["age1", "age2", "age3", "guild"] = Field(description="card back when face down")
    card: CardRef | None = Field(None, description="None when face down or taken")
    accessible: bool = Field(description="not covered: may be taken now")
    price: int | None = Field(
        None, description="coins the VIEWER would pay to build it (None: cannot afford / n.a.)"
    )
    chain: bool = Field(False, description="free for the viewer by a chain")


class WonderView(_View):
    key: str
    name: str
    cost: dict[str, int]
    vp: int
    text: str
    built: bool = False
    age_built: int | None = None
    price: int | None = Field(None, description="coins the VIEWER would pay (None: cannot)")
    out: bool = Field(False, description="left the game unbuilt (the 7-Wonder limit)")


class TokenView(_View):
    key: str
    name: str
    text: str


class LootView(_View):
    """A military loot token: lost by ``victim`` when the pawn first enters its zone."""

    victim: int
    coins: int
    zone: tuple[int, int] = Field(description="signed pawn positions, e.g. (3, 5) or (-8, -6)")
    available: bool


class DuelCityView(_View):
    seat: int
    coins: int
    built: list[CardRef] = Field(description="cards in build order")
    wonders: list[WonderView] = Field(description="the seat's 4 (or fewer) wonders")
    tokens: list[TokenView]
    science: list[str] = Field(description="distinct science symbols owned (Law's scale included)")
    production: dict[str, int] = Field(description="fixed units from brown/grey cards")
    choices: list[list[str]] = Field(description="one unit of one of these per turn")
    trade_prices: dict[str, int] = Field(description="coins per unit THIS seat pays the bank")
    shields: int = Field(description="shields built (for texts; the pawn is what counts)")


class DuelMoveView(_View):
    move: str = Field(description="canonical move text for apply / custom_id")
    action: Literal["pick", "build", "discard", "wonder", "token", "destroy", "revive", "start"]
    slot: int | None = None
    card: str | None = Field(None, description="display name of the card involved")
    wonder: str | None = None
    token: str | None = None
    price: int = 0
    text: str


class DuelView(_View):
    """A Duel game as seen by ``seat`` (``None`` = spectator)."""

    game: Literal["duel"] = "duel"
    rules_version: str
    seat: int | None
    age: int = Field(description="1..3 (1 during the wonder draft)")
    phase: Phase
    to_act: int | None = Field(description="the single seat to act; None when over")
    prompt: str = Field(description="what the acting seat must do now")
    pyramid: list[SlotView] = Field(default_factory=list, description="empty during the draft")
    draft_offer: list[WonderView] = Field(default_factory=list)
    pawn: int = Field(description="-9..9; seat 0 pushes toward +9 (seat 1's capital)")
    loot: list[LootView]
    progress_board: list[TokenView]
    library_offer: list[TokenView] = Field(
        default_factory=list, description="Great Library draw; only for the choosing seat"
    )
    cities: list[DuelCityView]
    discard: list[CardRef] = Field(description="public discard pile (discarded and destroyed)")
    wonders_built: int = Field(description="total built; the 7th sends the last unbuilt away")
    legal_moves: list[DuelMoveView] = Field(default_factory=list, description="viewer's, if acting")
    last_events: list[Event] = Field(default_factory=list)
    scores: list[Score] = Field(default_factory=list, description="scores if the game ended now")
    outcome: Outcome | None = None
