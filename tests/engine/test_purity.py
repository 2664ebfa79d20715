"""engine/ stays pure: no Discord, database, network, event loop, renderer or bot imports."""

from __future__ import annotations

import ast
import pathlib

import engine

_ROOT = pathlib.Path(engine.__file__).parent
_FORBIDDEN = {
    "aiosqlite",
    "asyncio",
    "bot",
    "discord",
    "http",
    "PIL",
    "render",
    "socket",
    "sqlite3",
    "subprocess",
    "urllib",
}


def _imported(path: pathlib.Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module.split(".")[0])
    return out


def test_no_engine_module_imports_io_discord_render_or_bot() -> None:
    files = sorted(_ROOT.rglob("*.py"))
    assert len(files) > 40
    bad = {str(p.relative_to(_ROOT)): _imported(p) & _FORBIDDEN for p in files}
    assert {p: names for p, names in bad.items() if names} == {}


def test_the_check_sees_a_forbidden_import(tmp_path: pathlib.Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("import asyncio\nfrom render.kit import Canvas\nfrom . import sibling\n")
    assert _imported(probe) & _FORBIDDEN == {"asyncio", "render"}
