"""Score sheets explain how a tie on points was decided."""

from __future__ import annotations

from types import SimpleNamespace

from engine.common import Outcome, Score
from render import kit, scores_png
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


def test_ten_chips_of_leaders_and_cities_keep_whole_labels() -> None:
    """Leaders + Cities score ten categories: each chip's label is drawn whole (short forms
    "Coins" and "Wonder" where the long ones would end in "…"), the figures with it."""
    score = Score(
        military=8,
        treasury=4,
        wonders=3,
        civilian=7,
        science=2,
        commercial=2,
        guilds=0,
        leaders=6,
        cities=7,
        debt=-4,
        total=35,
    )
    with kit.recording() as drawn:
        scores_png("classic", Outcome(scores=[score, Score()], winners=[0]), ["ana", "bo"])
    texts = [d.text for d in drawn]
    labels = ["Military", "Coins", "Wonder", "Civilian", "Science", "Trade", "Guilds"]
    assert all(label in texts for label in [*labels, "Leaders", "Cities", "Debt"]), texts
    assert not [t for t in texts if t.endswith("…")], texts
    assert "-4" in texts and "6" in texts
    with kit.recording() as drawn:  # the base game keeps the long labels
        scores_png(
            "classic",
            Outcome(
                scores=[score.model_copy(update={"leaders": 0, "cities": 0, "debt": 0})],
                winners=[0],
            ),
            ["ana"],
        )
    assert "Treasury" in [d.text for d in drawn] and "Wonders" in [d.text for d in drawn]
