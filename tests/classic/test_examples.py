"""Every case of examples.md as a named test (3 players: left(i) = i-1, right(i) = i+1)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import classic as C
from engine.classic.data import CARDS
from engine.classic.scoring import science_points
from engine.common import IllegalMove

Kit = Any


def _builds(kit: Kit, s: Any, seat: int, card: str) -> set[str]:
    return {m for m in kit.moves(s, seat) if m.startswith(f"build:{card}:")}


ALEX = [
    "Altar",
    "Aqueduct",
    "Town Hall",
    "Apothecary",
    "Dispensary",
    "Lodge",
    "Workshop",
    "Laboratory",
    "Scriptorium",
    "Chamber of Commerce",
    "Loom",
    "Glassworks",
]


def test_ex1_rulebook_scoring_alexandria(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Alexandria",
                "stages_built": 3,
                "coins": 14,
                "military_tokens": [1, 3, 5, -1, -1, -1],
                "built": ALEX,
            },
            {"wonder": "Gizah"},
            {"wonder": "Rhodos"},
        ],
        age=3,
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
    ) == (6, 4, 10, 13, 21, 4, 0)
    assert sc.total == 58


def test_ex1_rulebook_science_variant(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Alexandria", "built": [*ALEX, "Library"]},
            {"wonder": "Gizah"},
            {"wonder": "Rhodos"},
        ],
        age=3,
    )
    assert kit.score(s, 0).science == 31


def test_ex2_rulebook_production_gizah(kit: Kit) -> None:
    built = ["Stone Pit", "Clay Pool", "Ore Vein", "Press", "Loom"]
    s = kit.pos(
        [
            {"wonder": "Gizah", "built": built, "hand": ["Barracks", "Scriptorium"]},
            {"wonder": "Olympia"},
            {"wonder": "Babylon"},
        ]
    )
    assert {"build:Barracks:0:0", "build:Scriptorium:0:0"} <= kit.moves(s, 0)
    assert C.view(s, 0).cities[0].production.fixed == {
        "stone": 2,
        "clay": 1,
        "ore": 1,
        "papyrus": 1,
        "loom": 1,
    }
    s2 = kit.pos(
        [
            {"wonder": "Gizah", "built": built, "hand": ["Aqueduct"]},
            {"wonder": "Olympia"},
            {"wonder": "Babylon"},
        ],
        age=2,
    )
    assert _builds(kit, s2, 0, "Aqueduct") == set()
    s3 = kit.pos(
        [
            {"wonder": "Gizah", "built": built, "hand": ["Aqueduct"]},
            {"wonder": "Olympia", "built": ["Stone Pit"]},
            {"wonder": "Babylon"},
        ],
        age=2,
    )
    assert _builds(kit, s3, 0, "Aqueduct") == {"build:Aqueduct:0:2"}


def test_ex2_official_cost_examples() -> None:
    info = {
        n: C.card_info(n)
        for n in ("Timber Yard", "East Trading Post", "Marketplace", "Mine", "Baths")
    }
    assert info["Timber Yard"]["coins"] == 1 and info["Mine"]["coins"] == 1
    assert info["East Trading Post"]["cost"] == {} and info["Marketplace"]["cost"] == {}
    assert info["Baths"]["cost"] == {"stone": 1}


def test_ex3_official_military_age2(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Olympia", "built": ["Stockade"], "hand": ["Statue", "Walls"]},
            {"wonder": "Alexandria", "built": ["Stockade", "Walls"], "hand": ["Statue", "Walls"]},
            {"wonder": "Babylon", "built": ["Walls"], "hand": ["Statue", "Walls"]},
        ],
        age=2,
        turn=6,
    )
    s = kit.turn(s, {})
    assert s.cities[1].tokens == (3, 3)
    assert s.cities[0].tokens == (-1, -1)
    assert sorted(s.cities[2].tokens) == [-1, 3]


SCIENCE_TABLE = [
    ((1, 1, 1, 0), 10),
    ((1, 0, 0, 0), 1),
    ((2, 1, 0, 0), 5),
    ((4, 0, 0, 0), 16),
    ((2, 2, 2, 0), 26),
    ((3, 2, 1, 0), 21),
    ((3, 2, 2, 0), 31),
    ((4, 4, 4, 0), 76),
    ((0, 0, 0, 1), 1),
    ((0, 0, 0, 2), 4),
    ((0, 0, 0, 3), 10),
    ((0, 0, 1, 1), 4),
    ((0, 0, 1, 2), 10),
    ((0, 1, 1, 1), 10),
    ((0, 0, 1, 3), 16),
    ((0, 0, 2, 2), 16),
    ((1, 1, 0, 1), 10),
    ((2, 2, 1, 1), 26),
    ((2, 1, 1, 1), 18),
    ((3, 1, 0, 1), 18),
    ((3, 3, 1, 1), 36),
    ((3, 3, 2, 1), 48),
    ((4, 1, 1, 1), 34),
    ((4, 2, 1, 1), 38),
    ((1, 1, 1, 2), 18),
    ((2, 2, 0, 2), 26),
    ((4, 0, 0, 2), 36),
    ((4, 1, 1, 2), 45),
    ((3, 3, 3, 2), 64),
    ((4, 4, 3, 2), 85),
    ((4, 4, 4, 2), 96),
    ((0, 0, 0, 4), 16),
    ((0, 0, 0, 10), 100),
]


@pytest.mark.parametrize(("counts", "points"), SCIENCE_TABLE)
def test_ex4_science_table(counts: tuple[int, int, int, int], points: int) -> None:
    assert science_points(*counts) == points


def test_ex5_1_caravansery_via_neighbour(kit: Kit) -> None:
    def offer(extra: list[str]) -> set[str]:
        s = kit.pos(
            [
                {"wonder": "Gizah", "coins": 9, "built": extra, "hand": ["Caravansery"]},
                {"wonder": "Babylon"},
                {"wonder": "Rhodos", "built": ["Sawmill"]},
            ],
            age=2,
        )
        return _builds(kit, s, 0, "Caravansery")

    assert offer([]) == {"build:Caravansery:4:0"}
    assert offer(["West Trading Post"]) == {"build:Caravansery:2:0"}
    assert offer(["East Trading Post"]) == {"build:Caravansery:4:0"}


def test_ex5_2_olympia_b_discount_two_units(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Olympia",
                "side": "B",
                "stages_built": 1,
                "coins": 20,
                "built": ["Clay Pit", "Timber Yard"],
                "hand": ["Siege Workshop"],
            },
            {"wonder": "Babylon", "built": ["Clay Pool"]},
            {"wonder": "Gizah"},
        ],
        age=3,
    )
    assert _builds(kit, s, 0, "SiegeWorkshop") == {"build:SiegeWorkshop:0:2"}


def test_ex5_3_yellow_not_for_sale_board_is(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Gizah", "hand": ["Workshop"]},
            {"wonder": "Olympia", "built": ["Forum"]},
            {"wonder": "Rhodos"},
        ]
    )
    assert _builds(kit, s, 0, "Workshop") == set()
    s = kit.pos(
        [
            {"wonder": "Gizah", "hand": ["Workshop"]},
            {"wonder": "Alexandria", "built": ["Forum"]},
            {"wonder": "Rhodos"},
        ]
    )
    assert _builds(kit, s, 0, "Workshop") == {"build:Workshop:0:2"}


def test_ex5_4_choice_card_sells_one_unit(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Ephesos", "coins": 9, "hand": ["Senate"]},
            {"wonder": "Babylon", "built": ["Timber Yard", "Ore Vein", "Lumber Yard"]},
            {"wonder": "Halikarnassos"},
        ],
        age=3,
    )
    # Senate needs 2 wood + stone + ore; right sells Lumber Yard wood, ore and ONE of stone/wood.
    assert _builds(kit, s, 0, "Senate") == set()


def test_ex5_5_two_neighbours_same_resource(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Gizah",
                "coins": 9,
                "built": ["West Trading Post"],
                "hand": ["Foundry", "Statue"],
            },
            {"wonder": "Halikarnassos", "built": ["Foundry", "Lumber Yard"]},
            {"wonder": "Rhodos"},
        ],
        age=2,
    )
    # Statue: wood + 2 ore. Ore: 1 left (Rhodos board, 1 coin) and 2 right (Foundry, 2 each).
    assert _builds(kit, s, 0, "Statue") == {"build:Statue:1:4", "build:Statue:0:6"}
    s2, _ = C.apply(s, 0, C.parse_move("build:Statue:0:6"))  # all ore from the dearer side
    assert s2.picks[0] is not None


def test_ex5_6_money_timing(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Olympia", "coins": 1, "built": ["Lumber Yard"], "hand": ["Baths", "Altar"]},
            {"wonder": "Gizah", "hand": ["Stockade"]},
            {"wonder": "Babylon", "hand": ["Stockade"]},
        ]
    )
    assert _builds(kit, s, 0, "Baths") == set()
    with pytest.raises(IllegalMove) as info:
        C.apply(s, 0, C.parse_move("build:Baths:0:2"))
    assert str(info.value) == (
        "Baths needs 1 stone: you lack 1 stone; left sells none; "
        "right sells 1 stone for 2 coins each; you have 1 coin."
    )


def test_ex5_7_selling_while_using(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Olympia", "built": ["Stone Pit"], "hand": ["Baths", "Altar"]},
            {"wonder": "Babylon", "hand": ["Baths", "Altar"]},
            {"wonder": "Rhodos", "hand": ["Altar", "Baths"]},
        ]
    )
    s = kit.turn(s, {0: "build:Baths:0:0", 1: "build:Baths:2:0"})
    assert s.cities[0].coins == 5 and s.cities[1].coins == 1


def test_ex5_8_coin_cost_plus_trade(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Rhodos", "coins": 1, "hand": ["Timber Yard", "Stockade"]},
            {"wonder": "Olympia"},
            {"wonder": "Babylon"},
        ]
    )
    assert _builds(kit, s, 0, "TimberYard") == {"build:TimberYard:0:0"}
    assert _builds(kit, s, 0, "Stockade") == set()  # 2 coins needed, 1 held
    s = kit.turn(s, {0: "build:TimberYard:0:0"})
    assert [c.coins for c in s.cities] == [0, 6, 6]


COMMERCIAL = [
    (
        "Vineyard",
        ["Lumber Yard", "Stone Pit", "Clay Pool"],
        ["Ore Vein", "Timber Yard"],
        ["Sawmill", "Quarry", "Brickyard", "Foundry"],
        9,
        0,
        2,
    ),
    ("Bazar", ["Loom"], ["Press", "Glassworks"], [], 6, 0, 2),
    ("Haven", ["Lumber Yard", "Stone Pit", "Clay Pool", "Ore Vein", "Loom"], [], [], 4, 4, 3),
    ("Lighthouse", ["East Trading Post", "Tavern", "Glassworks"], [], [], 3, 3, 3),
    ("Chamber of Commerce", ["Loom", "Press", "Brickyard"], [], [], 4, 4, 3),
]


@pytest.mark.parametrize(("card", "mine", "left", "right", "coins", "vp", "age"), COMMERCIAL)
def test_ex6_commercial_coins_and_vp(
    kit: Kit,
    card: str,
    mine: list[str],
    left: list[str],
    right: list[str],
    coins: int,
    vp: int,
    age: int,
) -> None:
    s = kit.pos(
        [
            {"wonder": "Gizah", "coins": 20, "built": mine, "hand": [card]},
            {"wonder": "Alexandria", "built": right},
            {"wonder": "Halikarnassos", "built": left},
        ],
        age=age,
    )
    move = next(m for m in C.legal_moves(s, 0) if m.action == "build")
    s = kit.turn(s, {0: str(move)})
    assert s.cities[0].coins == 20 - move.left - move.right + coins
    assert kit.score(s, 0).commercial == vp


def test_ex6_arena_tavern_ephesos_rhodos(kit: Kit) -> None:
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
    assert s.cities[0].coins == 15 and kit.score(s, 0).commercial == 2
    s3 = C.load(dict(C.dump(s)))
    city = s3.cities[0]
    grown = C.load(
        {
            **C.dump(s3),
            "cities": [
                [city.board, city.side, 3, *C.dump(s3)["cities"][0][3:]],
                *C.dump(s3)["cities"][1:],
            ],
        }
    )
    assert kit.score(grown, 0).commercial == 3 and grown.cities[0].coins == 15
    s = kit.pos(
        [{"wonder": "Gizah", "hand": ["Tavern"]}, {"wonder": "Olympia"}, {"wonder": "Rhodos"}]
    )
    assert kit.turn(s, {0: "build:Tavern:0:0"}).cities[0].coins == 8
    eph = kit.pos(
        [
            {"wonder": "Ephesos", "side": "B", "stages_built": 3},
            {"wonder": "Gizah"},
            {"wonder": "Rhodos"},
        ],
        age=3,
    )
    assert kit.score(eph, 0).wonders == 10
    rho = kit.pos(
        [
            {"wonder": "Rhodos", "side": "B", "stages_built": 2},
            {"wonder": "Gizah"},
            {"wonder": "Olympia"},
        ],
        age=3,
    )
    assert kit.score(rho, 0).wonders == 7 and C.view(rho, 0).cities[0].shields == 2


def test_ex6_rhodos_b_and_ephesos_b_stage_coins(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Rhodos",
                "side": "B",
                "built": ["Quarry", "Stone Pit"],
                "hand": ["Altar", "Baths"],
            },
            {"wonder": "Gizah"},
            {"wonder": "Olympia"},
        ]
    )
    s = kit.turn(s, {0: "wonder:Altar:0:0"})
    assert s.cities[0].coins == 6


GUILDS = [
    (
        "Workers Guild",
        {
            "left": ["Lumber Yard", "Stone Pit", "Clay Pool", "Ore Vein", "Timber Yard"],
            "right": ["Sawmill", "Quarry", "Foundry"],
            "self": ["Brickyard"],
        },
        8,
    ),
    ("Craftsmens Guild", {"left": ["Loom", "Press"], "right": ["Glassworks"]}, 6),
    (
        "Magistrates Guild",
        {"left": ["Altar", "Baths", "Theater", "Pawnshop"], "right": ["Temple", "Statue"]},
        6,
    ),
    ("Shipowners Guild", {"self": ["Lumber Yard", "Stone Pit", "Ore Vein", "Loom", "Press"]}, 6),
]


@pytest.mark.parametrize(("guild", "cities", "vp"), GUILDS)
def test_ex7_guilds(kit: Kit, guild: str, cities: dict[str, list[str]], vp: int) -> None:
    s = kit.pos(
        [
            {"wonder": "Gizah", "built": [guild, *cities.get("self", [])]},
            {"wonder": "Olympia", "built": cities.get("right", [])},
            {"wonder": "Rhodos", "built": cities.get("left", [])},
        ],
        age=3,
    )
    assert kit.score(s, 0).guilds == vp


def test_ex7_strategists_builders_scientists(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Gizah", "built": ["Strategists Guild"]},
            {"wonder": "Olympia", "military_tokens": [-1] * 6},
            {"wonder": "Rhodos", "military_tokens": [-1]},
        ],
        age=3,
    )
    assert kit.score(s, 0).guilds == 7
    s = kit.pos(
        [
            {"wonder": "Gizah", "stages_built": 1, "built": ["Builders Guild"]},
            {"wonder": "Olympia", "stages_built": 2},
            {"wonder": "Rhodos", "stages_built": 3},
        ],
        age=3,
    )
    assert kit.score(s, 0).guilds == 6
    sci = ["Apothecary", "Workshop", "Laboratory", "Scriptorium"]
    s = kit.pos(
        [{"wonder": "Gizah", "built": sci}, {"wonder": "Olympia"}, {"wonder": "Rhodos"}], age=3
    )
    assert kit.score(s, 0).science == 13
    s = kit.pos(
        [
            {"wonder": "Gizah", "built": [*sci, "Scientists Guild"]},
            {"wonder": "Olympia"},
            {"wonder": "Rhodos"},
        ],
        age=3,
    )
    assert kit.score(s, 0).science == 18


def test_ex8_full_three_player_scoring(kit: Kit) -> None:
    p0 = [
        "Lumber Yard",
        "Stone Pit",
        "Quarry",
        "Loom",
        "Glassworks",
        "Altar",
        "Temple",
        "Pantheon",
        "Haven",
        "Marketplace",
        "Stockade",
        "Walls",
        "Shipowners Guild",
    ]
    p1 = [
        "Clay Pit",
        "Ore Vein",
        "Press",
        "Baths",
        "Aqueduct",
        "East Trading Post",
        "Lighthouse",
        "Guard Tower",
        "Archery Range",
        "Arsenal",
        "Workshop",
        "Laboratory",
        "Scriptorium",
        "Apothecary",
        "Strategists Guild",
    ]
    p2 = [
        "Timber Yard",
        "Brickyard",
        "Loom",
        "Press",
        "Glassworks",
        "Theater",
        "Statue",
        "Gardens",
        "Vineyard",
        "Arena",
        "Stables",
        "School",
        "Study",
        "Academy",
        "University",
        "Builders Guild",
    ]
    s = kit.pos(
        [
            {
                "wonder": "Gizah",
                "stages_built": 3,
                "coins": 10,
                "built": p0,
                "military_tokens": [1, 3, 5, -1],
            },
            {
                "wonder": "Babylon",
                "stages_built": 2,
                "coins": 5,
                "built": p1,
                "military_tokens": [1, 3, 5, 5],
            },
            {
                "wonder": "Ephesos",
                "side": "B",
                "stages_built": 1,
                "coins": 13,
                "built": p2,
                "military_tokens": [-1] * 6,
            },
        ],
        age=3,
    )
    rows = [
        (x.military, x.treasury, x.wonders, x.civilian, x.science, x.commercial, x.guilds, x.total)
        for x in C.scores(s)
    ]
    assert rows == [
        (8, 3, 15, 12, 0, 3, 6, 47),
        (14, 1, 3, 8, 18, 2, 7, 53),
        (-6, 4, 2, 11, 13, 1, 6, 31),
    ]
    assert [C.view(s, None).cities[i].shields for i in range(3)] == [3, 6, 2]


@pytest.mark.parametrize(("coins", "vp"), [(0, 0), (2, 0), (3, 1), (14, 4), (20, 6)])
def test_ex9_treasury(kit: Kit, coins: int, vp: int) -> None:
    s = kit.pos([{"wonder": "Gizah", "coins": coins}, {"wonder": "Olympia"}, {"wonder": "Rhodos"}])
    assert kit.score(s, 0).treasury == vp


@pytest.mark.parametrize("players", range(3, 8))
def test_ex10_deck_sizes(players: int) -> None:
    s = C.new_game(C.Config(players=players), players)
    assert sum(1 for c in s.decks[1] if CARDS[c].color != 6) == 7 * players - players - 2


def test_ex11_board_assertions(kit: Kit) -> None:
    v = C.view(C.new_game(C.Config(players=7, sides="B"), 0), None)
    totals = {c.board: c.stages_total for c in v.cities}
    assert totals["Rhodos"] == 2 and totals["Gizah"] == 4
    assert all(n == 3 for b, n in totals.items() if b not in ("Rhodos", "Gizah"))
