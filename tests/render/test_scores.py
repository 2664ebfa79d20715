"""Score sheets explain how a tie on points was decided."""

from __future__ import annotations

from types import SimpleNamespace

from engine.common import Outcome, Score
from render import scores_png
from render.scores import ranking, tie_note

NAMES = ["Ana", "Bo", "Cy", "Dee"]


def _outcome(totals: list[int], winners: list[int], civ: list[int] | None = None) -> Outcome:
    civ = civ or [0] * len(totals)
    return Outcome(
        scores=[Score(civilian=c, total=t) for t, c in zip(totals, civ, strict=True)],
        winners=winners,
    )


def _final_view(coins: list[int]) -> SimpleNamespace:
    """The part of a classic final view the sheet reads: each city's coins."""
    return SimpleNamespace(cities=[SimpleNamespace(coins=c) for c in coins])


def test_a_tie_broken_by_coins_says_so_with_both_figures(drawn_text: list[str]) -> None:
    out = _outcome([40, 33, 38, 40], winners=[3])
    view = _final_view([5, 2, 9, 7])
    assert tie_note("classic", out, NAMES, view) == "Tie on points (40), broken by coins: 7 vs 5"
    scores_png("classic", out, NAMES, view)
    assert "Tie on points (40), broken by coins: 7 vs 5" in drawn_text
    assert ranking(out, [5, 2, 9, 7]) == [3, 0, 2, 1]


def test_equal_coins_too_is_a_shared_victory(drawn_text: list[str]) -> None:
    out = _outcome([40, 33, 40], winners=[0, 2])
    view = _final_view([6, 1, 6])
    note = tie_note("classic", out, NAMES, view)
    assert note == "Tie on points (40) and on coins (6 each): shared victory"
    scores_png("classic", out, NAMES, view)
    assert "Shared victory: Ana & Cy" in drawn_text and note in drawn_text
    # both winners share first place
    assert [t for t in drawn_text if t.endswith(".")][:2] == ["1.", "1."]


def test_duel_tie_is_broken_by_civilian_points() -> None:
    out = Outcome(
        scores=[Score(civilian=9, total=50), Score(civilian=12, total=50)],
        winners=[1],
        victory="civilian",
    )
    assert tie_note("duel", out, NAMES) == "Tie on points (50), broken by civilian points: 12 vs 9"


def test_no_tie_no_note_and_supremacy_needs_none() -> None:
    assert tie_note("classic", _outcome([41, 40], winners=[0]), NAMES) == ""
    out = Outcome(scores=[Score(total=30), Score(total=30)], winners=[0], victory="military")
    assert tie_note("duel", out, NAMES) == ""
