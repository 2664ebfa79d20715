"""The Babel panel of the classic table: the tower drawn with its 3 or 4 spaces (tile numbers,
their laws in a few words, free spaces, the tile covered next, the covered count), and the
current Great Project with its tokens; readable on a phone (400 px display width)."""

from __future__ import annotations

from engine import classic
from render import board_png, kit
from render.classic_babel import babel_height, babel_panel
from render.colors import CARD_COLORS, GOLD
from render.legibility import DISPLAY_WIDTH, KEY_FLOOR, TEXT_FLOOR, measure
from render.samples import NAMES
from tests.classic.babel.kit import table, with_projects, with_tower

from .helpers import load

RED = CARD_COLORS["red"]


def _four() -> classic.State:
    """4 players (3 spaces): tiles 7 and 19 on the tower, Bo holds a token of Factory."""
    s = table([{}, {}, {}, {}], visible=(7, 19))
    s = with_tower(s, built=((7,), (19,), (), ()))
    return with_projects(s, order=(3, 8, 10), tokens=(0, 1, 0, 0), left=2)


def _five() -> classic.State:
    """5 players (4 spaces), full: tile 2 covered, tile 1 (red cards' tax) covered next."""
    s = table([{}, {}, {}, {}, {}], visible=(2, 1, 3, 7, 19))
    return with_tower(s, built=((2, 1), (3,), (7,), (19,), ()))


def _png(s: classic.State) -> bytes:
    return board_png("classic", classic.view(s, None), NAMES[: s.players])


def test_tower_of_four_players_has_three_spaces_one_free(drawn_text: list[str]) -> None:
    _png(_four())
    assert "Tower of Babel" in drawn_text and "2 of 3 spaces taken" in drawn_text
    assert drawn_text.count("free space") == 1 and "covered next" not in drawn_text
    for number, tag in (("7", "Neighbours' chains"), ("19", "Victories downgraded")):
        assert number in drawn_text and tag in drawn_text
    assert "Covered: 0" in drawn_text
    assert f"Tiles built: {NAMES[0]} 1, {NAMES[1]} 1" in drawn_text


def test_full_tower_of_five_players_marks_the_tile_covered_next(drawn_text: list[str]) -> None:
    _png(_five())
    assert "4 of 4 spaces taken" in drawn_text and "free space" not in drawn_text
    assert "covered next" in drawn_text and "Tax +Age: red cards" in drawn_text
    assert "Covered: 1 (tiles 2)" in drawn_text


def _tower_colours(s: classic.State) -> set[tuple[int, int, int]]:
    """The colours of the tower alone (the panel drawn without the project)."""
    v = classic.view(s, None).model_copy(update={"projects": None})
    c = kit.Canvas(800, babel_height(v, NAMES))
    babel_panel(c, v, NAMES, 0, 800)
    return {(int(r), int(g), int(b)) for _, (r, g, b) in c.img.getcolors(1 << 20) or []}


def test_a_tile_on_red_cards_has_a_red_stripe() -> None:
    assert RED in _tower_colours(_five())  # tile 1: a tax on red cards
    assert RED not in _tower_colours(table([{}, {}, {}, {}, {}], visible=(3, 7)))


def test_project_card_shows_who_joined_and_the_tokens_left(drawn_text: list[str]) -> None:
    _png(_four())
    assert "Great Project (data unconfirmed)" in drawn_text
    assert "Factory: join after a brown card" in drawn_text
    assert "2" in drawn_text and f"left · joined: {NAMES[1]} 1" in drawn_text
    assert NAMES[1][:1] in drawn_text  # the holder's initial on the taken token


def test_panel_is_readable_at_a_phone_width() -> None:
    got = measure("babel", lambda: _png(_five()))
    assert got.min_text >= TEXT_FLOOR and got.min_key is not None and got.min_key >= KEY_FLOOR
    with kit.recording() as drawn:
        _png(_four())
    numbers = [t for t in drawn if t.text in ("7", "19")]
    assert numbers and all(t.size * DISPLAY_WIDTH / t.image_width >= KEY_FLOOR for t in numbers)


def test_panel_grows_with_the_spaces_and_is_absent_without_babel() -> None:
    four, five = classic.view(_four(), None), classic.view(_five(), None)
    assert babel_height(five, NAMES) - babel_height(four, NAMES) == 56  # one more tier
    plain = four.model_copy(update={"tower": None, "projects": None})
    assert babel_height(plain, NAMES) == 0
    tall = load(board_png("classic", four, NAMES[:4])).height
    assert tall == load(board_png("classic", plain, NAMES[:4])).height + babel_height(four, NAMES)


def _gold(png: bytes) -> int:
    img = load(png)
    return sum(n for n, col in img.getcolors(1 << 20) or [] if col == GOLD)


def test_a_taken_token_is_a_gold_disc() -> None:
    nobody = with_projects(_four(), tokens=(0, 0, 0, 0), left=3)
    assert _gold(_png(_four())) > _gold(_png(nobody)) + 300  # a 30 px disc


def test_panel_names_the_cities_whose_wonder_resource_is_blocked(drawn_text: list[str]) -> None:
    from engine.classic.production import block_production

    s = _four()
    plain = classic.view(s, None)
    s = s._replace(cities=(block_production(s.cities[0], (3,)), *s.cities[1:]))  # Rhodos' ore
    v = classic.view(s, None)
    assert babel_height(v, NAMES[:4]) == babel_height(plain, NAMES[:4]) + 34
    board_png("classic", v, NAMES[:4])
    assert f"Wonder resource blocked: {NAMES[0]} ore" in "\n".join(drawn_text)
    assert "ore" not in v.cities[0].production.fixed
