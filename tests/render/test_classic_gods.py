"""The Gods & Heroes panel of the classic table: every god with its state, heroes, effects."""

from __future__ import annotations

from engine import classic
from render import board_png
from render.classic_gods import gods_lines
from render.samples import NAMES, classic_game, gods_game

from .helpers import load


def test_table_names_every_god_its_state_and_the_heroes(drawn_text: list[str]) -> None:
    v = classic.view(gods_game(5, 3, 14), None)
    assert v.gods is not None and v.gods.heroes  # the sample has a hero to show
    board_png("classic", v, NAMES[:5])
    joined = "\n".join(drawn_text)
    assert "Gods & Heroes" in joined
    for g in v.gods.gods:
        assert f"{NAMES[g.seat]}: {g.god}" in joined
    for h in v.gods.heroes:
        assert h.name in joined


def test_panel_grows_the_table_and_is_absent_without_the_variant() -> None:
    base = classic.view(classic_game(5, 3, 14), None)
    gods = classic.view(gods_game(5, 3, 14), None)
    assert gods_lines(base, NAMES[:5]) == []
    lines = gods_lines(gods, NAMES[:5])
    assert len(lines) >= 5
    tall = load(board_png("classic", gods, NAMES[:5])).height
    plain = load(board_png("classic", gods.model_copy(update={"gods": None}), NAMES[:5])).height
    assert tall >= plain + 44 + 36 * 5


def test_lasting_powers_are_listed() -> None:
    from engine.classic.variants.gods_view import gods_view

    s = gods_game(4, 2, 3)
    s = s._replace(gods=s.gods._replace(artemis=1, famine=(2, 6)))
    v = classic.view(s, None).model_copy(update={"gods": gods_view(s, None)})
    texts = [t for t, kind in gods_lines(v, NAMES[:4]) if kind == "effect"]
    assert texts == [
        "Artemis: Bo takes +1 Victory token each turn this Age",
        "Seth: Cyrille-Alexandra cannot use papyrus this turn",
    ]


def test_hand_shows_the_ready_god_then_the_invoked_power_and_the_famine(
    drawn_text: list[str],
) -> None:
    from render import hand_png
    from render.classic_gods import hand_lines
    from tests.classic.gods_kit import READY, table

    olympia = {"wonder": "Olympia", "stages_built": 3}
    s = table([olympia, {"wonder": "Gizah"}, {"wonder": "Babylon"}], status=(READY, 0, 0))
    s = s._replace(gods=s.gods._replace(famine=(0, 2)))
    ready = hand_lines(classic.view(s, 0), NAMES[:3])
    assert ready[0].startswith("Zeus is ready: invoke before your pick")
    assert ready[1] == "Seth's famine: no clay for you this turn"
    assert hand_lines(classic.view(s, 1), NAMES[:3]) == []  # not its god, not its famine
    s, _ = classic.apply(s, 0, classic.parse_move("power:Zeus:2"))
    hand_png("classic", classic.view(s, 0), NAMES[:3])
    assert "This turn: Invoke Zeus: Cyrille-Alexandra's card this turn is destroyed" in drawn_text
