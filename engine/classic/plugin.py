"""The expansion plug-in protocol of the classic engine, and the registry of plug-ins.

An expansion or variant (Leaders, Cities, Gods & Heroes, the 2-player Free City ...) is a
:class:`Plugin`: it overrides the handful of hooks it needs, and the core calls every hook of
the plug-ins active in a game, in registry order, without ever asking which one it is (the
shape of boardgame.io's plugins, and of python-chess's ``variant.py``: the board never asks
which variant it plays).

A plug-in is active in a game when :meth:`Plugin.wanted` says so for the game's Config at set
up, and afterwards when its part of the state is there (:meth:`Plugin.on`). Its per-game value
lives in its State slot (``field``; the dedicated ones are declared in
:mod:`engine.classic.slots`) or, for a plug-in without one, in ``State.ext`` under its name.

Hooks (every default is "nothing to add"):

- config: :meth:`~Plugin.wanted`, :meth:`~Plugin.check_config`, :attr:`~Plugin.names`;
- set-up and deal: :meth:`~Plugin.table_size`, :meth:`~Plugin.boards`, :meth:`~Plugin.guilds`,
  :meth:`~Plugin.deal_decks`, :meth:`~Plugin.deal_age`, :meth:`~Plugin.slot`,
  :meth:`~Plugin.setup`, :meth:`~Plugin.next_age`;
- moves, phases and steps: :attr:`~Plugin.phases`, :attr:`~Plugin.move_texts`,
  :attr:`~Plugin.move_parsers`, :attr:`~Plugin.discard_actions`, :meth:`~Plugin.acting`,
  :meth:`~Plugin.legal`, :meth:`~Plugin.more_legal`,
  :meth:`~Plugin.validate`, :meth:`~Plugin.apply`, :meth:`~Plugin.refuse_repick`;
- costs and payments: :meth:`~Plugin.legal` (wraps the core's list: discounts, extra payers),
  :meth:`~Plugin.accepts`;
- effects: :meth:`~Plugin.resolution` (per build), :meth:`~Plugin.reveal`,
  :meth:`~Plugin.last_turn`, :meth:`~Plugin.owes_step`, :meth:`~Plugin.end_turn`,
  :meth:`~Plugin.pass_hands`, :meth:`~Plugin.conflicts` (age end),
  :meth:`~Plugin.age_end` (before or after the conflicts), :meth:`~Plugin.shields`,
  :meth:`~Plugin.token_coins`;
- scoring: :meth:`~Plugin.score`, :meth:`~Plugin.scoring_extras`, :meth:`~Plugin.players`;
- views: :meth:`~Plugin.view_seat`, :meth:`~Plugin.public_view`, :meth:`~Plugin.city_view`,
  :meth:`~Plugin.seat_view`, :meth:`~Plugin.move_card`;
- serialisation: :meth:`~Plugin.dump`, :meth:`~Plugin.load`, :meth:`~Plugin.dump_position`,
  :meth:`~Plugin.load_position`.

Register a plug-in with :func:`register` (the built-in ones: :mod:`engine.classic.plugins`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

from engine.classic.data import BASE_BOARD_COUNT
from engine.classic.slots import SLOT_START, StateFields
from engine.classic.state import MOVE_PARSERS, PHASES, City, Move, State
from engine.classic.stats import Stats
from engine.classic.values import DISCARD_ACTIONS, EFFECT_PARTS, MOVE_DESCRIPTIONS, MOVE_TEXTS
from engine.common import Event

__all__ = [
    "Hooks",
    "Plugin",
    "Resolution",
    "Setup",
    "action_owner",
    "active",
    "age_end",
    "board_pool",
    "hooks",
    "players_of",
    "by_name",
    "card_owner",
    "card_text",
    "expansion_plugins",
    "for_config",
    "known_names",
    "phase_owner",
    "register",
    "registered",
    "registered_plugins",
    "shield_bonus",
    "slot_of",
    "slots_for",
    "token_coins",
    "unregister",
    "with_slot",
]

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

    def placed(
        self, seat: int, move: Move, cid: int, effect: Any, stats: Stats, delta: list[int]
    ) -> None:
        """``seat`` resolved ``move`` with card ``cid`` (``effect``: the card's or the
        stage's effect, None for a discard; ``stats``: the city's facts before it)."""

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


_PLUGINS: list[Plugin] = []
_SLOTS: dict[str, int] = {}  # field -> index in State
# The plug-in slots of a game without any plug-in (their defaults).
_OFF: tuple[Any, ...] = tuple(
    StateFields._field_defaults[f] for f in StateFields._fields[SLOT_START:]
)
_PHASES: dict[int, Plugin] = {}


def register(plugin: Plugin) -> Plugin:
    """Add ``plugin`` to the registry (its actions, phases and slot become known)."""
    if any(p.name == plugin.name for p in _PLUGINS):
        raise ValueError(f"a plug-in named {plugin.name!r} is registered already")
    for pid, name in plugin.phases.items():
        if pid in _PHASES or pid < len(PHASES) and PHASES[pid]:
            raise ValueError(f"phase {pid} is taken")
        while len(PHASES) <= pid:
            PHASES.append("")
        PHASES[pid] = name
        _PHASES[pid] = plugin
    MOVE_TEXTS.update(plugin.move_texts)
    MOVE_PARSERS.update(plugin.move_parsers)
    MOVE_DESCRIPTIONS.update(plugin.move_descriptions)
    DISCARD_ACTIONS.update(plugin.discard_actions)
    if plugin.effect_parts is not None:
        EFFECT_PARTS.append(plugin.effect_parts)
    if plugin.field is not None:
        _SLOTS[plugin.field] = StateFields._fields.index(plugin.field)
    _PLUGINS.append(plugin)
    _HOOKS.clear()
    return plugin


def unregister(plugin: Plugin) -> None:
    """Remove ``plugin`` (tests register a plug-in for a while)."""
    _PLUGINS.remove(plugin)
    for pid in plugin.phases:
        del _PHASES[pid]
        PHASES[pid] = ""
    while PHASES and not PHASES[-1]:
        PHASES.pop()
    for action in plugin.move_texts:
        MOVE_TEXTS.pop(action, None)
    for head in plugin.move_parsers:
        MOVE_PARSERS.pop(head, None)
    for action in plugin.move_descriptions:
        MOVE_DESCRIPTIONS.pop(action, None)
    for action in plugin.discard_actions:
        DISCARD_ACTIONS.pop(action, None)
    if plugin.effect_parts is not None:
        EFFECT_PARTS.remove(plugin.effect_parts)
    _HOOKS.clear()


@contextmanager
def registered(plugin: Plugin) -> Iterator[Plugin]:
    """``plugin`` registered for the ``with`` block."""
    register(plugin)
    try:
        yield plugin
    finally:
        unregister(plugin)


def registered_plugins() -> tuple[Plugin, ...]:
    """Every registered plug-in, in registry order."""
    return tuple(_PLUGINS)


def known_names() -> list[str]:
    """The names ``Config.expansions`` may hold."""
    ranked = sorted((p for p in _PLUGINS if p.expansion), key=lambda p: p.spelling)
    return [n for p in ranked for n in (p.names or (p.name,))]


def by_name(name: str) -> Plugin:
    return next(p for p in _PLUGINS if p.name == name)


def for_config(config: Any) -> tuple[Plugin, ...]:
    """The plug-ins a game of ``config`` plays, in registry order."""
    return tuple(p for p in _PLUGINS if p.wanted(config))


def action_owner(action: str) -> Plugin | None:
    """The registered plug-in that adds the move action ``action``."""
    return next((p for p in _PLUGINS if action in p.move_texts), None)


def card_owner(cid: int) -> Plugin | None:
    """The registered plug-in whose box adds card ``cid`` (None: a base card)."""
    return next((p for p in _PLUGINS if cid in p.card_ids), None)


def card_text(name: str) -> str | None:
    """A card's effect in words when a plug-in scores it by its own rules."""
    return next((p.card_texts[name] for p in _PLUGINS if name in p.card_texts), None)


