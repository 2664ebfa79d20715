"""rules.md §1-§2 and §4-§5: setup, simultaneous turns, end of age, chains (one test per fact)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import classic as C
from engine.classic.data import CARDS, GUILD_IDS
from engine.common import IllegalMove

Kit = Any
W = "Rhodos"  # ore board used as a neutral filler


@pytest.mark.parametrize("players", range(3, 8))
def test_rule_01_only_cards_for_the_player_count(players: int) -> None:
    s = C.new_game(C.Config(players=players), 1)
    age1 = Counter(c for h in s.hands for c in h)
    assert sum(age1.values()) == 7 * players
    assert all(CARDS[c].copies_for(players) >= k for c, k in age1.items())
    assert len(s.decks[0]) == 7 * players


@pytest.mark.parametrize("players", range(3, 8))
def test_rule_02_age3_has_players_plus_two_random_guilds(players: int) -> None:
    seen = set()
    for seed in range(6):
        deck = C.new_game(C.Config(players=players), seed).decks[1]
        guilds = [c for c in deck if c in GUILD_IDS]
        assert len(guilds) == len(set(guilds)) == players + 2
        seen.add(frozenset(guilds))
    assert len(seen) > 1


def test_rule_03_boards_random_or_chosen_and_sides() -> None:
    chosen = C.new_game(C.Config(players=3, wonders=["Gizah", "Babylon", "Olympia"], sides="B"), 0)
    assert [C.view(chosen, None).cities[i].board for i in range(3)] == [
        "Gizah",
        "Babylon",
        "Olympia",
    ]
    assert {c.side for c in chosen.cities} == {1}
    boards = {tuple(c.board for c in C.new_game(C.Config(players=3), s).cities) for s in range(8)}
    assert len(boards) > 1
    sides = {c.side for s in range(8) for c in C.new_game(C.Config(sides="random"), s).cities}
    assert sides == {0, 1}


def test_rule_04_three_starting_coins() -> None:
    assert [c.coins for c in C.new_game(C.Config(players=5), 3).cities] == [3] * 5


def test_rule_05_hand_of_seven_and_six_turns(kit: Kit) -> None:
    s = C.new_game(C.Config(players=4), 2)
    assert [len(h) for h in s.hands] == [7] * 4
    for _ in range(6):
        s = kit.turn(s, {})
    assert s.age == 2 and s.turn == 1 and [len(h) for h in s.hands] == [7] * 4


def test_rule_06_picks_are_hidden_until_all_are_in(kit: Kit) -> None:
    s = kit.pos([{"wonder": W}, {"wonder": "Gizah"}, {"wonder": "Babylon"}])
    s1, events = C.apply(s, 0, C.parse_move("build:Altar:0:0"))
    assert s1.cities == s.cities
    assert C.view(s1, 1).my_pick is None and C.view(s1, 1).picked == [0]
    assert C.view(s1, None).my_pick is None
    private = [e for e in events if e.kind == "pick"]
    assert private and all(e.visible_to == {0} for e in private)
    assert not any("Altar" in e.text for e in events if e.visible(1))
    assert C.view(s1, 0).my_pick == "build:Altar:0:0"
    with pytest.raises(IllegalMove, match="already chosen"):
        C.apply(s1, 0, C.parse_move("discard:Baths"))


def test_rule_06_the_reveal_reports_every_action(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": W, "hand": ["Altar", "Baths"]},
            {"wonder": "Gizah", "built": ["Stone Pit"], "hand": ["Theater", "Pawnshop"]},
            {"wonder": "Babylon", "hand": ["Loom", "Tavern"]},
        ]
    )
    s, _ = C.apply(s, 0, C.parse_move("build:Altar:0:0"))
    s, _ = C.apply(s, 1, C.parse_move("wonder:Theater:0:0"))
    s, events = C.apply(s, 2, C.parse_move("discard:Tavern"))
    public = [
        (e.kind, e.data.get("seat"), e.data.get("card"))
        for e in events
        if e.visible_to is None and e.kind != "picked"
    ]
    assert public == [("build", 0, "Altar"), ("wonder", 1, None), ("discard", 2, None)]
    private = {(e.kind, e.data.get("card")): e.visible_to for e in events if e.visible_to}
    assert private == {
        ("pick", None): {2},
        ("tucked", "Theater"): {1},
        ("discarded", "Tavern"): {2},
    }
    assert list(s.last_events) == events
    seen_by_0 = C.view(s, 0).last_events
    assert [e.kind for e in seen_by_0] == ["picked", "build", "wonder", "discard"]
    assert not any("Theater" in e.text or "Tavern" in e.text for e in seen_by_0)


def test_rule_07_pass_left_right_left(kit: Kit) -> None:
    for age, direction in ((1, 1), (2, -1), (3, 1)):
        hand = (
            ["Altar", "Baths"]
            if age == 1
            else ["Statue", "Walls"]
            if age == 2
            else ["Palace", "Senate"]
        )
        seats = [{"wonder": W, "hand": hand if i == 0 else []} for i in range(3)]
        seats[1]["hand"] = hand
        seats[2]["hand"] = hand
        s = kit.pos(seats, age=age)
        s = kit.turn(s, {})
        # seat 0's remaining hand went to its left (Ages I/III: seat n-1) or right (Age II).
        receiver = (0 - direction) % 3
        assert len(s.hands[receiver]) == 1
        assert s.turn == 2
        names = {CARDS[c].name for c in s.hands[receiver]}
        assert names == {hand[1]}


def test_rule_08_three_actions_and_discard_always_legal(kit: Kit) -> None:
    s = kit.pos(
        [{"wonder": W, "coins": 0, "hand": ["Palace"]}, {"wonder": "Gizah"}, {"wonder": "Babylon"}],
        age=3,
    )
    assert kit.moves(s, 0) == {"discard:Palace"}
    s = kit.pos(
        [
            {"wonder": "Olympia", "coins": 0, "hand": ["Altar"]},
            {"wonder": "Gizah"},
            {"wonder": "Babylon"},
        ]
    )
    assert kit.moves(s, 0) == {"build:Altar:0:0", "discard:Altar"}  # stage 1 needs 2 wood
    s2 = kit.turn(s, {0: "discard:Altar"})
    assert s2.cities[0].coins == 3


def test_rule_09_no_duplicate_names_across_ages(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": W, "built": ["Loom"], "hand": ["Loom"]},
            {"wonder": "Gizah"},
            {"wonder": "Babylon"},
        ],
        age=2,
    )
    assert not any(m.startswith("build:") for m in kit.moves(s, 0))
    with pytest.raises(IllegalMove, match="already have Loom"):
        C.apply(s, 0, C.parse_move("build:Loom:0:0"))


def test_rule_10_coin_cost_goes_to_the_bank(kit: Kit) -> None:
    s = kit.pos(
        [{"wonder": W, "hand": ["Timber Yard"]}, {"wonder": "Gizah"}, {"wonder": "Babylon"}]
    )
    s = kit.turn(s, {0: "build:TimberYard:0:0"})
    assert [c.coins for c in s.cities] == [2, 6, 6]  # others discarded for 3


def test_rule_11_resources_are_never_consumed(kit: Kit) -> None:
    s = kit.pos(
        [{"wonder": "Gizah", "hand": ["Baths", "Stockade"]}, {"wonder": W}, {"wonder": "Babylon"}]
    )
    assert "build:Baths:0:0" in kit.moves(s, 0)
    s = kit.turn(s, {0: "build:Baths:0:0"})
    assert any(m.startswith("wonder:") and m.endswith(":0:0") for m in kit.moves(s, 0)) is False
    assert C.view(s, 0).cities[0].production.fixed == {"stone": 1}


def test_rule_12_vineyard_counts_same_turn_builds(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": W, "hand": ["Vineyard"], "built": ["Lumber Yard"]},
            {"wonder": "Gizah", "hand": ["Sawmill"], "coins": 3},
            {"wonder": "Babylon", "hand": ["Quarry"]},
        ],
        age=2,
    )
    s = kit.turn(s, {0: "build:Vineyard:0:0", 1: "build:Sawmill:0:0", 2: "build:Quarry:0:0"})
    assert s.cities[0].coins == 3 + 3


def test_rule_24_sixth_turn_discards_last_card_without_coins(kit: Kit) -> None:
    s = kit.pos([{"wonder": W}, {"wonder": "Gizah"}, {"wonder": "Babylon"}], turn=6)
    s = kit.turn(s, {0: "build:Altar:0:0", 1: "build:Altar:0:0", 2: "build:Altar:0:0"})
    assert s.age == 2 and [c.coins for c in s.cities] == [3, 3, 3]
    assert sorted(CARDS[c].name for c in s.discard) == ["Baths"] * 3


def test_rule_25_babylon_b_plays_the_seventh_card(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Babylon", "side": "B", "stages_built": 2, "hand": ["Altar", "Theater"]},
            {"wonder": "Gizah"},
            {"wonder": W},
        ],
        turn=6,
    )
    s = kit.turn(s, {0: "build:Altar:0:0"})
    assert C.to_act(s) == {0} and C.view(s, 0).phase == "seventh"
    assert "build:Theater:0:0" in kit.moves(s, 0)
    assert C.view(s, None).hand == [] and C.to_act(s) == {0}
    s, _ = C.apply(s, 0, C.parse_move("build:Theater:0:0"))
    assert s.age == 2
    assert {CARDS[c].name for c in s.cities[0].built} == {"Altar", "Theater"}


def test_rule_25_babylon_b_stage_built_on_sixth_turn_applies_at_once(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Babylon",
                "side": "B",
                "stages_built": 1,
                "coins": 9,
                "built": ["Sawmill", "Glassworks"],
                "hand": ["Altar", "Theater"],
            },
            {"wonder": "Gizah"},
            {"wonder": W},
        ],
        turn=6,
    )
    s = kit.turn(s, {0: "wonder:Altar:0:0"})
    assert C.to_act(s) == {0}
    s, _ = C.apply(s, 0, C.parse_move("discard:Theater"))
    assert s.age == 2 and s.cities[0].stages == 2


def test_rule_26_military_tokens_per_age(kit: Kit) -> None:
    for age, win in ((1, 1), (2, 3), (3, 5)):
        hand = {1: ["Altar", "Baths"], 2: ["Statue", "Walls"], 3: ["Palace", "Senate"]}[age]
        s = kit.pos(
            [
                {"wonder": W, "built": ["Stockade"], "hand": hand},
                {"wonder": "Gizah", "hand": hand},
                {"wonder": "Babylon", "hand": hand},
            ],
            age=age,
            turn=6,
        )
        s = kit.turn(s, {})
        assert s.cities[0].tokens == (win, win)
        assert s.cities[1].tokens == (-1,) and s.cities[2].tokens == (-1,)


def test_rule_27_strategists_counts_neighbours_defeats(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": W, "built": ["Strategists Guild"], "military_tokens": [-1, -1]},
            {"wonder": "Gizah", "military_tokens": [-1, 1, 3]},
            {"wonder": "Babylon", "military_tokens": [-1, -1]},
        ],
        age=3,
    )
    assert kit.score(s, 0).guilds == 3


def test_rule_28_chains_build_free_and_forum_from_either_post(kit: Kit) -> None:
    for post in ("East Trading Post", "West Trading Post"):
        s = kit.pos(
            [
                {"wonder": W, "coins": 0, "built": [post], "hand": ["Forum"]},
                {"wonder": "Gizah"},
                {"wonder": "Ephesos"},
            ],
            age=2,
        )
        assert "build:Forum:0:0" in kit.moves(s, 0)
    s = kit.pos(
        [
            {"wonder": W, "coins": 0, "built": ["Altar"], "hand": ["Temple"]},
            {"wonder": "Gizah"},
            {"wonder": "Ephesos"},
        ],
        age=2,
    )
    s = kit.turn(s, {0: "build:Temple:0:0"})
    assert s.cities[0].coins == 0 and CARDS[s.cities[0].built[-1]].name == "Temple"


def test_rule_29_chaining_is_optional(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Gizah", "coins": 5, "built": ["Baths"], "hand": ["Aqueduct"]},
            {"wonder": "Gizah" if False else "Halikarnassos", "built": ["Quarry"]},
            {"wonder": "Babylon"},
        ],
        age=2,
    )
    assert "build:Aqueduct:0:0" in kit.moves(s, 0)
    s2, _ = C.apply(s, 0, C.parse_move("build:Aqueduct:0:4"))  # pay for 2 stone anyway
    assert s2.picks[0] is not None


def test_rule_48_two_players_play_with_the_free_city() -> None:
    # Rule 48 (2 players: the rulebook's Free City variant) is now in scope:
    # docs/two-players.md, tests/classic/test_two_players.py. One player is not a game.
    assert C.new_game(C.Config(players=2), 1).free_city == 1
    with pytest.raises(ValueError):
        C.Config(players=1)
