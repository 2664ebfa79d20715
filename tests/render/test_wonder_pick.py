"""Wonder-pick images: the private options, the public who-has-picked table, the clash."""

from __future__ import annotations

import pytest

from engine import classic
from engine.classic import Config
from engine.classic.board_text import stage_gain
from engine.classic.data import BASE_BOARD_COUNT
from engine.classic.data import BOARDS as ALL_BOARDS
from render import board_png, hand_png, wonder_choice_png, wonder_table_png
from render.samples import NAMES
from render.variant_samples import pick_clash, pick_start, two_game
from render.wonder_pick import free_city_seat

from .helpers import load

BOARDS = ALL_BOARDS[:BASE_BOARD_COUNT]  # a base game offers these (Cities adds two)

FOUR = NAMES[:4]


def _pick(state: object, seat: int, board: str) -> object:
    move = next(m for m in classic.legal_moves(state, seat) if f":{board}:" in str(m))
    return classic.apply(state, seat, move)[0]


def test_choice_draws_every_offered_board_with_its_stages(drawn_text: list[str]) -> None:
    v = classic.view(pick_start(4, "A", 0), 2)
    img = load(wonder_choice_png(v, FOUR))
    assert img.width == 800 and 1000 < img.height < 4000
    joined = "\n".join(drawn_text)
    assert v.wonder_pick is not None and len(v.wonder_pick.options) == 7
    for b in BOARDS[:BASE_BOARD_COUNT]:  # Roma (Leaders box) is never offered here
        assert b.city in drawn_text and b.wonder in joined
        for st in b.sides[0]:
            assert stage_gain(st.effect).replace("+", " + ") in joined, (b.city, st)
    assert drawn_text.count("A") == 7 and "B" not in drawn_text  # the table plays side A
    assert drawn_text[0] == "Choose your wonder · round 1"


def test_choice_with_leaders_offers_roma_without_a_resource(drawn_text: list[str]) -> None:
    state = classic.new_game(Config(players=3, wonders="choose", expansions=("leaders",)), 1)
    v = classic.view(state, 0)
    assert v.wonder_pick is not None and len(v.wonder_pick.options) == 8
    img = load(wonder_choice_png(v, NAMES[:3]))
    assert img.width == 800 and "Roma" in drawn_text and "none" in drawn_text


def test_choice_with_sides_shows_both_sides_of_each_board(drawn_text: list[str]) -> None:
    v = classic.view(pick_start(2, "choose", 0), 0)
    assert v.wonder_pick is not None and len(v.wonder_pick.options) == 14
    wonder_choice_png(v, NAMES[:2])
    assert drawn_text.count("A") == 7 and drawn_text.count("B") == 7
    assert "3 VP + 1 shield + 3 coins" in drawn_text  # Rhodos B's first stage


def test_a_seat_that_picked_sees_its_pick_and_nothing_else(drawn_text: list[str]) -> None:
    state = _pick(pick_start(4, "A", 0), 0, "Gizah")
    v = classic.view(state, 0)
    wonder_choice_png(v, FOUR)
    joined = "\n".join(drawn_text)
    assert "Your pick: Gizah side A" in joined
    assert [b.city for b in BOARDS if b.city in drawn_text] == ["Gizah"]


def test_nobody_else_can_tell_what_a_seat_picked() -> None:
    """Every other seat's image and the public one are byte-identical whatever seat 0 chose."""
    start = pick_start(4, "A", 0)
    a, b = _pick(start, 0, "Rhodos"), _pick(start, 0, "Gizah")
    for seat in (1, 2, 3, None):
        va, vb = classic.view(a, seat), classic.view(b, seat)
        assert board_png("classic", va, FOUR) == board_png("classic", vb, FOUR)
        if seat is not None:
            assert hand_png("classic", va, FOUR) == hand_png("classic", vb, FOUR)
    assert hand_png("classic", classic.view(a, 0), FOUR) != hand_png(
        "classic", classic.view(b, 0), FOUR
    )


def test_public_table_says_who_picked_and_who_is_choosing(drawn_text: list[str]) -> None:
    v = classic.view(pick_start(4, "A", 2), None)
    img = load(wonder_table_png(v, FOUR))
    assert img.width == 800 and img.height < 800
    assert drawn_text.count("picked") == 1 + 2  # the counter's label and two badges
    assert drawn_text.count("choosing") == 2
    assert "2/4" in drawn_text
    assert "Waiting for: Cyrille-Alexandra, Dee" in drawn_text
    assert not [t for t in drawn_text if any(b.city in t for b in BOARDS)]


def test_after_a_clash_the_draw_and_the_boards_left_are_shown(drawn_text: list[str]) -> None:
    v = classic.view(pick_clash(), None)
    assert v.wonder_pick is not None and v.wonder_pick.round == 2
    winner = next(s for s in range(3) if v.wonder_pick.seated[s])
    board_png("classic", v, FOUR)
    joined = " ".join(drawn_text)  # the clash line may wrap
    losers = [FOUR[s] for s in range(3) if s != winner]
    said = f"chose Rhodos; the draw gave it to {FOUR[winner]}; {' and '.join(losers)} pick again"
    assert said in joined, joined
    assert "Rhodos A" in drawn_text and "Ephesos A" in drawn_text
    free = next(t for t in drawn_text if t.startswith("Alexandria"))
    assert free == "Alexandria, Babylon, Olympia, Halikarnassos, Gizah"
    assert "2/4" in drawn_text


def test_a_clash_loser_picks_again_from_what_is_left(drawn_text: list[str]) -> None:
    state = pick_clash()
    loser = next(s for s in range(3) if classic.view(state, None).wonder_pick.seated[s] is None)  # type: ignore[union-attr]
    hand_png("classic", classic.view(state, loser), FOUR)
    cities = [b.city for b in BOARDS if b.city in drawn_text]
    assert cities == ["Alexandria", "Babylon", "Olympia", "Halikarnassos", "Gizah"]
    assert any(t.startswith("Taken: Rhodos A (") for t in drawn_text)


def test_two_player_pick_shows_the_free_city_as_neutral(drawn_text: list[str]) -> None:
    v = classic.view(pick_start(2, "choose", 1), None)
    assert free_city_seat(v) == 2
    board_png("classic", v, NAMES[:2])
    assert "Free City" in drawn_text and "Seat 3" not in "\n".join(drawn_text)
    assert "1/2" in drawn_text  # the Free City is not counted as a picker
    three = classic.view(pick_start(3, "A", 1), None)
    assert free_city_seat(three) is None


def test_the_explicit_entry_points_refuse_another_phase() -> None:
    v = classic.view(two_game(), 0)
    with pytest.raises(ValueError, match="not a wonder-pick view"):
        wonder_choice_png(v, NAMES[:2])
    with pytest.raises(ValueError, match="not a wonder-pick view"):
        wonder_table_png(v, NAMES[:2])


def test_a_dealt_board_with_sides_to_choose_offers_its_two_sides(drawn_text: list[str]) -> None:
    state = classic.new_game(
        Config(players=3, wonders=["Gizah", "Rhodos", "Babylon"], sides="choose"), 2
    )
    hand_png("classic", classic.view(state, 0), NAMES[:3])
    assert [b.city for b in BOARDS if b.city in drawn_text] == ["Gizah"]
    assert drawn_text.count("A") == 1 and drawn_text.count("B") == 1
    assert drawn_text[0] == "Choose your side · round 1"
