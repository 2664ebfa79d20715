"""Duel views -> images: the adapter, the board / hand split, secrets, special-phase choices."""

from __future__ import annotations

import pytest

from engine.duel.data import LAYOUTS as ENGINE_LAYOUTS
from render import board_png, hand_png, kit, scores_png
from render.duel_adapt import scene_of
from render.duel_parts import LAYOUTS

from .duel_views import HIDDEN, LIBRARY, make_view, outcome
from .helpers import load

NAMES = ["Ana", "Bo"]


def _joined(texts: list[str]) -> str:
    return "\n".join(texts)


def test_render_layouts_match_the_engine_board() -> None:
    for age, layout in ENGINE_LAYOUTS.items():
        rows = LAYOUTS[age]
        flat = [(r + 1, col) for r, row in enumerate(rows) for col in row]
        assert list(layout.pos) == flat, age


def test_face_down_slots_show_only_their_back(drawn_text: list[str]) -> None:
    view = make_view()
    scene = scene_of(view, private=True)
    down = [s for s in scene.slots if not view.pyramid[s.index].face_up]
    assert down and all(s.name is None for s in down)
    board_png("duel", view, NAMES)
    hand_png("duel", view, NAMES)
    assert not any(HIDDEN in t for t in drawn_text)
    assert any("Baths" in t for t in drawn_text)  # face-up cards are drawn


def test_board_and_hand_are_valid_pngs_of_bounded_width() -> None:
    for phase in ("play", "token", "library", "destroy", "mausoleum", "start"):
        board = load(board_png("duel", make_view(seat=None, phase=phase), NAMES))
        assert board.width == 800 and 600 < board.height < 3000
        png = hand_png("duel", make_view(seat=0, phase=phase), NAMES)
        hand = load(png)
        assert hand.width == 800 and len(png) <= 500_000
        # The hand shows the seat's options, not the board again: well under the board.
        assert 200 < hand.height < board.height * 0.6, (phase, hand.height, board.height)


def test_same_view_same_bytes() -> None:
    view = make_view()
    assert hand_png("duel", view, NAMES) == hand_png("duel", view, NAMES)
    assert board_png("duel", view, NAMES) == board_png("duel", view, NAMES)


def test_hand_shows_prices_and_board_does_not(drawn_text: list[str]) -> None:
    view = make_view()
    board_png("duel", view, NAMES)
    public = _joined(drawn_text)
    drawn_text.clear()
    hand_png("duel", view, NAMES)
    private = _joined(drawn_text)
    for label in ("free", "3 coins", "can't afford", "free (chain)", "5 coins"):
        assert label in private.split("\n"), label
    assert "can't afford" not in public and "3 coins" not in public.split("\n")
    assert "Trade: wood 2" in private and "Trade" not in public


def test_prices_are_key_figures_on_a_phone(drawn_sizes: list[tuple[str, int]]) -> None:
    """The viewer's prices decide the move: 24 px on the 800 px image, 12 px on a phone."""
    png = hand_png("duel", make_view(), NAMES)
    assert load(png).width == 800
    prices = [size for text, size in drawn_sizes if text in ("3 coins", "5 coins")]
    assert len(prices) >= 2 and min(prices) >= 24


def test_affordable_flags_follow_the_view() -> None:
    scene = scene_of(make_view(), private=True)
    by_index = {s.index: s for s in scene.slots}
    for sv in make_view().pyramid:
        s = by_index[sv.index]
        if sv.accessible and sv.face_up:
            assert s.affordable is (sv.chain or sv.price is not None)
        else:
            assert s.affordable is None and s.price == ""
    mine = next(c for c in scene.cities if c.seat == 0)
    other = next(c for c in scene.cities if c.seat == 1)
    assert [w.price for w in mine.wonders] == ["5 coins", ""]  # the built one has no price
    assert all(w.price == "" for w in other.wonders)


def test_the_library_draw_reaches_only_the_choosers_hand(drawn_text: list[str]) -> None:
    chooser = make_view(seat=1, phase="library", to_act=1)
    assert [t.name for t in chooser.library_offer] == list(LIBRARY)
    board_png("duel", chooser, NAMES)  # even handed the chooser's own view
    board_png("duel", make_view(seat=None, phase="library", to_act=1), NAMES)
    hand_png("duel", make_view(seat=0, phase="library", to_act=1), NAMES)
    assert not any(name in t for t in drawn_text for name in LIBRARY)
    hand_png("duel", chooser, NAMES)
    assert all(any(name in t for t in drawn_text) for name in LIBRARY)


