"""Rules 3.5 with the ``partial_penalty`` switch on (default off, [E]: the reference found no
partial payment): a player who cannot suffer the whole penalty of a failed project first loses
all it has of what the penalty asks (coins, victory tokens, cards of the colour), then takes
the Age's Edifice debt token."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.classic.edifice.data import DECISIONS
from tests.classic.edifice.kit import card, edifice, play_turn, table

LAST = ["Altar", "Theater"]


@pytest.fixture(autouse=True)
def partial(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(DECISIONS, "partial_penalty", True)


def _fail(seats: list[dict[str, object]], age: int, projects: tuple[str, str, str]) -> C.State:
    """The Age's last turn, everyone selling Altar: the project fails at the Age's end."""
    s = table([{"hand": LAST, **x} for x in seats], age=age, turn=6, projects=projects)
    return play_turn(s, {i: "discard:Altar" for i in range(len(seats))})


def test_rule_3_5_partial_payment_loses_every_coin_then_takes_the_token() -> None:
    projects = ("Money Changer", "Auction House", "Gold Reserves")  # lose 9 coins
    s = _fail([{"coins": 1}, {"coins": 6}, {"coins": 9}], 3, projects)
    # with the sale's 3 coins: 4, 9 and 12; only seat 0 falls short
    assert [c.coins for c in s.cities] == [0, 0, 3]
    assert edifice(s).debt == ((-5,), (), ())
    said = [e.text for e in s.last_events if e.kind == "edifice_debt"]
    assert said == [
        "Seat 0 cannot suffer the whole penalty: it loses 4 coins (all it has) and takes a -5 "
        "VP Edifice debt token."
    ]


def test_rule_3_5_partial_payment_loses_every_victory_token_then_takes_the_token() -> None:
    projects = ("Money Changer", "Auction House", "Concentric Castle")  # lose 2 victory tokens
    s = _fail([{"tokens": (3, -1)}, {"tokens": (1, 3)}, {"tokens": (1, 5, 3)}], 3, projects)
    # no shields anywhere: the Age's conflicts add no token after the penalty
    assert [sorted(c.tokens) for c in s.cities] == [[-1], [], [5]]
    assert edifice(s).debt == ((-5,), (), ())


def test_rule_3_5_partial_payment_without_a_card_of_the_colour_is_only_the_token() -> None:
    projects = ("Curtain Wall", "Auction House", "Gold Reserves")  # discard a grey card
    s = _fail([{"built": ["Ore Vein"]}, {"built": ["Loom", "Press"]}, {}], 1, projects)
    assert s.cities[0].built == (card("Ore Vein"),)  # nothing grey: nothing else goes
    assert s.cities[1].built == (card("Loom"),) and card("Press") in s.discard  # the last grey
    assert edifice(s).debt == ((-2,), (), (-2,))


def test_rule_3_5_switch_off_an_unpayable_penalty_costs_nothing_but_the_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(DECISIONS, "partial_penalty", False)
    projects = ("Money Changer", "Auction House", "Concentric Castle")
    s = _fail([{"tokens": (3, -1)}, {"tokens": (1, 3)}, {"tokens": (1, 5, 3)}], 3, projects)
    assert [sorted(c.tokens) for c in s.cities] == [[-1, 3], [], [5]]
    assert edifice(s).debt == ((-5,), (), ())
