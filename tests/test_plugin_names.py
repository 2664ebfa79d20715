"""The shared modules of the classic AI, renderer and bot adapter name no expansion (issue 31):
an expansion's values, hints, sampling, pictures, secret steps and score rows come from its own
modules through the registries (engine/ai/classic_hooks.py, render/table_parts.py,
bot/games/classic/expansion.py: the expansions' and the variants' - Gods & Heroes, the
2-player Free City - texts and prompts). Read from the source (no import needed)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_import_boundaries import ROOT, imported

#: the expansions' own modules: their engine packages and their AI, render and bot parts
_EXPANSIONS = ("leaders", "cities", "babel", "edifice")
EXPANSION_MODULES = (
    *(f"engine.classic.{x}" for x in (*_EXPANSIONS, "variants")),
    *(f"engine.ai.classic_{x}" for x in (*_EXPANSIONS, "gods")),
    *(f"render.classic_{x}" for x in (*_EXPANSIONS, "gods")),
    "render.free_city",
    *(f"bot.games.classic.{x}" for x in (*_EXPANSIONS, "gods", "free_city")),
)

#: shared modules that import no expansion module
NO_EXPANSION_IMPORT = (
    "render/classic_table.py",
    "render/city_row.py",
    "render/scores.py",
    "render/classic_hand.py",
    "engine/ai/classic_eval.py",
    "engine/ai/classic_sample.py",
    "engine/ai/classic_search.py",
    "engine/ai/hint_classic.py",
    "bot/games/classic/game.py",
    "bot/games/classic/texts.py",
    "bot/games/classic/picks.py",
    "bot/games/classic/prompts.py",
)
#: shared modules that do not even read an expansion's part of a view, or its names and actions
NO_EXPANSION_AT_ALL = (
    "render/classic_table.py",
    "render/classic_hand.py",
    "engine/ai/classic_eval.py",
    "engine/ai/classic_sample.py",
    "engine/ai/classic_search.py",
    "engine/ai/hint_classic.py",
    "bot/games/classic/texts.py",
    "bot/games/classic/picks.py",
)
#: shared modules that name no expansion outside one function (the rules versions a stored
#: game of an expansion keeps: ``stored_config`` reads its config's ``expansions``)
NO_EXPANSION_BUT = {"bot/games/classic/game.py": "stored_config"}
_VIEW_PARTS = {"leaders", "gods", "free_city", "edifice", "tower", "projects", "coin_losses"}
_LITERALS = {
    "leaders",
    "cities",
    "gods-heroes",
    "babel-tower",
    "babel-projects",
    "edifice",
    "black",  # Cities' cards
    "pay",  # Cities' coin loss
    "power",  # a god's power
    "debt",
}


def _module(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def expansion_imports(source: str, module: str) -> list[str]:
    """The expansions' modules (and names from them) that ``source`` imports."""
    return sorted(
        name
        for name in imported(source, module)
        if any(name == m or name.startswith(m + ".") for m in EXPANSION_MODULES)
    )


def expansion_mentions(source: str) -> list[str]:
    """Attributes reading an expansion's part of a view, and literals naming one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in _VIEW_PARTS:
            found.append(f".{node.attr}")
        elif isinstance(node, ast.Constant) and node.value in _LITERALS:
            found.append(repr(node.value))
    return sorted(found)


@pytest.mark.parametrize("path", NO_EXPANSION_IMPORT)
def test_shared_modules_import_no_expansion(path: str) -> None:
    source = (ROOT / path).read_text(encoding="utf-8")
    assert expansion_imports(source, _module(path)) == []


@pytest.mark.parametrize("path", NO_EXPANSION_AT_ALL)
def test_shared_modules_never_ask_which_expansion(path: str) -> None:
    assert expansion_mentions((ROOT / path).read_text(encoding="utf-8")) == []


def without_function(source: str, name: str) -> str:
    """``source`` with the function ``name`` cut out (its lines left blank)."""
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name == name and node.end_lineno:
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            lines[first - 1 : node.end_lineno] = [""] * (node.end_lineno - first + 1)
    return "\n".join(lines)


@pytest.mark.parametrize(("path", "allowed"), NO_EXPANSION_BUT.items())
def test_shared_modules_name_no_expansion_elsewhere(path: str, allowed: str) -> None:
    source = (ROOT / path).read_text(encoding="utf-8")
    assert expansion_mentions(source)  # the allowed function does name some
    assert expansion_mentions(without_function(source, allowed)) == []


def test_the_checks_see_an_expansion() -> None:
    source = (
        "from engine.ai.classic_gods import power_value\n"
        "from render import free_city as fc\n"
        "from engine.classic.leaders.data import LEADERS\n"
        "from render.table_parts import parts\n"
        "from bot.games.classic.picks import change_head\n"
        "from bot.games.classic.free_city import free_city_head\n"
    )
    assert expansion_imports(source, "render.classic_table") == [
        "bot.games.classic.free_city",
        "bot.games.classic.free_city.free_city_head",
        "engine.ai.classic_gods",
        "engine.ai.classic_gods.power_value",
        "engine.classic.leaders.data",
        "engine.classic.leaders.data.LEADERS",
        "render.free_city",
    ]
    code = 'if v.leaders is not None and "cities" in v.expansions and mv.action == "pay": pass\n'
    assert expansion_mentions(code) == ["'cities'", "'pay'", ".leaders"]
    assert expansion_mentions("n = len(view.cities)\n") == []  # the cities of the table
    code = 'def f(v):\n    return v.gods\n\n\ndef g(v):\n    return "leaders"\n'
    assert expansion_mentions(without_function(code, "g")) == [".gods"]


def test_every_checked_module_exists() -> None:
    for path in {*NO_EXPANSION_IMPORT, *NO_EXPANSION_AT_ALL, *NO_EXPANSION_BUT}:
        assert Path(ROOT / path).is_file(), path
