"""How the engines and the bot write counts, ages and durations, and the Duel events that
once said "1 coins" or "0 coins"; payments to neighbours."""

from __future__ import annotations

from engine import wording
from engine.classic import describe_move, parse_move
from engine.duel import events as duel_events
from engine.duel.data import CARD_INDEX
from engine.wording import paid_to_neighbours


def test_counts_and_purses() -> None:
    assert [wording.coins(n) for n in (0, 1, 2)] == ["0 coins", "1 coin", "2 coins"]
    assert wording.count(1, "VP") == "1 VP" and wording.count(3, "VP") == "3 VP"
    assert wording.count(2, "copy") == "2 copies" and wording.count(1, "game") == "1 game"
    assert [wording.purse(n) for n in (0, 1, 7)] == ["no coins", "1 coin", "7 coins"]


def test_roman_ages() -> None:
    assert [wording.age_name(a) for a in (1, 2, 3)] == ["Age I", "Age II", "Age III"]
    assert wording.roman(9) == "9"


def test_durations_as_people_write_them() -> None:
    said = {s: wording.duration(s) for s in (0, 45, 60, 1800, 3600, 43200, 86400, 129600)}
    assert said == {
        0: "no timer",
        45: "45 seconds",
        60: "1 minute",
        1800: "30 minutes",
        3600: "1 hour",
        43200: "12 hours",
        86400: "1 day",
        129600: "1 day 12 hours",
    }


def test_duel_events_never_say_one_coins_or_zero_coins() -> None:
    baths = CARD_INDEX["baths"]
    assert duel_events.build(0, baths, 0, False).text == "Seat 0 builds Baths (free)."
    assert duel_events.build(1, baths, 1, False).text == "Seat 1 builds Baths (1 coin)."
    assert duel_events.build(1, baths, 0, True).text == "Seat 1 builds Baths (chain)."
    assert duel_events.discard(0, baths, 3).text == "Seat 0 discards Baths for 3 coins."
    assert duel_events.lose_text(1, 0, " (military token)") == (
        "Seat 1 has no coins to lose (military token)."
    )
    assert duel_events.lose_text(0, 1, "") == "Seat 0 loses 1 coin."


def test_payments_to_neighbours_name_each_side_paid_in_the_right_number() -> None:
    assert paid_to_neighbours(0, 0) == ""
    assert paid_to_neighbours(1, 0) == " (1 coin to left)"
    assert paid_to_neighbours(0, 2) == " (2 coins to right)"
    assert paid_to_neighbours(2, 1) == " (2 coins to left, 1 coin to right)"


def test_a_paid_build_is_described_with_its_payments() -> None:
    assert describe_move(None, parse_move("build:Baths:1:2")) == (
        "Build Baths (1 coin to left, 2 coins to right)"
    )
