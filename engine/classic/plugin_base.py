"""The plug-in protocol of the classic engine: :class:`Plugin` (the hooks an expansion
overrides), :class:`Resolution` (its part of resolving a batch of actions) and :class:`Setup`
(what a new game is set up from). The overview of the hooks: :mod:`engine.classic.plugin`."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from engine.classic.state import City, Move, State
from engine.classic.stats import Stats
from engine.common import Event

__all__ = ["Events", "Fight", "Hands", "Plugin", "Resolution", "Setup", "Step"]

Hands = tuple[tuple[int, ...], ...]
Events = list[Event]
Step = tuple[State, Events]
Fight = Callable[[State, Mapping[int, tuple[int, ...]] | None], State]


class Setup(NamedTuple):
    """What a new game is set up from (the hooks of :meth:`Plugin.setup` read it)."""

    config: Any  # engine.classic.config.Config
    seed: int
    rng: random.Random
    boards: list[int]
    sides: list[int]
    decks: tuple[tuple[int, ...], ...]  # the three Ages' shuffled decks, none dealt yet


class Resolution:
    """A plug-in's part of resolving one batch of actions (a turn's reveal, a 7th card, a
    discard build): the core calls it for every placed card, stage or discard and lets it
    settle its effects before the cities are rebuilt. ``delta`` is the per-seat coin change
    the core applies once at the end."""

    __slots__ = ()  # (subclasses may keep a dict; slots make the per-turn part cheaper)

    def placed(
        self, seat: int, move: Move, cid: int, effect: Any, stats: Stats, delta: list[int]
    ) -> None:
        """``seat`` resolved ``move`` with card ``cid`` (``effect``: the card's or the
        stage's effect, None for a discard; ``stats``: the city's facts before it). A wonder
        stage built in a plug-in's own turn (``plugin.step_builds``) comes with that plug-in's
        move (e.g. ``leader-wonder``) and ``cid`` -1 (no Age card under the stage)."""

    def keeps_free_build(self, seat: int, cid: int) -> bool:
        """True when a ``free`` build of ``cid`` is not Olympia's (someone else's power)."""
        return False

    def income(self, seat: int, coins: int) -> None:
        """``seat`` took ``coins`` from the bank for a coins-per card this resolution."""

    def settle(self, delta: list[int]) -> None:
        """Last coin changes, once every action is placed."""

    def close(self, state: State) -> State:
        """The resolved state with this plug-in's part brought up to date."""
        return state


