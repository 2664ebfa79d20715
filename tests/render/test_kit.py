"""The drawing kit: fonts cached, text always inside its box, glyphs the font really has."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops

from render import kit


def test_fonts_are_loaded_once_per_size() -> None:
    assert kit.font(24) is kit.font(24)
    assert kit.font(24) is not kit.font(30)


@settings(max_examples=60, deadline=None)
@given(
    text=st.text(alphabet="abcdefghij KLMNOP-.,", min_size=1, max_size=120),
    width=st.integers(40, 600),
    align=st.sampled_from(["left", "center", "right"]),
)
@example(text="jKf", width=40, align="left")  # the j's tail left of the box, the f's right
@example(text="jKf", width=40, align="center")
@example(text="jKf", width=40, align="right")
# an ellipsised non-ASCII line loses its leading space when drawn: measured without it
@example(text=" JdOdhgfhcaddJJcLNbbjfNNjP", width=71, align="left")
def test_line_in_never_overflows(text: str, width: int, align: str) -> None:
    c = kit.Canvas(width + 40, 60)
    drawn = c.line_in((20, 0, 20 + width, 60), text, 40, align=align, min_size=12)
    assert drawn <= width
    # nothing was painted left or right of the box [20, 20 + width)
    bg = Image.new("RGB", c.img.size, kit.BG)
    bbox = ImageChops.difference(c.img, bg).getbbox()
    assert bbox is None or (bbox[0] >= 20 and bbox[2] <= 20 + width), (bbox, drawn)


@settings(max_examples=40, deadline=None)
@given(
    text=st.text(alphabet="abcdefg hijk LMNOP", min_size=1, max_size=300),
    width=st.integers(80, 500),
    height=st.integers(20, 200),
)
@example(text="LNPPPaaa hf", width=181, height=33)  # the final f's ink overhangs its advance
def test_para_stays_in_its_box(text: str, width: int, height: int) -> None:
    c = kit.Canvas(width + 40, height + 80)
    c.para((20, 20, 20 + width, 20 + height), text, 32, min_size=12)
    bg = Image.new("RGB", c.img.size, kit.BG)
    bbox = ImageChops.difference(c.img, bg).getbbox()
    if bbox is not None:
        assert bbox[0] >= 20 and bbox[2] <= 20 + width + 1
        assert bbox[3] <= 20 + height + 4


def test_wrap_respects_width() -> None:
    lines = kit.wrap("the quick brown fox jumps over the lazy dog " * 4, 24, 200)
    assert len(lines) > 3
    assert all(kit.text_width(line, 24) <= 200 for line in lines)


def test_fit_font_shrinks_long_text() -> None:
    assert kit.fit_font("short", 500, 40) == 40
    assert kit.fit_font("a rather long line of text indeed", 150, 40) < 40


@settings(max_examples=80, deadline=None)
@given(text=st.text(min_size=1, max_size=60))
def test_drawable_keeps_only_glyphs_the_font_has(text: str) -> None:
    shown = kit.drawable(text)
    assert all(kit.has_glyph(ch) for ch in shown)
    assert kit.drawable(shown) == shown  # idempotent: measuring and drawing agree


@settings(max_examples=30, deadline=None)
@given(text=st.text(min_size=1, max_size=80), width=st.integers(40, 400))
def test_any_unicode_line_stays_in_its_box(text: str, width: int) -> None:
    c = kit.Canvas(width + 40, 60)
    drawn = c.line_in((20, 0, 20 + width, 60), text, 36, min_size=12)
    assert drawn <= width
    bg = Image.new("RGB", c.img.size, kit.BG)
    bbox = ImageChops.difference(c.img, bg).getbbox()
    assert bbox is None or (bbox[0] >= 19 and bbox[2] <= 20 + width + 2)


def test_names_keep_their_script_and_lose_only_emoji() -> None:
    assert kit.drawable("Zoë Müller-Łukasz") == "Zoë Müller-Łukasz"
    assert kit.drawable("Straße Ørsted") == "Straße Ørsted"
    assert kit.drawable("山田 🎲") == "山田"
    assert kit.drawable("🎲🐉") == ""
    assert kit.drawable("tab\tand\nnewline") == "tab and newline"
    assert kit.has_glyph("山") and kit.has_glyph("A") and not kit.has_glyph("🐉")
