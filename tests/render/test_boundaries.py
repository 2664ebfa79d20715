"""render/ stays a pure function of views: no Discord, database or bot; no engine state calls."""

from __future__ import annotations

import ast
import pathlib

import render

_ROOT = pathlib.Path(render.__file__).parent
# seeded games for preview and bench
_TOOLS = {"samples.py", "duel_samples.py", "variant_samples.py", "preview.py"}
_FORBIDDEN = ("discord", "sqlite3", "aiosqlite", "bot")
_STATE_CALLS = {
    "new_game",
    "apply",
    "legal_moves",
    "to_act",
    "load",
    "dump",
    "load_position",
    "view",
    "scores",
    "outcome",
}


def _imports(tree: ast.AST) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.module, [a.name for a in node.names]))
    return out


def test_render_never_imports_discord_the_database_or_the_bot() -> None:
    files = sorted(_ROOT.glob("*.py"))
    assert len(files) > 10
    for path in files:
        for module, _ in _imports(ast.parse(path.read_text())):
            assert module.split(".")[0] not in _FORBIDDEN, (path.name, module)


def test_image_modules_only_read_views() -> None:
    for path in sorted(_ROOT.glob("*.py")):
        if path.name in _TOOLS:
            continue
        tree = ast.parse(path.read_text())
        for module, names in _imports(tree):
            if module.startswith("engine"):
                assert not set(names) & _STATE_CALLS, (path.name, module, names)
        for node in ast.walk(tree):  # e.g. duel.apply(...) through a module import
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in ("duel", "classic")
            ):
                assert node.attr not in _STATE_CALLS, (path.name, node.attr)
