"""rules.md §6-§10: science, wonder powers, commercial / guild scoring, end of game, counts."""

from __future__ import annotations

from typing import Any

import pytest

from engine import classic as C
from engine.classic.data import BOARDS, CARDS
from engine.classic.scoring import science_points
from engine.common import IllegalMove

Kit = Any


def test_rule_30_science_squares_plus_seven_per_set() -> None:
    assert science_points(3, 2, 1) == 9 + 4 + 1 + 7
    assert science_points(2, 2, 2) == 12 + 14


def test_rule_31_symbol_maxima() -> None:
    assert science_points(4, 0, 0) == 16
    assert science_points(4, 0, 0, 1) == 25
    assert science_points(4, 0, 0, 2) == 36


def test_rule_32_wildcards_maximise_the_score(kit: Kit) -> None:
    assert science_points(2, 1, 1, 1) == 18  # (3,1,1) beats completing a pair (2,2,1)=16
    s = kit.pos(
        [
            {
                "wonder": "Babylon",
                "stages_built": 2,
                "built": ["Apothecary", "Dispensary", "Workshop", "Scriptorium"],
            },
            {"wonder": "Gizah"},
            {"wonder": "Rhodos"},
        ]
    )
    assert kit.score(s, 0).science == 18


def test_rule_33_stage_coins_are_taken_once(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Ephesos",
                "side": "B",
                "built": ["Stone Pit", "Quarry"],
                "hand": ["Altar", "Baths", "Theater"],
            },
            {"wonder": "Gizah"},
            {"wonder": "Rhodos"},
        ]
    )
    s = kit.turn(s, {0: "wonder:Altar:0:0"})
    assert s.cities[0].coins == 3 + 4
    s = kit.turn(s, {})
    assert s.cities[0].coins == 7 + 3  # only the discard's 3 coins


def test_rule_34_halikarnassos_builds_from_discard_including_this_turn(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Halikarnassos",
                "stages_built": 1,
                "built": ["Foundry"],
                "hand": ["Altar", "Baths"],
            },
            {"wonder": "Gizah", "hand": ["Theater", "Pawnshop"]},
            {"wonder": "Rhodos", "built": ["Altar"]},
        ],
        discard=["Altar"],
    )
    s = kit.turn(s, {0: "wonder:Altar:2:0", 1: "discard:Theater"})
    assert s.phase == 2 and C.to_act(s) == {0}
    view = C.view(s, 0)
    assert sorted(view.discard) == ["Altar", "Altar", "Theater"]  # seat 2 discarded an Altar
    assert C.view(s, 1).discard == []
    assert {m.move for m in view.legal_moves} == {"salvage:Theater", "salvage:Altar"}
    s, _ = C.apply(s, 0, C.parse_move("salvage:Theater"))
    assert [CARDS[c].name for c in s.cities[0].built] == ["Foundry", "Theater"]
    assert s.turn == 2 and s.phase == 0
    assert sorted(CARDS[c].name for c in s.discard) == ["Altar", "Altar"]


def test_rule_34_halikarnassos_takes_sixth_turn_discards(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Halikarnassos",
                "side": "B",
                "built": ["Ore Vein", "Foundry"],
                "hand": ["Altar", "Baths"],
            },
            {"wonder": "Gizah", "hand": ["Theater", "Pawnshop"]},
            {"wonder": "Rhodos", "hand": ["Tavern", "Loom"]},
        ],
        turn=6,
    )
    s = kit.turn(s, {0: "wonder:Altar:0:0", 1: "build:Theater:0:0", 2: "build:Tavern:0:0"})
    names = {m.move for m in C.view(s, 0).legal_moves}
    assert names == {"salvage:Baths", "salvage:Pawnshop", "salvage:Loom"}
    s, _ = C.apply(s, 0, C.parse_move("salvage:Pawnshop"))
    assert s.age == 2 and kit.score(s, 0).civilian == 3 and kit.score(s, 0).wonders == 2


