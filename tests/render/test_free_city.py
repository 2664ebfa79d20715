"""The 2-player game's images: the Free City as a marked neutral third city, its controller,
the controller's Free City pick, neighbours as seen from each player, the score sheet."""

from __future__ import annotations

from engine import classic
from render import board_detail_png, board_png, free_city, hand_png, scores_png
from render.samples import NAMES
from render.variant_samples import two_final, two_free_city_pick, two_game

from .helpers import load

TWO = NAMES[:2]


def test_table_draws_the_free_city_as_a_marked_third_city(drawn_text: list[str]) -> None:
    v = classic.view(two_game(), None)
    assert v.free_city is not None and len(v.cities) == 3
    img = load(board_png("classic", v, TWO))
    assert img.width == 800 and 800 < img.height < 2000
    assert drawn_text.count("Free City") == 1 and "Neutral · cannot win" in drawn_text
    who = TWO[v.free_city.controller]
    assert f"{who} plays its card this turn" in drawn_text
    assert not [t for t in drawn_text if "Seat 3" in t]
    for name in TWO:
        assert name in drawn_text


def test_the_free_city_is_named_even_when_three_names_are_given(drawn_text: list[str]) -> None:
    v = classic.view(two_game(), None)
    board_detail_png("classic", v, ["Ana", "Bo", "Cy"])
    assert "Free City" in drawn_text and "Cy" not in drawn_text


def test_table_waits_for_the_free_city_card_once_the_controller_picked(
    drawn_text: list[str],
) -> None:
    state, seat = two_free_city_pick()
    other = 1 - seat
    state = classic.apply(state, other, classic.legal_moves(state, other)[0])[0]
    board_png("classic", classic.view(state, None), TWO)
    assert f"Waiting for: {TWO[seat]} (Free City's card)" in drawn_text


def test_hand_neighbours_are_named_from_each_player_side(drawn_text: list[str]) -> None:
    state = two_game()
    hand_png("classic", classic.view(state, 0), TWO)
    assert "Free City (left)" in drawn_text and "Bo (right)" in drawn_text
    drawn_text.clear()
    hand_png("classic", classic.view(state, 1), TWO)
    assert "Ana (left)" in drawn_text and "Free City (right)" in drawn_text


def test_controller_free_city_pick_shows_its_hand_and_labels(drawn_text: list[str]) -> None:
    state, seat = two_free_city_pick()
    v = classic.view(state, seat)
    assert v.free_city is not None and v.free_city.picking
    img = load(hand_png("classic", v, TWO))
    assert img.width == 800
    joined = "\n".join(drawn_text)
    assert drawn_text[0].startswith("The Free City's card · Age")
    assert "Your 2nd pick: its hand, its coins, its prices" in drawn_text
    for card in v.hand:
        assert card in drawn_text
    assert "You sell to the Free City" in drawn_text
    assert f"{TWO[1 - seat]} sells to the Free City" in drawn_text
    assert "Your own pick: " in joined and "Discard any card" not in joined


def test_free_city_payments_name_the_viewer_as_you() -> None:
    state, seat = two_free_city_pick()
    v = classic.view(state, seat)
    # The Free City (seat 2) has seat 1 on its left and seat 0 on its right.
    assert free_city.payees(v, TWO) == (("you", "Ana") if seat == 1 else ("Bo", "you"))


def test_the_other_player_never_sees_the_free_city_hand(drawn_text: list[str]) -> None:
    state, seat = two_free_city_pick()
    fc_hand = set(classic.view(state, seat).hand)
    other = classic.view(state, 1 - seat)
    assert other.free_city is not None and not other.free_city.picking
    public = classic.view(state, None).model_dump_json()
    hidden = {c for c in fc_hand if c not in other.hand and c not in public}
    assert hidden
    hand_png("classic", other, TWO)
    board_png("classic", other, TWO)
    assert f"{TWO[seat]} picks the Free City's card" in drawn_text
    for text in drawn_text:
        for card in hidden:
            assert card not in text, (card, text)


def test_controller_own_hand_reminds_of_the_second_pick(drawn_text: list[str]) -> None:
    state = two_game()
    who = classic.view(state, None).free_city
    assert who is not None
    hand_png("classic", classic.view(state, who.controller), TWO)
    assert drawn_text[0].startswith("Your hand")
    assert "After your card, you pick the Free City's" in drawn_text


def test_score_sheet_lists_the_free_city_last_unranked(drawn_text: list[str]) -> None:
    end = two_final()
    out = classic.outcome(end)
    assert out is not None and len(out.scores) == 3 and set(out.winners) <= {0, 1}
    png = scores_png("classic", out, TWO, classic.view(end, None))
    assert load(png).width == 800
    rows = [t for t in drawn_text if t in ("Ana", "Bo", "Free City (cannot win)")]
    assert rows[-1] == "Free City (cannot win)" and sorted(rows[:2]) == ["Ana", "Bo"]
    assert "-" in drawn_text and "3." not in drawn_text
    drawn_text.clear()
    assert scores_png("classic", out, TWO) == scores_png("classic", out, TWO)
    assert "Free City (cannot win)" in drawn_text  # without the view: two names, three scores
