"""The score sheet's "used N hints" notes (issue 22): under the name of each seat that asked
for hints, and only those."""

from __future__ import annotations

from render import scores_png
from render.samples import NAMES, classic_outcome
from render.scores import hints_note

from .helpers import load


def test_hints_note_counts_in_words() -> None:
    assert hints_note(0) == ""
    assert hints_note(1) == "used 1 hint"
    assert hints_note(3) == "used 3 hints"


def test_the_sheet_says_who_used_hints(drawn_text: list[str]) -> None:
    names = list(NAMES[:4])
    png = scores_png("classic", classic_outcome(4), names, hints={0: 3, 2: 1})
    assert load(png).width > 0
    assert drawn_text.count("used 3 hints") == 1 and drawn_text.count("used 1 hint") == 1
    assert all(n in drawn_text for n in names), "every name is still drawn"


def test_no_hints_no_note_and_the_same_image(drawn_text: list[str]) -> None:
    out = classic_outcome(3)
    plain = scores_png("classic", out, list(NAMES[:3]))
    assert not [t for t in drawn_text if "hint" in t]
    assert scores_png("classic", out, list(NAMES[:3]), hints={}) == plain
    assert scores_png("classic", out, list(NAMES[:3]), hints={1: 2}) != plain


def test_the_sheet_shows_each_rating_change(drawn_text: list[str]) -> None:
    names = list(NAMES[:3])
    out = classic_outcome(3)
    plain = scores_png("classic", out, names)
    drawn_text.clear()
    rated = scores_png("classic", out, names, hints={1: 2}, ratings={0: 23, 1: -9})
    assert "rating +23" in drawn_text and "used 2 hints · rating -9" in drawn_text
    assert rated != plain and scores_png("classic", out, names, ratings={}) == plain
