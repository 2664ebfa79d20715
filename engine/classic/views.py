"""Pydantic view models of a classic game, as one seat (or a spectator) may see it.

These are the shapes the renderer, the AI and the bot read. Field names are a contract: grep
``render/``, ``engine/ai/`` and ``bot/`` before renaming anything.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.classic.babel.views import ProjectsView, TowerView
from engine.classic.edifice.views import EdificeView
from engine.classic.leaders.views import LeadersView
from engine.common import Event, Outcome, Score

__all__ = [
    "CityView",
    "CoinLossView",
    "ClassicView",
    "FreeCityView",
    "GodView",
    "GodsView",
    "HeroView",
    "HandCardView",
    "MoveView",
    "PaymentView",
    "ProductionChangeView",
    "ProductionView",
    "TradeView",
    "WonderOptionView",
    "WonderPickView",
]


class _View(BaseModel):
    model_config = ConfigDict(frozen=True)


class ProductionView(_View):
    """Resources produced every turn: fixed units plus one-of-several choices."""

    fixed: dict[str, int] = Field(default_factory=dict, description="resource -> units")
    choices: list[list[str]] = Field(default_factory=list, description="each: one unit of one of")


class ProductionChangeView(_View):
    """A change an expansion made to a city's production (already counted in ``production``
    and ``sells``): a one-of production added (Edifice's River Port) or resources of the board
    blocked (Babel's Double Walls)."""

    resources: list[str]
    blocked: bool = Field(False, description="True: the board no longer produces these for it")
    sold: bool = Field(False, description="neighbours may buy it (added) / still buy it (blocked)")
    text: str = Field("", description="the change in words")


class CityView(_View):
    """Everything public about one seat's city."""

    seat: int
    board: str = Field(description="city name, e.g. 'Rhodos'")
    wonder: str = Field(description="wonder name, e.g. 'Colossus of Rhodes'")
    side: Literal["A", "B"]
    stages_built: int
    stages_total: int
    next_stage_cost: dict[str, int] | None = Field(description="None when all stages are built")
    coins: int
    built: list[str] = Field(description="structures in build order")
    tucked: int = Field(description="cards tucked under the wonder (face down)")
    military_tokens: list[int]
    shields: int
    science: dict[str, int] = Field(description="compass/gear/tablet/any symbol counts")
    production: ProductionView = Field(description="all production the owner can use")
    sells: ProductionView = Field(description="what neighbours may buy (brown/grey + board)")
    has_picked: bool = Field(description="whether this seat's pick for the turn is in")
    free_build_used: bool = Field(False, description="Olympia A used its free build this Age")
    debt: int = Field(0, description="Cities: Debt tokens (-1 VP each)")
    diplomacy: int = Field(0, description="Cities: Diplomacy tokens (one spent per conflict)")
    production_changes: list[ProductionChangeView] = Field(
        default_factory=list,
        description="an expansion's changes of this city's production (engine.classic.production)",
    )


class PaymentView(_View):
    """One non-dominated way to pay a build or a wonder stage."""

    move: str = Field(description="canonical move text to send back to the engine")
    left: int = Field(description="coins paid to the left neighbour")
    right: int = Field(description="coins paid to the right neighbour")
    bank: int = Field(description="coins paid to the bank (card coin cost)")
    text: str


class TradeView(_View):
    """What one neighbour sells to the viewer and at which prices."""

    side: Literal["left", "right"]
    seat: int
    sells: ProductionView
    prices: dict[str, int] = Field(description="resource -> coins per unit for the viewer")


class HandCardView(_View):
    """A card of the viewer's hand with what building it would take and give."""

    name: str
    color: str
    gives: str = Field(description="short text of the card's effect")
    status: Literal["chain", "free", "affordable", "trade", "unaffordable", "duplicate"]
    missing: dict[str, int] = Field(default_factory=dict, description="units lacking even w/ trade")
    build: list[PaymentView] = Field(default_factory=list, description="ways to build it")
    wonder: list[PaymentView] = Field(default_factory=list, description="ways to build a stage")
    discard: str = Field(description="move text to discard it for 3 coins")
    free_build: str | None = Field(None, description="Olympia A free-build move text, if usable")


class MoveView(_View):
    """A legal move with its human-readable description."""

    move: str
    action: str
    card: str
    left: int = 0
    right: int = 0
    text: str


class WonderOptionView(_View):
    """A board (and side) the viewer may pick in the wonder-pick phase."""

    move: str = Field(description="canonical move text, e.g. 'board:Rhodos:A'")
    board: str
    wonder: str
    side: Literal["A", "B"]
    text: str = Field(description="the board's resource, stages and powers in one line")


class WonderPickView(_View):
    """The wonder-pick phase: who holds which board, who has picked this round (not what)."""

    round: int = Field(description="1, then one more per round of re-picks after a draw")
    seated: list[str | None] = Field(description="per seat: 'Rhodos A' once revealed, else None")
    picked: list[int] = Field(description="unseated seats whose pick of this round is in")
    options: list[WonderOptionView] = Field(
        default_factory=list, description="the viewer's choices; empty once picked or seated"
    )


class FreeCityView(_View):
    """The 2-player game's neutral Free City (docs/two-players.md)."""

    seat: int = Field(2, description="the Free City's city in ``cities``; never an agent seat")
    controller: int = Field(description="the player who plays the Free City's card this turn")
    picking: bool = Field(
        False,
        description="the viewer now picks the Free City's card: ``hand``, ``hand_cards`` and "
        "``legal_moves`` are the Free City's",
    )


class CoinLossView(_View):
    """Cities: a card or stage placed this turn that makes the other players lose coins."""

    seat: int = Field(description="who placed it (its own city loses nothing)")
    source: str = Field(description='the card\'s name, or "Wonder stage N (Board)"')
    loss: str = Field(description='what each other player loses, e.g. "2 coins"')


class GodView(_View):
    """One seat's god in Gods & Heroes (docs/gods-and-heroes.md): public."""

    seat: int
    god: str = Field(description="e.g. 'Zeus'")
    status: Literal["locked", "ready", "used"] = Field(
        description="locked until the wonder is complete; ready: may be invoked; used: spent"
    )
    power: str = Field(description="the power in one line")


class HeroView(_View):
    """A hero that joined a city (three structures of its colour)."""

    seat: int
    color: Literal["red", "green", "blue"]
    name: str
    gives: str


class GodsView(_View):
    """The Gods & Heroes part of the table. Everything is public except ``my_power`` and
    ``foresight`` (the viewer's own)."""

    gods: list[GodView] = Field(description="per seat, in seat order")
    heroes: list[HeroView] = Field(default_factory=list)
    effects: list[str] = Field(
        default_factory=list, description="lasting powers in force (Artemis, Athena, Ares, Seth)"
    )
    famine: dict[str, int | str] | None = Field(
        None, description="Seth's famine this turn: {'seat': target, 'resource': name}"
    )
    lasting: dict[str, int] = Field(
        default_factory=dict, description="god -> owner seat of Artemis/Athena/Ares in force"
    )
    my_power: str | None = Field(None, description="the viewer's power invoked this turn (move)")
    foresight: list[str] | None = Field(
        None, description="Athena's owner: the hand it receives next (once it is known)"
    )


class ClassicView(_View):
    """A classic game as seen by ``seat`` (``None`` = spectator)."""

    game: Literal["classic"] = "classic"
    rules_version: str
    seat: int | None
    players: int
    age: int
    turn: int = Field(description="1..6 within the age (1..7 with Cities)")
    pass_direction: Literal["left", "right"]
    phase: Literal[
        "pick",
        "seventh",
        "discard_build",
        "over",
        "wonder_pick",
        "debt",
        "leaders",
        "edifice_join",
        "babel_draft",
        "babel_join",
    ]
    to_act: list[int]
    picked: list[int] = Field(description="seats whose pick is in (not what they picked)")
    cities: list[CityView]
    hand: list[str] = Field(default_factory=list, description="viewer's hand; empty for spectator")
    hand_cards: list[HandCardView] = Field(default_factory=list)
    revealed: list[list[str | None]] = Field(
        default_factory=list,
        description="per pick turn of this age, per seat: the card it "
        "built from its hand (None: sold or tucked face down)",
    )
    passed_hands: list[list[str]] = Field(
        default_factory=list,
        description="hands the viewer passed on this age, oldest first "
        "(it saw them; empty for spectator)",
    )
    my_pick: str | None = Field(None, description="viewer's pending pick (move text)")
    my_pick_text: str | None = None
    trade: list[TradeView] = Field(default_factory=list, description="left and right offers")
    legal_moves: list[MoveView] = Field(default_factory=list)
    discard_size: int
    discard: list[str] = Field(
        default_factory=list, description="only when the viewer must build from the discard"
    )
    discard_build_next: list[int] = Field(
        default_factory=list,
        description="seats owed a Halikarnassos build once the current "
        "seventh-card phase ends (public: the stage was built openly)",
    )
    last_events: list[Event] = Field(default_factory=list, description="last turn, redacted")
    scores: list[Score] = Field(default_factory=list, description="scores if the game ended now")
    outcome: Outcome | None = None
    free_city: FreeCityView | None = Field(None, description="only in the 2-player game")
    expansions: list[str] = Field(default_factory=list, description='e.g. ["cities"]')
    coin_losses: list[int] = Field(
        default_factory=list,
        description="Cities, debt phase: coins each seat loses (pay or take debt)",
    )
    coin_loss_causes: list[CoinLossView] = Field(
        default_factory=list,
        description="Cities, debt phase: the cards and stages of this turn that caused the losses",
    )
    wonder_pick: WonderPickView | None = Field(
        None, description="only in the wonder-pick phase (cities and scores are empty then)"
    )
    leaders: LeadersView | None = Field(None, description="only in a game with Leaders")
    gods: GodsView | None = Field(None, description="only with the Gods & Heroes variant")
    edifice: EdificeView | None = Field(None, description="only with Edifice")
    tower: TowerView | None = Field(None, description="only with Babel's Tower of Babel")
    projects: ProjectsView | None = Field(None, description="only with Babel's Great Projects")