def expansion_plugins(names: Sequence[str]) -> tuple[Plugin, ...]:
    """The registered expansions among ``names``, in registry order."""
    return tuple(p for p in _PLUGINS if p.expansion and p.name in names)


def phase_owner(phase: int) -> Plugin | None:
    return _PHASES.get(phase)


class Hooks:
    """The hooks of the plug-ins in play, per hook: only the plug-ins that override it (the
    core loops over these: a hook nobody overrides costs nothing)."""

    __slots__ = (
        "plugins",
        "acting",
        "legal",
        "more_legal",
        "validate",
        "apply",
        "reveal",
        "last_turn",
        "owes_step",
        "end_turn",
        "turn_steps",
        "pass_hands",
        "resolution",
    )

    def __init__(self, plugins: tuple[Plugin, ...], phase: int) -> None:
        self.plugins = plugins

        def over(name: str, scope: str = "") -> tuple[Any, ...]:
            return tuple(
                getattr(p, name)
                for p in plugins
                if getattr(type(p), name) is not getattr(Plugin, name)
                and (not scope or getattr(p, scope) is None or phase in getattr(p, scope))
            )

        self.acting: tuple[Callable[[State], frozenset[int] | None], ...] = over(
            "acting", "move_phases"
        )
        self.legal: tuple[Callable[..., list[Move] | None], ...] = over("legal", "legal_phases")
        self.more_legal: tuple[Callable[[State, int, list[Move]], list[Move]], ...] = over(
            "more_legal"
        )
        self.validate: tuple[Callable[[State, int, Move], int | None], ...] = over("validate")
        self.apply: tuple[Callable[[State, int, Move], Step | None], ...] = over(
            "apply", "move_phases"
        )
        self.reveal: tuple[Callable[..., Step | None], ...] = over("reveal")
        self.last_turn: tuple[Callable[[State, int], int], ...] = over("last_turn")
        self.owes_step: tuple[Callable[[State], bool], ...] = over("owes_step")
        self.end_turn: tuple[Callable[[State, Events], tuple[State, bool]], ...] = over("end_turn")
        self.turn_steps: tuple[Callable[[State], State | None], ...] = over("turn_steps")
        self.pass_hands: tuple[Callable[[State, Hands], Hands | None], ...] = over("pass_hands")
        self.resolution: tuple[Callable[[State], Resolution | None], ...] = over("resolution")