def test_rule_35_olympia_a_free_build_once_per_age(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Olympia",
                "stages_built": 2,
                "coins": 0,
                "hand": ["Palace", "Senate", "Pantheon"],
            },
            {"wonder": "Gizah", "hand": ["Palace", "Senate", "Pantheon"]},
            {"wonder": "Rhodos"},
        ],
        age=3,
    )
    moves = kit.moves(s, 0)
    assert {"free:Palace", "free:Senate", "free:Pantheon"} <= moves
    assert not any(m.startswith("wonder:") and "free" in m for m in moves)
    s = kit.turn(s, {0: "free:Palace"})
    assert kit.score(s, 0).civilian == 8
    assert not any(m.startswith("free:") for m in kit.moves(s, 0))
    with pytest.raises(IllegalMove, match="already used"):
        C.apply(s, 0, C.parse_move("free:Senate"))


def test_rule_36_olympia_b_copies_best_neighbour_guild(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Olympia",
                "side": "B",
                "stages_built": 3,
                "built": ["Apothecary", "Workshop"],
            },
            {"wonder": "Gizah", "built": ["Scientists Guild", "Lumber Yard"]},
            {"wonder": "Rhodos", "built": ["Workers Guild", "Stone Pit", "Ore Vein"]},
        ],
        age=3,
    )
    sc = kit.score(s, 0)
    # Workers copy: 1 (Gizah) + 2 (Rhodos) = 3 VP; Scientists: (1,1,0)+1 -> 10 instead of 2.
    assert sc.science == 10 and sc.guilds == 0
    s2 = kit.pos(
        [
            {"wonder": "Olympia", "side": "B", "stages_built": 2},
            {"wonder": "Gizah"},
            {"wonder": "Rhodos", "built": ["Workers Guild", "Stone Pit"]},
        ],
        age=3,
    )
    assert kit.score(s2, 0).guilds == 0


def test_rule_37_alexandria_production_is_own_only(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Alexandria", "stages_built": 2, "hand": ["Stockade"]},
            {"wonder": "Gizah", "hand": ["Stockade"]},
            {"wonder": "Rhodos"},
        ]
    )
    assert "build:Stockade:0:0" in kit.moves(s, 0)
    assert not any(m.startswith("build:Stockade") for m in kit.moves(s, 1))


def test_rule_38_first_edition_olympia_powers() -> None:
    olympia = next(b for b in BOARDS if b.city == "Olympia")
    assert olympia.sides[0][1].effect.special == "free_build_once_per_age"
    assert olympia.sides[1][2].effect.special == "copy_neighbour_guild"


def test_rule_39_commercial_coins_when_built_vp_at_end(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Gizah",
                "stages_built": 2,
                "coins": 9,
                "built": ["Quarry", "Foundry"],
                "hand": ["Arena"],
            },
            {"wonder": "Olympia"},
            {"wonder": "Rhodos"},
        ],
        age=3,
    )
    s = kit.turn(s, {0: "build:Arena:0:0"})
    assert s.cities[0].coins == 9 + 6
    assert kit.score(s, 0).commercial == 2


def test_rule_40_lighthouse_and_shipowners_count_themselves(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Gizah",
                "coins": 3,
                "built": ["East Trading Post", "Tavern", "Glassworks"],
                "hand": ["Lighthouse"],
            },
            {"wonder": "Olympia"},
            {"wonder": "Rhodos"},
        ],
        age=3,
    )
    s = kit.turn(s, {0: "build:Lighthouse:0:0"})
    assert s.cities[0].coins == 6 and kit.score(s, 0).commercial == 3
    s = kit.pos(
        [
            {"wonder": "Gizah", "built": ["Shipowners Guild"]},
            {"wonder": "Olympia"},
            {"wonder": "Rhodos"},
        ],
        age=3,
    )
    assert kit.score(s, 0).guilds == 1


def test_rule_41_neighbour_guilds_ignore_own_city(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Gizah",
                "built": ["Workers Guild", "Lumber Yard", "Ore Vein", "Magistrates Guild", "Altar"],
            },
            {"wonder": "Olympia", "built": ["Stone Pit", "Baths"]},
            {"wonder": "Rhodos", "built": ["Clay Pool"]},
        ],
        age=3,
    )
    assert kit.score(s, 0).guilds == 2 + 1
    s = kit.pos(
        [
            {"wonder": "Gizah", "stages_built": 1, "built": ["Builders Guild"]},
            {"wonder": "Olympia", "stages_built": 2},
            {"wonder": "Rhodos"},
        ],
        age=3,
    )
    assert kit.score(s, 0).guilds == 3


