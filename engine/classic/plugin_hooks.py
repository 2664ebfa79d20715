"""How the core calls the plug-ins in play: :func:`hooks` finds, per state, the plug-ins
that override each hot hook (kept on the state); the helpers below run the colder hooks and
read or write a plug-in's per-game slot."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.classic.data import BASE_BOARD_COUNT
from engine.classic.plugin_base import Events, Hands, Plugin, Resolution, Step
from engine.classic.plugin_registry import _DERIVED, _PLUGINS, _SLOTS
from engine.classic.slots import SLOT_START, StateFields
from engine.classic.state import Move, State

__all__ = [
    "Hooks",
    "active",
    "age_end",
    "board_pool",
    "hooks",
    "players_of",
    "shield_bonus",
    "slot_of",
    "slots_for",
    "step_builds",
    "token_coins",
    "with_slot",
]

# The plug-in slots of a game without any plug-in (their defaults).
_OFF: tuple[Any, ...] = tuple(
    StateFields._field_defaults[f] for f in StateFields._fields[SLOT_START:]
)


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
        "turn_over",
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
        self.turn_over: tuple[Callable[[State], State | None], ...] = over("turn_over")
        self.pass_hands: tuple[Callable[[State, Hands], Hands | None], ...] = over("pass_hands")
        self.resolution: tuple[Callable[[State], Resolution | None], ...] = over("resolution")


_NO_HOOKS = Hooks((), 0)
_HOOKS: dict[tuple[Any, ...], Hooks] = {}
_DERIVED.append(_HOOKS.clear)


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


def step_builds(state: State) -> list[Resolution]:
    """The resolution parts that see the wonder stages a plug-in's own turn builds (Leaders'
    recruitment turn): that turn calls their :meth:`Resolution.placed` for each such stage,
    then :meth:`~Resolution.settle` and :meth:`~Resolution.close`, as a pick turn does."""
    parts = []
    for p in active(state):
        if p.sees_step_builds:
            part = p.resolution(state)
            if part is not None:
                parts.append(part)
    return parts


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
