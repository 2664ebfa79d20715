"""rules.md §4 and §7: edge cases of the Halikarnassos and Babylon B powers (facts 25 and 34)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import classic as C
from engine.classic.data import CARDS
from engine.classic.state import HALI, PICK, SEVENTH, State
from engine.common import Event, IllegalMove

Kit = Any
HALI_B = {"wonder": "Halikarnassos", "side": "B", "built": ["Ore Vein", "Foundry"]}


def _turn(state: State, picks: dict[int, str]) -> tuple[State, list[Event]]:
    """Every seat picks (listed text, else discard its first card); events of the last apply."""
    events: list[Event] = []
    for seat in range(state.players):
        text = picks.get(seat) or str(
            next(m for m in C.legal_moves(state, seat) if m.action == "discard")
        )
        state, events = C.apply(state, seat, C.parse_move(text))
    return state, events


def _names(cards: tuple[int, ...]) -> list[str]:
    return sorted(CARDS[c].name for c in cards)


@pytest.mark.parametrize("discard", [[], ["Ore Vein"], ["Ore Vein", "Foundry"]])
def test_rule_34_halikarnassos_power_is_lost_without_a_buildable_card(
    kit: Kit, discard: list[str]
) -> None:
    # Empty pile, or only names Halikarnassos already has: the power is simply lost.
    s = kit.pos(
        [
            HALI_B | {"hand": ["Altar", "Baths"]},
            {"wonder": "Gizah", "hand": ["Theater", "Pawnshop"]},
            {"wonder": "Rhodos"},
        ],
        discard=discard,
    )
    s, events = _turn(s, {0: "wonder:Altar:0:0", 1: "build:Theater:0:0", 2: "build:Altar:0:0"})
    assert s.phase == PICK and s.turn == 2 and C.to_act(s) == {0, 1, 2}
    assert s.cities[0].stages == 1 and _names(s.cities[0].built) == ["Foundry", "Ore Vein"]
    assert "salvage_lost" in [e.kind for e in events]
    assert _names(s.discard) == sorted(discard)
    assert C.view(s, 0).phase == "pick" and C.view(s, 0).discard == []


def test_rule_34_lost_power_is_not_kept_for_a_later_turn(kit: Kit) -> None:
    s = kit.pos(
        [
            HALI_B | {"hand": ["Altar", "Baths", "Theater"]},
            {"wonder": "Gizah", "hand": ["Theater", "Pawnshop", "Loom"]},
            {"wonder": "Rhodos", "hand": ["Altar", "Baths", "Tavern"]},
        ]
    )
    s, _ = _turn(s, {0: "wonder:Altar:0:0", 1: "build:Theater:0:0", 2: "build:Altar:0:0"})
    assert not s.hali
    s, _ = _turn(s, {})  # everyone discards next turn: no build for Halikarnassos
    assert s.phase == PICK and s.turn == 3 and len(s.discard) == 3


def test_rule_34_only_this_turns_discard_makes_the_power_usable(kit: Kit) -> None:
    s = kit.pos(
        [
            HALI_B | {"hand": ["Altar", "Baths"]},
            {"wonder": "Gizah", "hand": ["Theater", "Pawnshop"]},
            {"wonder": "Rhodos"},
        ]
    )
    s, events = _turn(s, {0: "wonder:Altar:0:0", 1: "discard:Pawnshop", 2: "build:Altar:0:0"})
    assert s.phase == HALI and C.to_act(s) == {0}
    assert [m.move for m in C.view(s, 0).legal_moves] == ["salvage:Pawnshop"]
    assert "salvage_lost" not in [e.kind for e in events]
    with pytest.raises(IllegalMove):
        C.apply(s, 1, C.parse_move("build:Theater:0:0"))
    s, _ = C.apply(s, 0, C.parse_move("salvage:Pawnshop"))
    assert "Pawnshop" in _names(s.cities[0].built) and s.discard == ()


def test_rule_34_salvaged_card_is_built_free_with_its_immediate_effect(kit: Kit) -> None:
    s = kit.pos(
        [
            HALI_B | {"hand": ["Altar", "Baths"], "coins": 0},
            {"wonder": "Gizah"},
            {"wonder": "Rhodos"},
        ],
        discard=["Tavern"],
    )
    s, _ = _turn(s, {0: "wonder:Altar:0:0", 1: "build:Altar:0:0", 2: "build:Altar:0:0"})
    s, _ = C.apply(s, 0, C.parse_move("salvage:Tavern"))
    assert s.cities[0].coins == 5  # Tavern's 5 coins, nothing paid


@pytest.mark.parametrize(
    ("seventh", "options"),
    [
        ("discard:Theater", {"Theater", "Pawnshop", "Loom"}),
        ("build:Theater:0:0", {"Pawnshop", "Loom"}),
    ],
)
def test_rules_25_34_babylon_seventh_card_resolves_before_halikarnassos(
    kit: Kit, seventh: str, options: set[str]
) -> None:
    s = kit.pos(
        [
            {"wonder": "Babylon", "side": "B", "stages_built": 2, "hand": ["Altar", "Theater"]},
            HALI_B | {"hand": ["Baths", "Pawnshop"]},
            {"wonder": "Gizah", "hand": ["Tavern", "Loom"]},
        ],
        turn=6,
    )
    s, _ = _turn(s, {0: "build:Altar:0:0", 1: "wonder:Baths:0:0", 2: "build:Tavern:0:0"})
    # Babylon plays its 7th card first; Halikarnassos waits for it.
    assert s.phase == SEVENTH and C.to_act(s) == {0} and C.legal_moves(s, 1) == []
    s, _ = C.apply(s, 0, C.parse_move(seventh))
    # Then every other 7th card is discarded and Halikarnassos picks among all of them.
    assert s.phase == HALI and C.to_act(s) == {1}
    assert {CARDS[m.card].name for m in C.legal_moves(s, 1)} == options
    assert set(C.view(s, 1).discard) == options
    s, _ = C.apply(s, 1, C.parse_move("salvage:Loom"))
    assert s.age == 2 and s.turn == 1 and "Loom" in _names(s.cities[1].built)
    assert s.cities[0].coins == (6 if seventh.startswith("discard") else 3)
    assert _names(s.discard) == sorted(options - {"Loom"})


def test_rules_25_34_babylon_and_halikarnassos_both_idle_at_turn_6(kit: Kit) -> None:
    # Babylon B's stage 2 is not built: no 7th-card phase; Halikarnassos builds nothing.
    s = kit.pos(
        [
            {"wonder": "Babylon", "side": "B", "stages_built": 1, "hand": ["Altar", "Theater"]},
            HALI_B | {"hand": ["Baths", "Pawnshop"], "stages_built": 3},
            {"wonder": "Gizah", "hand": ["Tavern", "Loom"]},
        ],
        turn=6,
    )
    s, _ = _turn(s, {0: "build:Altar:0:0", 1: "build:Pawnshop:0:0", 2: "build:Tavern:0:0"})
    assert s.age == 2 and s.phase == PICK
    assert _names(s.discard) == ["Baths", "Loom", "Theater"]