_NO_HOOKS = Hooks((), 0)
_HOOKS: dict[tuple[Any, ...], Hooks] = {}


def hooks(state: State) -> Hooks:
    """The hooks of the plug-ins in play in ``state`` (hot path: kept on the state once
    found; found by one compare in a game without any plug-in, else by one lookup keyed by
    which slots are filled and the phase)."""
    got: Hooks | None = state.hooks_memo
    if got is not None:
        return got
    state.hooks_memo = got = _hooks(state)
    return got


def _hooks(state: State) -> Hooks:
    tail = state[SLOT_START:]
    if tail == _OFF:
        return _NO_HOOKS
    ext = state.ext
    # A slot in play holds a truthy value (see Plugin.on): the pattern keys the cache.
    key = (
        (state.phase, *map(bool, tail[:-1]), *(k for k, _ in ext))
        if ext
        else (state.phase, *map(bool, tail))
    )
    got = _HOOKS.get(key)
    if got is None:
        got = _HOOKS[key] = Hooks(tuple(p for p in _PLUGINS if p.on(state)), state.phase)
    return got


def active(state: State) -> tuple[Plugin, ...]:
    """The plug-ins in play in ``state``, in registry order."""
    return hooks(state).plugins


def players_of(state: State) -> tuple[int, ...]:
    """The seats a player plays (every seat unless a plug-in adds a neutral city)."""
    seats = tuple(range(state.players))
    for p in active(state):
        seats = p.players(state, seats)
    return seats


def shield_bonus(state: State) -> list[int] | None:
    """Per seat, the shields the plug-ins' tokens add in a conflict (None: none adds any)."""
    over = [p for p in active(state) if type(p).shields is not Plugin.shields]
    if not over:
        return None
    return [sum(p.shields(state, seat) for p in over) for seat in range(state.players)]


def token_coins(state: State, seat: int) -> int:
    """Coins the plug-ins in play paid ``seat`` per Victory token the conflicts gave it."""
    return sum(
        p.token_coins(state, seat)
        for p in active(state)
        if type(p).token_coins is not Plugin.token_coins
    )


def age_end(state: State, events: Events, fought: bool) -> State:
    """``state`` after the plug-ins' Age-end effects (before or after the conflicts)."""
    for p in active(state):
        if type(p).age_end is not Plugin.age_end:
            state = p.age_end(state, events, fought)
    return state


def board_pool(plugins: Sequence[Plugin]) -> tuple[int, ...]:
    """Board ids a table with these plug-ins deals from (the base boards, then theirs)."""
    pool = tuple(range(BASE_BOARD_COUNT))
    for p in plugins:
        pool = p.boards(pool)
    return pool


def slot_of(state: State, plugin: Plugin) -> Any:
    """The plug-in's per-game value in ``state``."""
    if plugin.field is not None:
        return state[_SLOTS[plugin.field]]
    return next((v for k, v in state.ext if k == plugin.name), None)


def with_slot(state: State, plugin: Plugin, value: Any) -> State:
    """``state`` with the plug-in's per-game value replaced."""
    if plugin.field is not None:
        return state._replace(**{plugin.field: value})
    ext = tuple((k, v) for k, v in state.ext if k != plugin.name)
    order = [p.name for p in _PLUGINS]
    ext = tuple(sorted((*ext, (plugin.name, value)), key=lambda kv: order.index(kv[0])))
    return state._replace(ext=ext)


def slots_for(config: Any, n: int, plugins: Iterable[Plugin]) -> dict[str, Any]:
    """State keyword fields holding the set-up values of ``plugins``."""
    out: dict[str, Any] = {}
    ext: list[tuple[str, Any]] = []
    for p in plugins:
        value = p.slot(config, n)
        if p.field is not None:
            if value is not None:
                out[p.field] = value
        else:
            ext.append((p.name, value))
    if ext:
        out["ext"] = tuple(ext)
    return out
