"""Drawing kit shared by every image: palette, cached fonts, text that fits its box, PNG output.

Fonts come from Pillow's bundled scalable font and are loaded once per size (``font``), so a
render never touches the disk. Every text helper takes a box and shrinks / wraps / ellipsises so
that nothing overflows it.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from render import glyphs
from render.colors import BG, CARD_COLORS, DIM, GOLD, INK, PANEL, PANEL2, RGB, TEXT
from render.palette import fixed_palette

__all__ = [
    "BG",
    "CARD_COLORS",
    "DIM",
    "GOLD",
    "INK",
    "MIN_TEXT",
    "PANEL",
    "PANEL2",
    "TEXT",
    "Box",
    "Canvas",
    "card_text_color",
    "drawable",
    "fit_font",
    "font",
    "has_glyph",
    "recording",
    "DrawnText",
    "text_width",
    "to_png",
    "wrap",
]

Box = tuple[int, int, int, int]  # left, top, right, bottom
# Smallest text size the fitting helpers shrink to by default: images are 800 px wide and are
# shown ~400 px wide on a phone, so 16 px stays 8 px there (smaller: ellipsise instead).
MIN_TEXT = 16


def card_text_color(color: str) -> RGB:
    """Dark text on light frames, white text on dark ones (contrast on phones)."""
    return INK if color in ("yellow", "grey", "gray") else TEXT


def font(size: int) -> ImageFont.FreeTypeFont:
    """The first font of the chain (Noto Sans) at ``size`` px, loaded once per size."""
    return glyphs.face(0, size)


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether a bundled font draws ``ch`` (spaces count; control characters do not)."""
    if ch == " ":
        return True
    return ch.isprintable() and not ch.isspace() and glyphs.font_of(ch) is not None


# Letters NFKD does not decompose, spelled with ASCII (names like Łukasz, Søren, Straße).
_SPELL = {
    "ß": "ss",
    "Ł": "L",
    "ł": "l",
    "Ø": "O",
    "ø": "o",
    "Æ": "AE",
    "æ": "ae",
    "Œ": "OE",
    "œ": "oe",
    "Đ": "D",
    "đ": "d",
    "Þ": "Th",
    "þ": "th",
    "ð": "d",
    "ı": "i",
    "—": "-",
    "–": "-",
    "−": "-",
    "‘": "'",
    "”": '"',
    "«": '"',
    "»": '"',
    "•": "·",
    "×": "x",
    "→": "->",
    "←": "<-",
}


@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """``text`` with every character the font lacks replaced by an ASCII spelling or dropped.

    Latin (accents kept), Greek, Cyrillic, Arabic, Hebrew and CJK are drawn as written; a letter
    no bundled font has is spelled or simplified, and the rest (emoji, rare scripts) is dropped,
    so callers that need a non-empty label check the result.
    """
    if text.isascii() and text.isprintable():
        return text
    out: list[str] = []
    for ch in text:
        if not ch.isprintable():
            out.append(" ")  # newlines, tabs, zero-width and bidi controls
        elif has_glyph(ch):
            out.append(ch)
        elif ch in _SPELL:
            out.append(_SPELL[ch])
        else:
            base = unicodedata.normalize("NFKD", ch)
            out.extend(b for b in base if not unicodedata.combining(b) and has_glyph(b))
    return " ".join("".join(out).split()) if out else ""


@lru_cache(maxsize=8192)
def text_width(text: str, size: int) -> int:
    return int(sum(glyphs.face(i, size).getlength(run) for i, run in glyphs.runs(text)))


@lru_cache(maxsize=4096)
def _lead(text: str, size: int) -> int:
    """Pixels a left-anchored text pokes out left of its anchor (e.g. the tail of a 'j')."""
    pieces = glyphs.runs(text)
    if not pieces:
        return 0
    i, run = pieces[0]
    return max(0, -int(glyphs.face(i, size).getbbox(run)[0]))


@lru_cache(maxsize=4096)
def _ink_right(text: str, size: int) -> int:
    """How far right of its anchor a left-anchored text's ink reaches: past its advance
    width when the last glyph overhangs (an italic-like 'f')."""
    x, right = 0.0, 0.0
    for i, run in glyphs.runs(text):
        face = glyphs.face(i, size)
        right = max(right, x + face.getbbox(run, anchor="la")[2])
        x += face.getlength(run)
    return int(right + 0.999)


def _ink_width(text: str, size: int) -> int:
    """The width of a text's ink, overhangs on both sides included (what must fit a box)."""
    return _lead(text, size) + _ink_right(text, size)


def _fitted(line: str, size: int, width: int) -> str:
    """``line`` ellipsised until its ink, overhangs included, stays within ``width``."""
    budget = width
    shown = _ellipsis(line, size, budget)
    while budget > width - size and _ink_width(shown, size) > width:
        budget -= 1
        shown = _ellipsis(line, size, budget)
    return shown


def _ink_bottom(lines: list[str], size: int, step: int) -> int:
    """How far below the first line's top the lowest glyph of ``lines`` reaches."""
    bottom = 0
    for row, line in enumerate(lines):
        for i, run in glyphs.runs(line):
            bottom = max(
                bottom, row * step + int(glyphs.face(i, size).getbbox(run, anchor="la")[3])
            )
    return bottom


