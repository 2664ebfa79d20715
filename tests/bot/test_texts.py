"""Public texts read like a host says them: each fight once, coins counted right, AI names."""

from __future__ import annotations

from types import SimpleNamespace

from bot.games.classic.texts import military_text
from bot.presenters.texts import AI_NAMES, ai_name


def _view(shields: list[int]) -> SimpleNamespace:
    """The part of a classic public view the conflicts line reads: each city's shields."""
    return SimpleNamespace(cities=[SimpleNamespace(shields=s) for s in shields])


def test_each_fight_is_listed_once() -> None:
    text = military_text(_view([3, 1, 1]), 2, ["Ana", "Bo", "Cy"])
    assert text == (
        "Ana beats Bo 3–1 (+3 / −1) · Bo and Cy tie on 1 shield · Ana beats Cy 3–1 (+3 / −1)"
    )
    seven = military_text(_view([0, 1, 2, 3, 4, 5, 6]), 3, [f"P{i}" for i in range(7)])
    assert seven.count(" · ") == 6  # seven neighbouring pairs round the table
    assert "P6 beats P0 6–0 (+5 / −1)" in seven


def test_a_seat_with_a_diplomacy_token_sits_out_and_its_neighbours_fight() -> None:
    names = ["Ana", "Bo", "Cy", "Dee"]
    text = military_text(_view([1, 5, 2, 0]), 1, names, frozenset({1}))
    assert text.startswith("Bo stays out (diplomacy)")
    assert "Ana beats Cy" not in text and "Cy beats Ana 2–1 (+1 / −1)" in text
    assert "Bo" not in text.split(" · ", 1)[1], "Bo fights nobody"
    assert text.count(" · ") == 3  # Bo's line + Ana–Cy, Cy–Dee, Dee–Ana
    two_left = military_text(_view([1, 5, 2, 0]), 1, names, frozenset({1, 3}))
    assert two_left.endswith("Cy beats Ana 2–1 (+1 / −1)") and two_left.count(" · ") == 2
    alone = military_text(_view([1, 5, 2]), 3, names[:3], frozenset({0, 1}))
    assert alone == "Ana stays out (diplomacy) · Bo stays out (diplomacy)"  # no fight


def test_ai_seats_are_named_like_players() -> None:
    names = [ai_name(seat) for seat in range(7)]
    assert names[0] == "Hypatia (AI)" and len(set(names)) == 7
    assert all(n.endswith(" (AI)") and n[:-5] in AI_NAMES for n in names)


def test_duel_events_say_nothing_about_zero_coins() -> None:
    from bot.presenters.texts import duel_sentence
    from engine.common import Event

    names = ["Ana", "Bo"]
    lose0 = Event(kind="lose", text="Seat 1 loses 0 coins.", data={"seat": 1, "coins": 0})
    lose1 = Event(kind="lose", text="Seat 1 loses 1 coins.", data={"seat": 1, "coins": 1})
    loot0 = Event(
        kind="loot", text="Seat 0 loses 0 coins (military token).", data={"seat": 0, "coins": 0}
    )
    assert duel_sentence(lose0, names) is None
    assert duel_sentence(lose1, names) == "Bo loses 1 coin."
    assert duel_sentence(loot0, names) == "Ana had no coins to lose to the military token."
