"""The layers keep to their imports: ``bot/exts`` (Discord glue) reaches games and data only
through the services; ``engine`` does no I/O and knows nothing of the bot or the renderer;
``render`` knows nothing of the bot. Read from the source (no import needed)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

_IO = ("discord", "aiosqlite", "asyncpg", "sqlite3", "PIL", "asyncio", "socket", "http", "urllib")

#: folder -> module prefixes its files must not import
RULES: dict[str, tuple[str, ...]] = {
    "bot/exts": ("bot.store", "engine"),
    "engine": ("bot", "render", *_IO),
    "render": ("bot", "discord", "aiosqlite", "asyncpg", "sqlite3"),
}


def _package(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def imported(source: str, module: str) -> set[str]:
    """Every module ``source`` (the text of ``module``) imports, relative imports resolved;
    ``from x import y`` counts as ``x.y`` too (``y`` may be a submodule)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = module.split(".")[: -node.level]
                base = ".".join([*parent, base] if base else parent)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def violations(source: str, module: str, banned: tuple[str, ...]) -> list[str]:
    return sorted(
        name
        for name in imported(source, module)
        if any(name == b or name.startswith(b + ".") for b in banned)
    )


@pytest.mark.parametrize("folder", sorted(RULES))
def test_layer_imports(folder: str) -> None:
    files = sorted((ROOT / folder).rglob("*.py"))
    assert files, folder
    broken = {
        str(path.relative_to(ROOT)): found
        for path in files
        if (found := violations(path.read_text(encoding="utf-8"), _package(path), RULES[folder]))
    }
    assert not broken, f"{folder} imports what its layer must not: {broken}"


def test_the_check_sees_every_form_of_import() -> None:
    source = (
        "import discord\n"
        "from bot.store import Store\n"
        "from ..store import games\n"
        "from . import models\n"
        "import engine.classic as c\n"
    )
    found = violations(source, "bot.exts.wonders._x", ("bot.store", "engine", "discord"))
    assert found == ["bot.store", "bot.store.Store", "discord", "engine.classic"]
    # relative imports are resolved against the module's package
    assert "bot.store.games" in violations(
        "from ...store import games\n", "bot.exts.wonders._x", ("bot.store",)
    )
    assert violations("import json\nfrom typing import Any\n", "engine.x", RULES["engine"]) == []


#: Packages whose import graph must hold no cycle (any import counts, lazy ones too): all three.
ACYCLIC: tuple[str, ...] = ("engine", "render", "bot")
PACKAGES = ("engine", "render", "bot")


def import_graph(packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Module -> the project modules it imports (any import, ``TYPE_CHECKING`` or inside a
    function included: a cycle hidden from the interpreter is still one for a reader).
    ``from pkg import mod`` depends on ``pkg.mod``, ``from mod import name`` on ``mod``."""
    files = {
        _package(p).removesuffix(".__init__"): p for d in packages for p in (ROOT / d).rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the module's own package up
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                names = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names
                ]
            for name in names:
                while name and name not in files:
                    name = name.rpartition(".")[0]
                if name and name != module:
                    targets.add(name)
        graph[module] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (each is a cycle)."""
    order: list[str] = []
    seen: set[str] = set()
    for root in graph:  # first pass: finishing order (iterative depth-first search)
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, iter(sorted(graph[root])))]
        while stack:
            node, todo = stack[-1]
            nxt = next((n for n in todo if n not in seen), None)
            if nxt is None:
                stack.pop()
                order.append(node)
            else:
                seen.add(nxt)
                stack.append((nxt, iter(sorted(graph[nxt]))))
    reverse: dict[str, set[str]] = {m: set() for m in graph}
    for module, targets in graph.items():
        for target in targets:
            reverse[target].add(module)
    found, placed = [], set()
    for root in reversed(order):  # second pass on the reversed graph
        if root in placed:
            continue
        component, todo = [], [root]
        placed.add(root)
        while todo:
            node = todo.pop()
            component.append(node)
            for prev in reverse[node] - placed:
                placed.add(prev)
                todo.append(prev)
        if len(component) > 1:
            found.append(sorted(component))
    return found


def test_cycles_are_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_cycles_are_measured_everywhere() -> None:
    """The graph covers every module of the three packages, relative imports resolved."""
    graph = import_graph()
    assert {"engine.classic", "render", "bot.model.game"} <= set(graph)
    assert "bot.model.errors" in graph["bot.model.game"]  # from bot.model.errors import …
    assert "bot.model.game" in graph["bot.services.tables"]


@pytest.mark.parametrize("package", ACYCLIC)
def test_no_import_cycle(package: str) -> None:
    inside = [c for c in cycles(import_graph()) if any(m.split(".")[0] == package for m in c)]
    assert not inside, f"import cycles in {package}/: {inside}"
