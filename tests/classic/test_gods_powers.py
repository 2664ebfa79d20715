"""Gods & Heroes (docs/gods-and-heroes.md): one named test per god's power."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.classic.data import CARDS
from engine.common import IllegalMove
from tests.classic.gods_kit import READY, USED, play, table, turn

RHODOS = {"wonder": "Rhodos", "stages_built": 3}  # Ares, wonder complete
ALEX = {"wonder": "Alexandria", "stages_built": 3}  # Ra
EPHESOS = {"wonder": "Ephesos", "stages_built": 3}  # Artemis
BABYLON = {"wonder": "Babylon", "stages_built": 3}  # Marduk
OLYMPIA = {"wonder": "Olympia", "stages_built": 3}  # Zeus
HALI = {"wonder": "Halikarnassos", "stages_built": 3}  # Athena
GIZAH = {"wonder": "Gizah", "stages_built": 3}  # Seth


def _moves(state: C.State, seat: int) -> set[str]:
    return {str(m) for m in C.legal_moves(state, seat)}


def test_ares_gives_an_extra_token_of_the_age_at_its_end() -> None:
    s = table(
        [RHODOS, {"wonder": "Gizah"}, {"wonder": "Babylon"}],
        age=2,
        turn=6,
        status=(READY, 0, 0),
    )
    s = turn(s, {}, {0: "power:Ares"})
    assert s.age == 3 and s.gods.status[0] == USED
    # Rhodos A has 2 shields and beats both neighbours (+3 each), then Ares' Age II token.
    assert s.cities[0].tokens == (3, 3, 3)
    assert s.gods.ares == -1


def test_ra_buys_from_a_distant_city_and_pays_it() -> None:
    far = {"wonder": "Gizah", "built": ["Loom"]}  # seat 3: two seats away at 5 players
    s = table(
        [
            {"wonder": "Rhodos"},
            ALEX | {"hand": ["Apothecary", "Altar"], "coins": 3},
            {"wonder": "Ephesos"},
            far,
            {"wonder": "Babylon"},
        ],
        status=(0, READY, 0, 0, 0),
    )
    assert not any(m.startswith("build:Apothecary") for m in _moves(s, 1))  # no loom around
    s, _ = C.apply(s, 1, C.parse_move("power:Ra:3:right"))
    assert "build:Apothecary:0:2" in _moves(s, 1)
    assert C.view(s, 1).gods.my_power == "power:Ra:3:right"
    assert C.view(s, 2).gods.my_power is None  # secret until the reveal
    s = turn(s, {1: "build:Apothecary:0:2"})
    coins = [c.coins for c in s.cities]
    # seat 1 paid 2 to seat 3 (not to its real right neighbour, seat 2); others discarded.
    assert coins == [6, 1, 6, 8, 6]
    assert s.gods.status[1] == USED and "Apothecary" in [CARDS[c].name for c in s.cities[1].built]


def test_ra_targets_must_be_another_city_than_both_sides() -> None:
    s = table([{"wonder": "Rhodos"}, ALEX, {"wonder": "Ephesos"}], status=(0, READY, 0))
    # 3 players: Ra may only put the other neighbour on a side (buying from it on both).
    assert {m for m in _moves(s, 1) if m.startswith("power")} == {
        "power:Ra:2:left",
        "power:Ra:0:right",
    }
    with pytest.raises(IllegalMove, match="not by itself"):
        C.apply(s, 1, C.parse_move("power:Ra:0:left"))
    with pytest.raises(IllegalMove, match="another city"):
        C.apply(s, 1, C.parse_move("power:Ra:1:left"))


def test_artemis_gives_one_token_per_turn_to_the_end_of_the_age() -> None:
    s = table(
        [
            EPHESOS | {"hand": ["Altar", "Baths", "Loom"]},
            {"hand": ["Altar", "Baths", "Press"]},
            {"wonder": "Rhodos", "hand": ["Altar", "Baths", "Tavern"]},
        ],
        turn=4,
        status=(READY, 0, 0),
    )
    s = turn(s, {}, {0: "power:Artemis"})
    assert s.cities[0].tokens == (1,) and s.gods.artemis == 0
    s = turn(s, {})
    assert s.cities[0].tokens == (1, 1)
    s = turn(s, {})  # turn 6: + the Age I conflict (all at 0 shields: no token)
    assert s.age == 2 and s.cities[0].tokens == (1, 1, 1) and s.gods.artemis == -1
    s = turn(s, {})
    assert s.cities[0].tokens == (1, 1, 1)  # over with the Age


def test_marduk_destroys_the_last_stage_and_locks_a_complete_god() -> None:
    s = table(
        [BABYLON, OLYMPIA | {"tucked": ["Loom", "Press", "Glassworks"]}, {"wonder": "Rhodos"}],
        status=(READY, READY, 0),
    )
    s, events = play(s, {}, {0: "power:Marduk:1"})
    c = s.cities[1]
    assert c.stages == 2 and [CARDS[i].name for i in c.tucked] == ["Loom", "Press"]
    assert "Glassworks" in [CARDS[i].name for i in s.discard]
    assert s.gods.status[1] == 0  # Zeus waits for the stage to be rebuilt
    assert not any(m.startswith("power") for m in _moves(s, 1))
    assert any(e.data.get("god") == "Marduk" for e in events)
    assert C.view(s, 1).cities[1].stages_built == 2


def test_marduk_on_a_city_without_stages_is_spent_for_nothing() -> None:
    s = table([BABYLON, {"wonder": "Rhodos"}, {"wonder": "Gizah"}], status=(READY, 0, 0))
    s = turn(s, {}, {0: "power:Marduk:2"})
    assert s.cities[2].stages == 0 and s.gods.status[0] == USED


def test_zeus_destroys_the_targets_card_unpaid() -> None:
    s = table(
        [OLYMPIA, {"wonder": "Rhodos", "hand": ["Lumber Yard", "Altar"]}, {"wonder": "Gizah"}],
        status=(READY, 0, 0),
    )
    s, events = play(s, {1: "build:LumberYard:0:0"}, {0: "power:Zeus:1"})
    assert s.cities[1].built == () and s.cities[1].coins == 3  # no card, no coin, no 3 coins
    assert sorted(CARDS[c].name for c in s.discard) == ["Altar", "Altar", "Lumber Yard"]
    assert C.view(s, 1).revealed[0][1] is None
    struck = [e for e in events if e.kind == "struck"]
    assert struck and struck[0].visible_to == frozenset({1})
    assert len(s.hands[1]) == 1  # hands still pass with one card each


def test_athena_shows_the_next_hand_once_picks_are_in_and_gives_3_vp() -> None:
    s = table(
        [
            HALI | {"hand": ["Altar", "Baths", "Lumber Yard"]},
            {"wonder": "Rhodos", "hand": ["Loom", "Press", "Stockade"]},
            {"wonder": "Gizah", "hand": ["Tavern", "Theater", "Barracks"]},
        ],
        status=(READY, 0, 0),
    )
    before = C.scores(s)[0].wonders
    s, _ = C.apply(s, 0, C.parse_move("power:Athena"))
    s = turn(s, {0: "discard:Altar", 1: "discard:Press", 2: "discard:Tavern"})
    assert C.scores(s)[0].wonders == before + 3
    # Age I passes left: seat 0 always receives from seat 1 (which now holds seat 2's cards).
    s, _ = C.apply(s, 0, C.parse_move("discard:Loom"))
    assert C.view(s, 0).gods.foresight is None  # the giver (seat 1) has not picked yet
    s, _ = C.apply(s, 1, C.parse_move("discard:Theater"))
    assert C.view(s, 0).gods.foresight == ["Barracks"]
    assert C.view(s, 1).gods.foresight is None and C.view(s, None).gods.foresight is None
    s, _ = C.apply(s, 2, C.parse_move("discard:LumberYard"))
    assert [CARDS[c].name for c in s.hands[0]] == ["Barracks"]  # as foreseen


def test_seth_starves_the_target_on_its_next_turn_only() -> None:
    s = table(
        [
            GIZAH,
            {"wonder": "Rhodos", "hand": ["Altar", "Loom"], "built": ["Lumber Yard"]},
            {"wonder": "Babylon", "hand": ["Stockade", "Baths"]},
        ],
        status=(READY, 0, 0),
    )
    s = turn(s, {1: "discard:Altar", 2: "discard:Baths"}, {0: "power:Seth:1:wood"})
    assert s.gods.famine == (1, 0)  # wood is resource 0; the famine is this (next) turn
    assert C.view(s, 2).gods.famine == {"seat": 1, "resource": "wood"}
    assert [CARDS[c].name for c in s.hands[1]] == ["Stockade"]
    assert _moves(s, 1) == {"discard:Stockade"}  # no Stockade, no wood stage either
    s = turn(s, {})
    assert s.gods.famine == (-1, -1)


def test_seth_forbids_a_wood_card_with_a_clear_message() -> None:
    s = table(
        [GIZAH, {"wonder": "Rhodos", "hand": ["Stockade", "Altar"], "built": ["Lumber Yard"]}, {}],
        status=(USED, 0, 0),
        famine=(1, 0),
    )
    assert "build:Stockade:0:0" not in _moves(s, 1)
    assert "build:Altar:0:0" in _moves(s, 1)  # free: not touched
    card = next(c for c in C.view(s, 1).hand_cards if c.name == "Stockade")
    assert card.status == "unaffordable" and card.missing == {"wood": 1}
    with pytest.raises(IllegalMove, match="famine: you cannot use wood"):
        C.apply(s, 1, C.parse_move("build:Stockade:0:0"))
    s = turn(s, {1: "build:Altar:0:0"})
    assert s.gods.famine == (-1, -1)  # one turn only