def test_private_events_stay_out_of_the_board(drawn_text: list[str]) -> None:
    view = make_view(seat=1)
    board_png("duel", view, NAMES)
    assert not any("Zeta" in t for t in drawn_text)
    assert any("Ana built Baths" in t for t in drawn_text)  # seat numbers become names
    drawn_text.clear()
    hand_png("duel", view, NAMES)
    assert any("Bo drew Zeta" in t for t in drawn_text)


@pytest.mark.parametrize(
    ("phase", "expected"),
    [
        ("token", ["Economy", "trading coins", "Strategy"]),
        ("destroy", ["Press"]),
        ("mausoleum", ["Altar"]),
        ("start", ["Ana starts Age II", "Bo starts Age II"]),
    ],
)
def test_special_phases_show_the_choice(
    phase: str, expected: list[str], drawn_text: list[str]
) -> None:
    hand_png("duel", make_view(seat=0, phase=phase, to_act=0), NAMES)
    joined = _joined(drawn_text)
    for text in expected:
        assert text in joined, (phase, text)


def test_hand_status_line_says_whose_turn(drawn_text: list[str]) -> None:
    hand_png("duel", make_view(seat=0, to_act=0), NAMES)
    assert any(t.startswith("Your turn") for t in drawn_text)
    drawn_text.clear()
    board_png("duel", make_view(seat=None, to_act=1), NAMES)
    assert any(t.startswith("Bo: choose a card") for t in drawn_text)


def test_seat_one_sees_its_own_city_on_the_left() -> None:
    scene = scene_of(make_view(seat=1), private=True)
    assert scene.viewer == 1
    assert scene_of(make_view(seat=1)).viewer is None  # the public board keeps seat 0 left


def test_duel_score_sheet_names_the_victory_type(drawn_text: list[str]) -> None:
    for victory, words in (
        ("science", "Scientific"),
        ("military", "Military supremacy"),
        ("civilian", "Civilian"),
    ):
        drawn_text.clear()
        png = scores_png("duel", outcome(victory), NAMES, make_view(phase="over", to_act=None))
        assert load(png).width == 800
        assert any(words in t for t in drawn_text), victory
    assert any("Progress" in t for t in drawn_text)


def test_non_ascii_names_never_crash_and_draw_only_known_glyphs(drawn_text: list[str]) -> None:
    names = ["Zoë Łukasz-Ørjan 🎲", "山田太郎"]
    view = make_view(seat=0)
    for png in (
        board_png("duel", view, names),
        hand_png("duel", view, names),
        scores_png("duel", outcome(), names),
    ):
        assert load(png).width == 800
    assert all(kit.has_glyph(ch) for t in drawn_text for ch in t)
    joined = _joined(drawn_text)
    assert "Zoë Łukasz-Ørjan" in joined and "山田太郎" in joined
    assert "Seat 2" not in joined


def test_text_stays_readable_on_a_phone(drawn_sizes: list[tuple[str, int]]) -> None:
    """The images are 800 px wide: nothing below 16 px (8 px on a phone), names larger."""
    for phase in ("play", "library", "mausoleum"):
        view = make_view(seat=0, phase=phase)
        hand_png("duel", view, ["A very long player name indeed, truly", "Bo"])
        board_png("duel", view, NAMES)
    assert min(size for _, size in drawn_sizes) >= 16
    status = [size for text, size in drawn_sizes if text.startswith(("Your turn", "Ana:"))]
    assert status and min(status) >= 18
    names = [size for text, size in drawn_sizes if text in ("Ana", "Bo")]
    assert names and min(names) >= 24


def test_game_over_board_names_winner_and_victory(drawn_text: list[str]) -> None:
    view = make_view(seat=None, phase="over", to_act=None, outcome=outcome("military"))
    board_png("duel", view, NAMES)
    assert "Ana wins by military supremacy" in drawn_text


def test_no_wonder_prices_during_the_draft() -> None:
    scene = scene_of(make_view(seat=0, phase="draft", pyramid=[]), private=True)
    assert all(w.price == "" for city in scene.cities for w in city.wonders)
    assert scene_of(make_view(seat=0), private=True).cities[0].wonders[0].price == "5 coins"