class Plugin:
    """An expansion or variant of the classic game. Subclass and override the hooks needed."""

    name: str = ""  # its name in ``Config.expansions`` (or the variant's name)
    field: str | None = None  # its dedicated State slot (engine.classic.slots); None: ``ext``
    names: tuple[str, ...] = ()  # Config.expansions entries it answers to (default: name)
    title: str = ""  # its name for players, e.g. "Leaders"
    card_ids: Sequence[int] = ()  # the cards its box adds (engine.classic.data ids)
    # Card name -> its effect in words, for cards scored by the plug-in's own rules.
    card_texts: Mapping[str, str] = {}
    expansion: bool = True  # False: chosen by another table option (a variant, the seats)
    # Its place in the canonical spelling of ``Config.expansions`` (stored with every table:
    # the bot orders a table's expansions by it, so one table has one spelling).
    spelling: int = 100
    phases: Mapping[int, str] = {}  # phase id -> its name in views (ids are stored in dumps)
    repick_phases: frozenset[int] = frozenset()  # its phases where a changed pick is re-made
    # The phases in which its ``acting`` and ``apply`` hooks are asked (None: every phase);
    # the core skips them elsewhere (hot path).
    move_phases: frozenset[int] | None = None
    legal_phases: frozenset[int] | None = None  # the same for its ``legal`` hook
    move_texts: Mapping[str, Callable[[Move], str]] = {}  # its actions -> their move text
    move_parsers: Mapping[str, Callable[[str, list[str]], Move]] = {}  # head -> parser
    move_descriptions: Mapping[str, Callable[[Move], str]] = {}  # action -> sentence
    effect_parts: Callable[[Any], list[str]] | None = None  # texts of its card effects
    # Its actions that discard the chosen card: action -> (coins taken, public event text).
    discard_actions: Mapping[str, tuple[int, Callable[[int, Move], str]]] = {}
    # True: its :meth:`resolution` also sees the wonder stages another plug-in's own turn
    # builds (Leaders' recruitment turn: a stage paid with a leader), see ``step_builds``.
    # False (the default) keeps that turn's effects to the plug-in that runs it.
    sees_step_builds: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Plugin:
        return self  # one instance per plug-in: its identity is its value

    # --- config --------------------------------------------------------------------------

    def wanted(self, config: Any) -> bool:
        """Whether a game of ``config`` plays this plug-in."""
        return any(n in config.expansions for n in self.names or (self.name,))

    def check_config(self, config: Any) -> None:
        """Raise ValueError when ``config`` cannot be played with this plug-in."""

    def check_config_without(self, config: Any) -> None:
        """Raise ValueError when ``config``, which does not play this plug-in, names something
        only this plug-in plays (a board of its own)."""

    # --- set-up and deal -------------------------------------------------------------------

    def table_size(self, config: Any, seats: int) -> int:
        """Cities at the table for ``seats`` players (a neutral city adds one)."""
        return seats

    def boards(self, pool: tuple[int, ...]) -> tuple[int, ...]:
        """The board ids dealt from, with this plug-in's boards."""
        return pool

    def guilds(self, guilds: tuple[int, ...]) -> tuple[int, ...]:
        """The guild ids Age III draws from."""
        return guilds

    def deal_decks(
        self,
        n: int,
        rng: random.Random,
        base_deck: Callable[[int, int], tuple[int, ...]],
        guilds: tuple[int, ...],
    ) -> list[list[int]] | None:
        """The three Ages' shuffled decks when this plug-in deals them (None: the core's)."""
        return None

    def deal_age(self, state: State, deck: Sequence[int], age: int) -> Hands | None:
        """The hands of an Age dealt from ``deck`` (None: the core's deal)."""
        return None

    def slot(self, config: Any, n: int) -> Any:
        """The plug-in's per-game value as the game is set up (before :meth:`setup`)."""
        return None

    def setup(self, state: State, setup: Setup) -> State:
        """The first state of a game (the core's, or an earlier plug-in's), adjusted."""
        return state

    def seat_others(
        self, state: State, cities: tuple[City, ...], events: Events
    ) -> tuple[City, ...]:
        """After a wonder pick seated every player: seat the cities no player picks for."""
        return cities

    def after_wonder_pick(
        self, state: State, cities: tuple[City, ...], events: Events
    ) -> State | None:
        """The state after the wonder pick when this plug-in opens a step (None: Age I)."""
        return None

    def next_age(self, state: State) -> State | None:
        """The state that opens the next Age when this plug-in opens it (None: the core deals
        it at once)."""
        return None

    # --- moves, phases and steps -------------------------------------------------------------

    def acting(self, state: State) -> frozenset[int] | None:
        """The seats to act now when this plug-in decides it (None: the core's rule)."""
        return None

    def legal(
        self, state: State, seat: int, base: Callable[[State, int], list[Move]]
    ) -> list[Move] | None:
        """The seat's legal moves when this plug-in decides them (None: ``base``, the core's
        card moves). Wrap ``base`` to add or filter moves (discounts, powers, extra payers)."""
        return None

    def more_legal(self, state: State, seat: int, moves: list[Move]) -> list[Move]:
        """The seat's legal moves as every plug-in's :meth:`legal` left them, adjusted by this
        plug-in's rules in play (filter or add; every plug-in overriding it is asked, in
        registry order)."""
        return moves

    def validate(self, state: State, seat: int, move: Move) -> int | None:
        """Check ``move`` when this plug-in owns it (its phase, its action): return the card id
        it uses (-1: none) or raise IllegalMove; None leaves the move to the core."""
        return None

    def accepts(self, state: State, seat: int, move: Move) -> bool:
        """True when a card move the core would refuse is legal by this plug-in's rules (a
        discount, another payer): the core then lets it through."""
        return False

    def absent(self, move: Move) -> str:
        """Why ``move`` (one of this plug-in's actions) is refused at a table without it."""
        return f"{self.name} is not played at this table."

    def refuse_free_build(self, state: State, seat: int, cid: int, stats: Stats) -> str | None:
        """Why a ``free`` build of ``cid`` is refused by this plug-in's rules (None: no
        objection)."""
        return None

    def apply(self, state: State, seat: int, move: Move) -> Step | None:
        """Apply a validated move this plug-in owns (None: the core applies it)."""
        return None

    def refuse_repick(self, state: State, seat: int, move: Move) -> str | None:
        """Why ``seat`` may not replace its pick by ``move`` now (None: it may)."""
        return None

    def refuse_repick_after(self, state: State, seat: int, move: Move) -> str | None:
        """Like :meth:`refuse_repick`, once ``move`` is known legal."""
        return None

    # --- effects -----------------------------------------------------------------------------

    def resolution(self, state: State) -> Resolution | None:
        """This plug-in's part of resolving a batch of actions on ``state`` (None: nothing)."""
        return None

    def reveal(self, state: State, picks: tuple[Move | None, ...], mine: Events) -> Step | None:
        """The reveal of a pick turn when this plug-in runs it (None: the core's)."""
        return None

    def last_turn(self, state: State, last: int) -> int:
        """The Age's last pick turn (hands of 8: one more)."""
        return last

    def owes_step(self, state: State) -> bool:
        """True when the turn owes this plug-in a step after the reveal (the core then ends
        the turn step by step instead of passing the hands at once)."""
        return False

    def end_turn(self, state: State, events: Events) -> tuple[State, bool]:
        """At the end of a turn (discard builds done): the state, ``events`` extended, and
        True when a step of this plug-in is now open (the turn ends once it is over)."""
        return state, False

    def turn_steps(self, state: State) -> State | None:
        """Before the hands pass or the Age ends: a step this plug-in owes (None: none)."""
        return None

    def turn_over(self, state: State) -> State | None:
        """Once no plug-in owes a turn step: the next state when this plug-in ends the turn
        its own way (a recruitment turn deals the Age's hands; None: the core passes the
        hands or ends the Age)."""
        return None

    def pass_hands(self, state: State, hands: Hands) -> Hands | None:
        """The hands of the next turn when this plug-in passes them (None: the core's)."""
        return None

    def conflicts(self, state: State, events: Events, fight: Fight | None) -> State | None:
        """The Age's conflicts when this plug-in changes who fights (``fight``: how they are
        fought when another plug-in changes that; None: the core's rule)."""
        return None

    def age_end(self, state: State, events: Events, fought: bool) -> State:
        """At the end of an Age, before (``fought`` False) and after (True) its conflicts:
        the state with this plug-in's Age-end effects (e.g. a project's success)."""
        return state

    def shields(self, state: State, seat: int) -> int:
        """Shields ``seat`` has from this plug-in's tokens (counted in every conflict)."""
        return 0

    def token_coins(self, state: State, seat: int) -> int:
        """Coins this plug-in's rules paid ``seat`` per Victory token the Age's conflicts gave
        it (a leader's power: Nero); another plug-in that takes such a token back after the
        conflicts (Babel's tile 19) takes these coins back with it."""
        return 0

    def fight(self, state: State, foes: Mapping[int, tuple[int, ...]] | None) -> State:
        """Conflicts fought this plug-in's way (``foes``: who fights whom; None: neighbours).
        Override only to change how conflicts are fought."""
        raise NotImplementedError

    # --- scoring -----------------------------------------------------------------------------

    def guild_vp(self, state: State, seat: int, cid: int) -> int:
        """VP of a guild this plug-in scores by its own rule (0: not one of its guilds)."""
        return 0

    def science(
        self,
        state: State,
        seat: int,
        science: tuple[int, int, int, int],
        points: Callable[[int, int, int, int], int],
    ) -> int | None:
        """The best of ``points`` over the symbol sets this plug-in allows (None: no rule)."""
        return None

    def score(
        self,
        state: State,
        seat: int,
        parts: dict[str, int],
        science: tuple[int, int, int, int],
        stats: list[Stats],
    ) -> None:
        """Adjust ``seat``'s score rows (``parts``; add rows of its own)."""

    def wilds(self, state: State, wild: list[int]) -> None:
        """Add science symbols of the owner's choice per seat."""

    def players(self, state: State, seats: tuple[int, ...]) -> tuple[int, ...]:
        """The seats a player plays (a neutral city is nobody's: it picks nothing, cannot
        win)."""
        return seats

    # --- views -------------------------------------------------------------------------------

    def view_seat(self, state: State, seat: int | None) -> int | None:
        """The seat a view is built for (a neutral city is nobody's: None)."""
        return seat

    def public_view(
        self, state: State, seat: int | None, moves: list[Move], fields: dict[str, Any]
    ) -> None:
        """Add this plug-in's public part to a view's ``fields``."""

    def city_view(self, state: State, seat: int, fields: dict[str, Any]) -> None:
        """Adjust or add one city's view fields."""

    def seat_view(self, state: State, seat: int) -> tuple[tuple[int, ...], int, str] | None:
        """(hand, seat whose city it plays, label) when the viewer plays another city's hand."""
        return None

    def move_card(self, move: Move) -> str | None:
        """The name a move of this plug-in's actions shows (None: not its move)."""
        return None

    def missing(self, state: State, seat: int, cost: tuple[int, ...]) -> dict[str, int] | None:
        """What a cost (a card's, a stage's) lacks, when this plug-in is the reason."""
        return None

    # --- serialisation -----------------------------------------------------------------------

    def dump(self, value: Any) -> Any:
        """The JSON-safe form of the plug-in's per-game value."""
        return value

    def load(self, data: Any) -> Any:
        return data

    def dump_key(self) -> str:
        """Its key in a dump (absent when the plug-in is not in the game)."""
        return self.name

    def in_position(self, data: Mapping[str, Any]) -> bool:
        """Whether a hand-written position plays this plug-in."""
        return self.name in data.get("expansions", ()) or self.dump_key() in data

    def position_phase(self, name: str) -> int | None:
        """The phase id of a position's ``phase`` name when it is this plug-in's step before
        its Age is dealt (None: not one)."""
        return None

    def position_phase_refusal(self, name: str) -> str | None:
        """Why a position's phase ``name`` needs this plug-in (None: not its phase)."""
        return None

    def position_cards(
        self, guilds: tuple[int, ...], extra: dict[int, tuple[int, ...]]
    ) -> tuple[tuple[int, ...], dict[int, tuple[int, ...]]]:
        """The guilds and, per Age, the extra cards the undealt decks of a position draw from
        (``extra``: N of them join each later Age's deck)."""
        return guilds, extra

    def load_position(self, data: Mapping[str, Any], state: State, undealt: bool) -> State:
        """``state`` with the plug-in's part of a hand-written position (``undealt``: a step
        before the Age's hands are dealt)."""
        return state

    def dump_position(self, state: State, out: dict[str, Any]) -> None:
        """Add the plug-in's part of ``state`` to a dumped position."""

    def position_from_view(
        self, view: Any, data: dict[str, Any], hidden: Mapping[int, Sequence[str]]
    ) -> None:
        """Add the plug-in's part of a seat's ``view`` to a position (``hidden``: sampled
        hidden cards of the other seats that the plug-in deals, e.g. leader hands)."""

    # --- activity ----------------------------------------------------------------------------

    def on(self, state: State) -> bool:
        """Whether the plug-in is in play in ``state``: its slot holds a truthy value (a game
        without it: None, 0 or absent from ``ext``)."""
        if self.field is not None:
            return bool(getattr(state, self.field))
        return any(name == self.name for name, _ in state.ext)
