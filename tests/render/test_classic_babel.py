"""The Babel panel of the classic table: the tower's visible tiles with their laws, the tiles
each city built, and the current Great Project with everyone's tokens."""

from __future__ import annotations

from engine import classic
from render import board_png
from render.classic_babel import babel_lines
from render.samples import NAMES
from tests.classic.babel.kit import table, with_projects, with_tower

from .helpers import load


def _state() -> classic.State:
    s = table([{}, {}, {}, {}], visible=(7, 19))
    s = with_tower(s, built=((7,), (19,), (), ()))
    return with_projects(s, order=(3, 8, 10), tokens=(0, 1, 0, 0), left=2)


def test_table_shows_the_tower_laws_and_the_project_tokens(drawn_text: list[str]) -> None:
    v = classic.view(_state(), None)
    board_png("classic", v, NAMES[:4])
    joined = "\n".join(drawn_text)
    assert "Tower of Babel (2/3 visible)" in joined
    assert "Tile 7: Chains may use a neighbour's card." in joined
    assert f"Tiles built: {NAMES[0]} 1, {NAMES[1]} 1" in joined
    assert "Great Project: Factory (brown) (data unconfirmed)" in joined
    assert f"Tokens: {NAMES[1]} 1 · 2 left" in joined


def test_panel_grows_the_table_and_is_absent_without_babel() -> None:
    v = classic.view(_state(), None)
    lines = babel_lines(v, NAMES[:4])
    assert len(lines) == 8
    plain = v.model_copy(update={"tower": None, "projects": None})
    assert babel_lines(plain, NAMES[:4]) == []
    tall = load(board_png("classic", v, NAMES[:4])).height
    assert tall >= load(board_png("classic", plain, NAMES[:4])).height + 44 + 34 * 8


def test_panel_names_the_cities_whose_wonder_resource_is_blocked(drawn_text: list[str]) -> None:
    from engine.classic.production import block_production

    s = _state()
    s = s._replace(cities=(block_production(s.cities[0], (3,)), *s.cities[1:]))  # Rhodos' ore
    v = classic.view(s, None)
    assert babel_lines(v, NAMES[:4])[-1] == (f"Wonder resource blocked: {NAMES[0]} ore", "tokens")
    board_png("classic", v, NAMES[:4])
    assert f"Wonder resource blocked: {NAMES[0]} ore" in "\n".join(drawn_text)
    assert "ore" not in v.cities[0].production.fixed
