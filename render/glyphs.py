"""Bundled fonts and per-character fallback, so a name in any common script draws as written.

The chain (``render/fonts/``, built by ``tools/subset_fonts.py``) is Noto Sans (Latin with
Vietnamese, Greek, Cyrillic), Noto Sans Arabic, Noto Sans Hebrew and a CJK subset of Noto Sans
CJK SC. ``coverage.json`` lists each file's code points, so picking a font for a character is a
lookup, not a glyph probe. A text is split into runs that one font draws; emoji and anything else
no font maps are dropped by ``kit.drawable`` instead of showing a missing-glyph box.
"""

from __future__ import annotations

import bisect
import json
import pathlib
from functools import lru_cache

from PIL import ImageFont, features

__all__ = ["FONT_DIR", "RAQM", "face", "font_files", "font_of", "runs"]

FONT_DIR = pathlib.Path(__file__).with_name("fonts")
# raqm (with FriBiDi and HarfBuzz) shapes Arabic joining forms and lays RTL runs out right to
# left; without it the run is reversed so the letters at least read in the right order.
RAQM = bool(features.check("raqm"))
_RTL = {"NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf"}


@lru_cache(maxsize=1)
def _coverage() -> list[tuple[str, list[int], list[int]]]:
    """(file, range starts, range ends) in fallback order."""
    data = json.loads((FONT_DIR / "coverage.json").read_text(encoding="utf-8"))
    return [(name, [r[0] for r in rs], [r[1] for r in rs]) for name, rs in data.items()]


def font_files() -> list[str]:
    """The fallback chain, first choice first."""
    return [name for name, _, _ in _coverage()]


@lru_cache(maxsize=8192)
def font_of(ch: str) -> int | None:
    """Index in the chain of the first font that maps ``ch``; None when none does."""
    cp = ord(ch)
    for i, (_, starts, ends) in enumerate(_coverage()):
        k = bisect.bisect_right(starts, cp) - 1
        if k >= 0 and cp <= ends[k]:
            return i
    return None


@lru_cache(maxsize=256)
def face(index: int, size: int) -> ImageFont.FreeTypeFont:
    """Font ``index`` of the chain at ``size`` px, loaded once per (font, size)."""
    name = font_files()[index]
    layout = (
        ImageFont.Layout.RAQM if RAQM and name in _RTL else ImageFont.Layout.BASIC
    )  # basic layout is faster and enough for left-to-right scripts
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=layout)


def is_rtl(index: int) -> bool:
    return font_files()[index] in _RTL


@lru_cache(maxsize=8192)
def runs(text: str, shaped: bool = RAQM) -> tuple[tuple[int, str], ...]:
    """``text`` (already ``drawable``) as (font index, run) pieces in reading order.

    Spaces and punctuation the current font also maps stay in its run; at the ends of a
    right-to-left run they are split off (see ``_trim_rtl``). ``shaped``: whether raqm lays
    out the right-to-left runs (else they are reversed here).
    """
    out: list[tuple[int, str]] = []
    for ch in text:
        idx = font_of(ch)
        if idx is None:
            continue
        if out and (out[-1][0] == idx or (not ch.isalnum() and _maps(out[-1][0], ch))):
            out[-1] = (out[-1][0], out[-1][1] + ch)
        else:
            out.append((idx, ch))
    merged: list[tuple[int, str]] = []
    pieces = [piece for index, part in out for piece in _trim_rtl(index, part)]
    for i, part in pieces:
        if merged and merged[-1][0] == i:
            merged[-1] = (i, merged[-1][1] + part)
        else:
            merged.append((i, part))
    out = merged
    if not shaped:  # no raqm: lay right-to-left runs out reversed, in reading order
        out = [(i, s[::-1] if is_rtl(i) else s) for i, s in out]
    return tuple(out)


def _trim_rtl(index: int, run: str) -> list[tuple[int, str]]:
    """Split spaces and punctuation off both ends of a right-to-left run.

    Inside the run they belong to the RTL text, but at its ends (", " before the next name)
    the bidi layout would move them to the run's far side; as their own run they stay put.
    """
    if not is_rtl(index):
        return [(index, run)]
    core = run.strip(_NEUTRAL)
    if not core:
        return [(0 if _maps(0, ch) else index, ch) for ch in run]
    head, tail = run[: run.index(core)], run[run.index(core) + len(core) :]
    pieces = [(0, head)] if head else []
    pieces.append((index, core))
    if tail:
        pieces.append((0, tail))
    return pieces


_NEUTRAL = " ,.;:!?()[]{}-'\"/·…"


def _maps(index: int, ch: str) -> bool:
    _, starts, ends = _coverage()[index]
    cp = ord(ch)
    k = bisect.bisect_right(starts, cp) - 1
    return k >= 0 and cp <= ends[k]