def test_rule_42_starting_resource_is_not_a_card(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Gizah", "coins": 9, "built": ["Forum"], "hand": ["Haven"]},
            {"wonder": "Halikarnassos", "built": ["Ore Vein"]},
            {"wonder": "Olympia"},
        ],
        age=3,
    )
    s = kit.turn(s, {0: "build:Haven:2:2"})
    assert s.cities[0].coins == 9 - 4 and kit.score(s, 0).commercial == 0


def test_rule_43_score_categories_and_treasury(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Gizah",
                "stages_built": 1,
                "coins": 14,
                "military_tokens": [1, -1],
                "built": ["Altar", "Workshop", "Tavern"],
            },
            {"wonder": "Olympia"},
            {"wonder": "Rhodos"},
        ]
    )
    sc = kit.score(s, 0)
    assert (
        sc.military,
        sc.treasury,
        sc.wonders,
        sc.civilian,
        sc.science,
        sc.commercial,
        sc.guilds,
    ) == (0, 4, 3, 2, 1, 0, 0)
    assert sc.total == 10 and list(type(sc).model_fields)[:7] == [
        "military",
        "treasury",
        "wonders",
        "civilian",
        "science",
        "commercial",
        "guilds",
    ]


def test_rule_44_tie_break_on_coins_then_shared(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Gizah", "hand": [], "coins": 5, "built": ["Altar"]},
            {"wonder": "Olympia", "hand": [], "coins": 4, "built": ["Theater"]},
            {"wonder": "Rhodos", "hand": [], "coins": 3},
        ],
        age=3,
        turn=6,
    )
    over = C.load(dict(C.dump(s), phase=3))
    assert C.outcome(over) is not None and C.outcome(over).winners == [0]  # type: ignore[union-attr]
    s2 = kit.pos(
        [
            {"wonder": "Gizah", "hand": [], "coins": 5, "built": ["Altar"]},
            {"wonder": "Olympia", "hand": [], "coins": 5, "built": ["Theater"]},
            {"wonder": "Rhodos", "hand": [], "coins": 3},
        ],
        age=3,
        turn=6,
    )
    over2 = C.load(dict(C.dump(s2), phase=3))
    assert C.outcome(over2).winners == [0, 1]  # type: ignore[union-attr]
    assert C.outcome(s2) is None


def test_rule_45_three_players_neighbours_and_missing_cards() -> None:
    absent = {
        "Tree Farm",
        "Excavation",
        "Forest Cave",
        "Mine",
        "Pawnshop",
        "Tavern",
        "Bazar",
        "Training Ground",
        "Chamber of Commerce",
        "Circus",
    }
    assert {c.name for c in CARDS if c.copies and c.copies_for(3) == 0} == absent
    s = C.new_game(C.Config(players=3, wonders=["Gizah", "Olympia", "Rhodos"]), 0)
    v = C.view(s, 0)
    assert {t.side: t.seat for t in v.trade} == {"left": 2, "right": 1}


def test_rule_46_seven_players_use_every_card() -> None:
    triples = {c.name for c in CARDS if c.copies and c.copies_for(7) == 3}
    assert triples == {
        "Tavern",
        "Forum",
        "Caravansery",
        "Training Ground",
        "Town Hall",
        "Arena",
        "Circus",
        "Arsenal",
    }
    s = C.new_game(C.Config(players=7), 4)
    assert sum(len(h) for h in s.hands) == 49 and len(s.decks[1]) == 49


@pytest.mark.parametrize("players", range(3, 8))
def test_rule_47_each_age_deals_seven_per_player(players: int) -> None:
    s = C.new_game(C.Config(players=players), 9)
    assert [sum(len(h) for h in s.hands), *map(len, s.decks)] == [7 * players] * 3
