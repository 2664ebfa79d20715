"""Positions: later decks without duplicates, every phase, states rebuilt from a seat's view."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine import classic as C
from engine.classic.data import CARDS, GUILD_IDS
from engine.classic.state import HALI, PICK, SEVENTH, State
from engine.common import EngineError

Kit = Any
HALI_B = {"wonder": "Halikarnassos", "side": "B", "built": ["Ore Vein", "Foundry"]}


def _play_until(state: State, rng: random.Random, age: int, turn: int) -> State:
    while C.to_act(state) and (state.age, state.turn) < (age, turn):
        seat = min(C.to_act(state))
        state, _ = C.apply(state, seat, rng.choice(C.legal_moves(state, seat)))
    return state


def _finish(state: State, rng: random.Random) -> State:
    while C.to_act(state):
        seat = min(C.to_act(state))
        state, _ = C.apply(state, seat, rng.choice(C.legal_moves(state, seat)))
    return state


def _in_play(state: State) -> Counter[int]:
    out: Counter[int] = Counter(state.discard)
    for h in state.hands:
        out.update(h)
    for d in state.decks:
        out.update(d)
    for c in state.cities:
        out.update(c.built)
        out.update(c.tucked)
    return out


@pytest.mark.parametrize(("players", "age"), [(3, 2), (5, 2), (7, 2), (4, 3), (6, 1)])
def test_loaded_position_deals_later_ages_without_duplicate_copies(players: int, age: int) -> None:
    rng = random.Random(players * 10 + age)
    s = _play_until(C.new_game(C.Config(players=players, sides="random"), 5), rng, age, 3)
    loaded = C.load_position(C.dump_position(s) | {"seed": 11})
    assert loaded.age == age and loaded.turn == 3 and len(loaded.decks) == 3 - age
    assert all(len(d) == 7 * players for d in loaded.decks)
    before = _in_play(loaded)
    by_name: Counter[str] = Counter()
    for cid, k in before.items():
        by_name[CARDS[cid].name] += k  # a position names cards, not their Age (Loom I / II)
    for name, k in by_name.items():
        copies = [c for c in CARDS if c.name == name]
        limit = 1 if copies[0].id in GUILD_IDS else sum(c.copies_for(players) for c in copies)
        assert k <= limit, f"{name} x{k} in play"
    end = _finish(loaded, rng)
    assert _in_play(end) == before  # nothing appears or vanishes until the end


@pytest.mark.parametrize("seed", range(8))
def test_later_deck_leaves_out_a_guild_the_position_holds(kit: Kit, seed: int) -> None:
    # Guilds are the only slack in a deck (n + 2 of 10 are dealt); every other later-Age card
    # is in the deck by rule, so a position can only hold one by breaking the rules.
    s = C.load_position(
        C.dump_position(
            kit.pos(
                [
                    {"wonder": "Gizah", "built": ["Workers Guild"]},
                    {"wonder": "Rhodos", "hand": ["Statue"]},
                    {"wonder": "Babylon"},
                ],
                age=2,
                discard=["Spies Guild"],
            )
        )
        | {"seed": seed}
    )
    deck = [CARDS[c].name for c in s.decks[0]]
    assert len(deck) == 21 and sum(CARDS[c].color == 6 for c in s.decks[0]) == 5
    assert "Workers Guild" not in deck and "Spies Guild" not in deck


def test_positions_of_every_phase_round_trip(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Babylon", "side": "B", "stages_built": 2, "hand": ["Altar", "Theater"]},
            HALI_B | {"hand": ["Baths", "Pawnshop"]},
            {"wonder": "Gizah", "hand": ["Tavern", "Loom"]},
        ],
        turn=6,
    )
    s = kit.turn(s, {0: "build:Altar:0:0", 1: "wonder:Baths:0:0", 2: "build:Tavern:0:0"})
    assert s.phase == SEVENTH
    pos = C.dump_position(s)
    assert pos["phase"] == "seventh" and pos["to_act"] == [0] and pos["discard_build_next"] == [1]
    assert pos["seats"][1]["tucked"] == ["Baths"]
    again = C.load_position(pos)
    assert C.dump_position(again) == pos and C.to_act(again) == {0}
    s2, _ = C.apply(again, 0, C.parse_move("discard:Theater"))
    assert s2.phase == HALI and C.dump_position(s2)["to_act"] == [1]
    assert C.dump_position(C.load_position(C.dump_position(s2))) == C.dump_position(s2)


def test_position_with_a_pick_already_made(kit: Kit) -> None:
    s = kit.pos([{"wonder": "Gizah"}, {"wonder": "Rhodos"}, {"wonder": "Babylon"}])
    s, _ = C.apply(s, 1, C.parse_move("build:Altar:0:0"))
    pos = C.dump_position(s)
    assert pos["seats"][1]["pick"] == "build:Altar:0:0"
    again = C.load_position(pos)
    assert C.to_act(again) == {0, 2} and again.picks == s.picks
    with pytest.raises(Exception, match="Temple"):
        C.load_position(
            pos
            | {
                "seats": [
                    pos["seats"][0],
                    pos["seats"][1] | {"pick": "build:Temple:0:0"},
                    pos["seats"][2],
                ]
            }
        )


def _same_view(a: Any, b: Any) -> None:
    for field in (
        "phase",
        "to_act",
        "hand",
        "legal_moves",
        "my_pick",
        "discard",
        "trade",
        "hand_cards",
        "discard_build_next",
        "age",
        "turn",
    ):
        assert getattr(a, field) == getattr(b, field), field
    # Cards under wonders are face down: a view only counts them, so they are not rebuilt.
    assert [c.model_copy(update={"tucked": 0}) for c in a.cities] == [
        c.model_copy(update={"tucked": 0}) for c in b.cities
    ]


def test_state_from_view_in_the_pick_phase() -> None:
    rng = random.Random(4)
    s = _play_until(C.new_game(C.Config(players=5, sides="random"), 8), rng, 2, 2)
    s, _ = C.apply(s, 3, C.legal_moves(s, 3)[0])
    v = C.view(s, 3)
    hands = {i: [CARDS[c].name for c in s.hands[i]] for i in range(5) if i != 3}
    rebuilt = C.state_from_view(v, hands, seed=1)
    _same_view(C.view(rebuilt, 3), v)
    assert C.to_act(rebuilt) == C.to_act(s) and rebuilt.picks[3] == s.picks[3]
    # Without the other hands the state is still playable: they are simply empty.
    bare = C.state_from_view(v)
    assert C.view(bare, 3).legal_moves == v.legal_moves


def test_state_from_view_in_the_seventh_and_discard_build_phases(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Babylon", "side": "B", "stages_built": 2, "hand": ["Altar", "Theater"]},
            HALI_B | {"hand": ["Baths", "Pawnshop"]},
            {"wonder": "Gizah", "hand": ["Tavern", "Loom"]},
        ],
        turn=6,
    )
    s = kit.turn(s, {0: "build:Altar:0:0", 1: "wonder:Baths:0:0", 2: "build:Tavern:0:0"})
    v0 = C.view(s, 0)
    assert v0.phase == "seventh" and v0.discard_build_next == [1]
    rebuilt = C.state_from_view(v0, {1: ["Pawnshop"], 2: ["Loom"]})
    _same_view(C.view(rebuilt, 0), v0)
    after, _ = C.apply(rebuilt, 0, C.parse_move("discard:Theater"))
    real, _ = C.apply(s, 0, C.parse_move("discard:Theater"))
    assert after.phase == real.phase == HALI and C.to_act(after) == {1}
    v1 = C.view(real, 1)
    again = C.state_from_view(v1)
    _same_view(C.view(again, 1), v1)
    done, _ = C.apply(again, 1, C.parse_move("salvage:Loom"))
    assert done.age == 2 and done.phase == PICK


def test_state_from_view_needs_a_seat(kit: Kit) -> None:
    s = kit.pos([{"wonder": "Gizah"}, {"wonder": "Rhodos"}, {"wonder": "Babylon"}])
    with pytest.raises(EngineError):
        C.state_from_view(C.view(s, None))


def test_view_shows_olympia_free_build_used(kit: Kit) -> None:
    s = kit.pos(
        [
            {"wonder": "Olympia", "stages_built": 2, "hand": ["Palace", "Senate"]},
            {"wonder": "Gizah", "hand": ["Palace", "Senate"]},
            {"wonder": "Rhodos"},
        ],
        age=3,
    )
    assert not C.view(s, 1).cities[0].free_build_used
    s = kit.turn(s, {0: "free:Palace"})
    assert C.view(s, 1).cities[0].free_build_used
    assert C.dump_position(s)["seats"][0]["free_build_used"] is True


def test_wonder_info_lists_every_stage_effect() -> None:
    assert C.board_names(("cities",)) == [
        "Rhodos",
        "Alexandria",
        "Ephesos",
        "Babylon",
        "Olympia",
        "Halikarnassos",
        "Gizah",
        "Petra",  # Cities
        "Byzantium",
    ]
    assert C.board_names(("leaders",))[-1] == "Roma"  # the Leaders box's board
    assert C.board_names() == C.board_names(("cities",))[:7]  # a base table: the base boards
    assert C.board_names(("leaders", "cities"))[-3:] == ["Petra", "Byzantium", "Roma"]
    assert C.wonder_info("Roma", "A")["resource"] is None
    hali = C.wonder_info("Halikarnassos", "B")
    assert hali["wonder"] == "Mausoleum of Halikarnassos" and hali["resource"] == "loom"
    assert [st["special"] for st in hali["stages"]] == ["build_from_discard"] * 3
    assert hali["stages"][0]["cost"] == {"ore": 2} and hali["stages"][0]["vp"] == 2
    olympia = C.wonder_info("olympia", "A")
    assert olympia["stages"][1]["special"] == "free_build_once_per_age"
    assert C.wonder_info("Olympia", "B")["stages"][0]["discount"] == {
        "resources": ["wood", "stone", "clay", "ore"],
        "from": ["left", "right"],
    }
    assert C.wonder_info("Alexandria", "B")["stages"][1]["choice"] == ["glass", "loom", "papyrus"]
    assert C.wonder_info("Babylon", "A")["stages"][1]["science"] == "any"
    assert C.wonder_info("Rhodos", "B")["stages"][1] | {} == {
        "cost": {"ore": 4},
        "effect": "4 VP; 1 shield; 4 coins",
        "vp": 4,
        "coins": 4,
        "shields": 1,
        "science": None,
        "choice": [],
        "discount": None,
        "special": None,
        "coin_cost": 0,
    }
    petra = C.wonder_info("Petra", "B")["stages"]  # Cities: a stage priced in coins
    assert petra[1]["coin_cost"] == 14 and petra[1]["cost"] == {}
    with pytest.raises(KeyError):
        C.wonder_info("Atlantis", "A")
