"""The registry of the classic engine's plug-ins: :func:`register` makes a plug-in's
phases, actions and slot known; the look-ups find a plug-in by name, action, card or phase.
The built-in plug-ins register in :mod:`engine.classic.plugins`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from engine.classic.plugin_base import Plugin
from engine.classic.slots import StateFields
from engine.classic.state import MOVE_PARSERS, PHASES
from engine.classic.values import DISCARD_ACTIONS, EFFECT_PARTS, MOVE_DESCRIPTIONS, MOVE_TEXTS

__all__ = [
    "action_owner",
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
    "unregister",
]

_PLUGINS: list[Plugin] = []
_SLOTS: dict[str, int] = {}  # field -> index in State
_PHASES: dict[int, Plugin] = {}
# How to empty the memos derived from the registry (the hook tables of
# engine.classic.plugin_hooks), called whenever a plug-in comes or goes. Their ``clear`` methods,
# not the memos: this list is a table (never written after import) while the memos fill.
_DERIVED: list[Callable[[], None]] = []


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
    for forget in _DERIVED:
        forget()
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
    for forget in _DERIVED:
        forget()


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


# known_names() once per registry (every Config checks its expansions against it): one key.
_KNOWN: dict[int, tuple[str, ...]] = {}
_DERIVED.append(_KNOWN.clear)


def known_names() -> list[str]:
    """The names ``Config.expansions`` may hold."""
    got = _KNOWN.get(0)
    if got is None:
        ranked = sorted((p for p in _PLUGINS if p.expansion), key=lambda p: p.spelling)
        got = _KNOWN[0] = tuple(n for p in ranked for n in (p.names or (p.name,)))
    return list(got)  # a copy: callers may change their list


def by_name(name: str) -> Plugin:
    return next(p for p in _PLUGINS if p.name == name)


def for_config(config: Any) -> tuple[Plugin, ...]:
    """The plug-ins a game of ``config`` plays, in registry order."""
    return tuple([p for p in _PLUGINS if p.wanted(config)])  # (a list: no generator frame)


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
