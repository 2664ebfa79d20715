"""Every name in its own script: bundled fonts, per-character fallback, no missing-glyph box."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fontTools.ttLib import TTFont
from PIL import Image, ImageChops

from engine import classic
from render import board_png, glyphs, hand_png, kit, scores_png
from render.samples import classic_game, classic_outcome

WORLD = ["Сергей", "José", "李小龍", "Zoë", "محمد", "🐉 Drake"]


@lru_cache(maxsize=8)
def _cmap(index: int) -> frozenset[int]:
    """The code points the font file itself maps (read with fontTools, not coverage.json)."""
    return frozenset(TTFont(glyphs.FONT_DIR / glyphs.font_files()[index]).getBestCmap())


def _draw_all(state: Any) -> list[kit.DrawnText]:
    with kit.recording() as drawn:
        board_png("classic", classic.view(state, None), WORLD)
        hand_png("classic", classic.view(state, 2), WORLD)
        scores_png("classic", classic_outcome(6), WORLD)
    return drawn


def test_six_scripts_draw_as_written_with_glyphs_from_the_chosen_font() -> None:
    drawn = _draw_all(classic_game(6))
    joined = "\n".join(t.text for t in drawn)
    for name in ("Сергей", "José", "李小龍", "Zoë", "Drake"):
        assert name in joined, name
    # Arabic is laid out by raqm from the logical string, else reversed for a plain layout
    assert ("محمد" if glyphs.RAQM else "دمحم") in joined
    assert "Seat " not in joined and "🐉" not in joined
    missing = [
        (t.text, ch)
        for t in drawn
        for index, run in glyphs.runs(t.text)
        for ch in run
        if ch != " " and ord(ch) not in _cmap(index)
    ]
    assert not missing, missing[:5]


def test_one_name_mixing_scripts_uses_one_font_per_run() -> None:
    pieces = glyphs.runs(kit.drawable("Li 李 Сергей محمد"))
    files = [glyphs.font_files()[i] for i, _ in pieces]
    assert files == [
        "NotoSans-Regular.ttf",
        "NotoSansCJKsc-Subset.otf",
        "NotoSans-Regular.ttf",
        "NotoSansArabic-Regular.ttf",
    ]
    c = kit.Canvas(600, 60)
    c.line_in((10, 0, 590, 60), "Li 李 Сергей محمد", 30)
    ink = ImageChops.difference(c.img, Image.new("RGB", c.img.size, kit.BG)).getbbox()
    assert ink is not None and ink[2] - ink[0] >= kit.text_width("Li 李 Сергей محمد", 30) - 4


def test_emoji_only_name_falls_back_to_its_seat() -> None:
    from render.widgets import name_of

    assert name_of(["🐉🎲", "Bo"], 0) == "Seat 1"
    assert name_of(["🐉 Drake"], 0) == "Drake"


def test_punctuation_after_an_arabic_name_stays_after_it() -> None:
    """', ' between names must not be pulled to the far side of a right-to-left name."""
    pieces = glyphs.runs(kit.drawable("Zoë, محمد, Drake"))
    files = [glyphs.font_files()[i] for i, _ in pieces]
    assert files == ["NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSans-Regular.ttf"]
    assert pieces[0][1] == "Zoë, " and pieces[2][1] == ", Drake"
    inner = glyphs.runs("محمد علی")
    assert len(inner) == 1  # a two-word Arabic name is one run: raqm orders its words


def test_right_to_left_runs_without_raqm_are_reversed_into_reading_order() -> None:
    """Without raqm, Pillow lays text out left to right: the run is reversed so the letters
    still read right to left (unjoined); Latin is never reversed."""
    assert glyphs.runs("Bo محمد", shaped=False) == ((0, "Bo "), (1, "دمحم"))
    assert glyphs.runs("Bo محمد", shaped=True) == ((0, "Bo "), (1, "محمد"))
    assert glyphs.runs("דוד", shaped=False) == ((2, "דוד"[::-1]),)
    assert glyphs.font_files()[2] == "NotoSansHebrew-Regular.ttf"


def test_the_words_picture_labels_the_parts_its_page_names(drawn_text: list[str]) -> None:
    """Issue 35.15: the tutorial's "Words of the game" picture labels what the page names."""
    from bot.presenters.tutorial import NAMES, page
    from render import draw

    for kind, words in (
        ("classic", {"Age", "City", "Wonder stage", "Trading", "Hand"}),
        ("duel", {"Conflict pawn", "Pyramid", "City"}),
    ):
        drawn_text.clear()
        p = page(kind, 0)
        assert p.image == "words"
        draw("words", kind, p.view, list(NAMES[: len(p.view.cities)]))
        assert words <= set(drawn_text), (kind, words - set(drawn_text))