def wrap(text: str, size: int, width: int) -> list[str]:
    """Greedy word wrap; a single word wider than ``width`` stays on its own line."""
    lines: list[str] = []
    cur = ""
    for word in text.split():
        trial = f"{cur} {word}" if cur else word
        if cur and text_width(trial, size) > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def _ellipsis(text: str, size: int, width: int) -> str:
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


def fit_font(text: str, width: int, size: int, min_size: int = 12) -> int:
    """Largest size <= ``size`` at which ``text``'s ink fits on one line of ``width`` px."""
    while size > min_size and max(text_width(text, size), _ink_width(text, size)) > width:
        size = max(min_size, size - 2)  # never below the floor the caller asked for
    return size


@dataclass(frozen=True)
class DrawnText:
    """One text as the renderer rasterised it: what, at which font size, on how wide an image."""

    text: str
    size: int
    image_width: int


# The legibility probe (``render.legibility``) listens here; None outside a ``recording()``.
_recorder: list[DrawnText] | None = None


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Collect every text drawn inside the ``with`` block (renders are synchronous)."""
    global _recorder
    previous, _recorder = _recorder, []
    try:
        yield _recorder
    finally:
        _recorder = previous


class Canvas:
    """An RGB image with the drawing helpers every renderer uses."""

    def __init__(self, width: int, height: int, bg: RGB = BG) -> None:
        self.img = Image.new("RGB", (width, height), bg)
        self.d = ImageDraw.Draw(self.img)

    def rect(
        self, box: Box, fill: RGB, radius: int = 0, outline: RGB | None = None, width: int = 1
    ) -> None:
        if radius:
            self.d.rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)
        else:
            self.d.rectangle(box, fill=fill, outline=outline, width=width)

    def text(
        self, xy: tuple[int, int], text: str, size: int, fill: RGB = TEXT, anchor: str = "la"
    ) -> None:
        shown = drawable(text)
        if _recorder is not None and shown.strip():
            _recorder.append(DrawnText(shown, size, self.img.width))
        pieces = glyphs.runs(shown)
        if len(pieces) == 1:
            i, run = pieces[0]
            self.d.text(xy, run, font=glyphs.face(i, size), fill=fill, anchor=anchor)
            return
        # Several fonts: lay the runs left to right from where the whole line starts.
        total = text_width(shown, size)
        x = xy[0] - {"l": 0, "m": total / 2, "r": total}.get(anchor[0], 0)
        for i, run in pieces:
            face = glyphs.face(i, size)
            self.d.text((x, xy[1]), run, font=face, fill=fill, anchor="l" + anchor[1])
            x += face.getlength(run)

    def line_in(
        self,
        box: Box,
        text: str,
        size: int,
        fill: RGB = TEXT,
        align: str = "left",
        min_size: int = MIN_TEXT,
    ) -> int:
        """One line in ``box``, vertically centred: shrink to fit, then ellipsise.

        Returns the width actually drawn.
        """
        width = box[2] - box[0]
        text = drawable(text)
        size = fit_font(text, width, size, min_size)
        # drawable() again: the '…' makes the text non-ASCII, and Canvas.text then collapses
        # its spaces (a leading one too), so measure exactly what will be drawn.
        text = drawable(_fitted(text, size, width))
        # Placed by its ink, not its advance: a 'j' pokes out left of its anchor and an 'f'
        # past its advance, so both overhangs count on whichever side they fall.
        ink = _ink_width(text, size)
        left = {"center": (width - ink) // 2, "right": width - ink}.get(align, 0)
        self.text(
            (box[0] + left + _lead(text, size), (box[1] + box[3]) // 2), text, size, fill, "lm"
        )
        return max(text_width(text, size), ink)

    def para(
        self,
        box: Box,
        text: str,
        size: int,
        fill: RGB = TEXT,
        min_size: int = MIN_TEXT,
        center: bool = False,
    ) -> None:
        """Wrapped text in ``box``: shrink until the lines fit, ellipsise the last one if not."""
        width, height = box[2] - box[0], box[3] - box[1]
        text = drawable(text)
        while True:
            lines = wrap(text, size, width)
            step = int(size * 1.2)
            if _ink_bottom(lines, size, step) <= height or size <= min_size:
                break
            size -= 2
        if _ink_bottom(lines, size, step) > height:
            # Descenders count: the last line's tail (g, p, j) must stay inside the box too.
            kept = max(1, height // step)
            while kept > 1 and _ink_bottom(lines[:kept], size, step) > height:
                kept -= 1
            if kept < len(lines):
                lines = lines[:kept]
                lines[-1] = _ellipsis(lines[-1] + "…", size, width)
        for i, line in enumerate(lines):
            line = _fitted(line, size, width)
            x = box[0] + (width - text_width(line, size)) // 2 if center else box[0]
            x += _lead(line, size)
            self.text((x, box[1] + i * step), line, size, fill)


def to_png(canvas: Canvas) -> bytes:
    """PNG bytes of the canvas.

    Flat-colour graphics survive a 256-colour palette; a palette image encodes ~3x faster
    than RGB and the file is ~2x smaller. The palette is fixed (see ``render.palette``).
    """
    out = io.BytesIO()
    pal = canvas.img.quantize(palette=fixed_palette(), dither=Image.Dither.NONE)
    pal.save(out, format="PNG", compress_level=3)
    return out.getvalue()
