"""Every module-level container of engine/ is listed in engine.caches.AUDIT with its kind, and
the ``table`` ones are never written after import (games and AI searches leave them equal)."""

from __future__ import annotations

import copy
import importlib
import pkgutil
import sys
from typing import Any

import engine
from engine.caches import AUDIT
from tests.engine.threads_kit import random_game, search_game


def _engine_modules() -> dict[str, Any]:
    for info in pkgutil.walk_packages(engine.__path__, "engine."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    return {n: m for n, m in sys.modules.items() if n == "engine" or n.startswith("engine.")}


def _mutable(value: object) -> bool:
    if isinstance(value, (dict, list, set, bytearray)) or hasattr(value, "cache_info"):
        return True
    if isinstance(value, tuple) and value and isinstance(value[0], (dict, list, set)):
        return True  # e.g. a tuple of rows filled lazily
    return type(value).__name__ == "_Generation"


def _containers() -> dict[int, list[str]]:
    """id of each module-level mutable container -> every ``module.name`` it is bound to."""
    found: dict[int, list[str]] = {}
    for mod_name, mod in _engine_modules().items():
        for name, value in vars(mod).items():
            if not name.startswith("__") and _mutable(value):
                found.setdefault(id(value), []).append(f"{mod_name}.{name}")
    return found


def _resolve(dotted: str) -> object:
    mod_name, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(mod_name), name)


def test_every_module_level_container_is_audited() -> None:
    unlisted = [names for names in _containers().values() if not set(names) & set(AUDIT)]
    assert not unlisted, f"add these to engine.caches.AUDIT with their kind: {unlisted}"
    found = {name for names in _containers().values() for name in names}
    assert set(AUDIT) <= found, f"AUDIT names no container: {set(AUDIT) - found}"
    assert len(AUDIT) >= 80


def _snapshot(value: Any) -> Any:
    try:
        return copy.deepcopy(value)
    except TypeError:  # holds modules (the registry): their identity is what counts
        return copy.copy(value)


def test_tables_are_unchanged_by_games_and_searches() -> None:
    tables = {name: _resolve(name) for name, kind in AUDIT.items() if kind == "table"}
    before = {name: _snapshot(value) for name, value in tables.items()}
    for kind in ("classic", "duel"):
        random_game(kind, 3)
        search_game(kind, 4, 1000, playouts=2)
    from engine import duel

    s = duel.new_game(duel.Config(), 5)
    duel.from_agent_json(duel.to_agent_json(s, 0), seed=1)
    changed = [name for name, value in tables.items() if value != before[name]]
    assert not changed
