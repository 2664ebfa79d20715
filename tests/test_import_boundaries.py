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
