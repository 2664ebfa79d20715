"""The table image of a Cities game: black cards, Debt and Diplomacy tokens, the debt phase."""

from __future__ import annotations

from engine import classic as C
from render import kit
from render.classic_hand import hand_image
from render.classic_table import table_png
from render.scores import scores_png
from tests.classic.cities.conftest import table, turn


def test_cities_table_shows_tokens_turns_of_seven_and_the_debt_phase() -> None:
    s = table(
        [
            {"hand": ["Hideout", "Altar"], "built": ["Militia"], "debt": 2, "diplomacy": 1},
            {},
            {},
        ]
    )
    s = turn(s, {0: "build:Hideout:0:0"})
    names = ["Ann", "Bo", "Cy"]
    with kit.recording() as drawn:
        png = table_png(C.view(s, None), names)
    texts = [d.text for d in drawn]
    assert png.startswith(b"\x89PNG")
    assert any("Turn 1 of 7" in t for t in texts)
    assert any(t.startswith("Coin loss, pay or take debt: ") and "Bo" in t for t in texts)
    assert "debt -2" in texts and "diplomacy 1" in texts
    with kit.recording() as drawn:
        hand_image(C.view(s, 1), names)
    assert any("of 7" in d.text for d in drawn)


def test_cities_score_sheet_has_cities_and_debt_chips() -> None:
    s = table([{"built": ["Capitol"], "debt": 3}, {}, {}])
    outcome = C.outcome(s._replace(phase=3))
    assert outcome is not None
    with kit.recording() as drawn:
        scores_png("classic", outcome, ["Ann", "Bo", "Cy"], C.view(s, None))
    texts = [d.text for d in drawn]
    assert "Cities" in texts and "Debt" in texts and "8" in texts and "-3" in texts
