"""Public API details: move texts, views, descriptions, card info, positions, dump/load."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import classic as C
from engine import game_module
from engine.classic.data import CARDS, slug
from engine.common import IllegalMove

Kit = Any


def test_game_module_and_names() -> None:
    assert game_module("classic") is C
    for name in (
        "Config",
        "new_game",
        "to_act",
        "legal_moves",
        "apply",
        "view",
        "scores",
        "outcome",
        "parse_move",
        "dump",
        "load",
        "RULES_VERSION",
        "load_position",
        "dump_position",
        "describe_move",
        "card_info",
        "card_names",
    ):
        assert hasattr(C, name), name
    assert C.Config().players == 3


def test_move_text_round_trips_and_is_short() -> None:
    for card in CARDS:
        for text in (
            # the slug: letters and digits only (the Leaders guilds have apostrophes)
            f"build:{slug(card.name)}:12:3",
            f"discard:{slug(card.name)}",
        ):
            move = C.parse_move(text)
            assert str(move) == text and len(text) <= 60 and " " not in text
            assert C.parse_move(str(move)) == move and hash(move) == hash(C.parse_move(text))
    for bad in (
        "",
        "build:Nothing:0:0",
        "build:Altar",
        "discard:Altar:1:1",
        "fly:Altar",
        "build:Altar:x:0",
        "build:Altar:-1:0",
    ):
        with pytest.raises(IllegalMove):
            C.parse_move(bad)


def test_describe_move_texts() -> None:
    assert C.describe_move(None, C.parse_move("build:Baths:2:0")) == "Build Baths (2 coins to left)"
    assert C.describe_move(None, C.parse_move("discard:Altar")) == "Discard Altar for 3 coins"
    assert C.describe_move(None, C.parse_move("wonder:Altar:1:2")) == (
        "Wonder stage with Altar (1 coin to left, 2 coins to right)"
    )


def test_card_info_and_names() -> None:
    names = C.card_names()
    # 75 base names, the 30 of Cities (27 black cards, 3 guilds) and the 4 guilds of the
    # Leaders box, each marked with its expansion
    assert len(names) == 75 + 30 + 4 and "Loom" in names and names == sorted(names)
    assert "Hideout" in names and "Guild of Shadows" in names
    assert C.card_info("Gamers' Guild")["expansion"] == "leaders"
    assert C.card_info("Hideout")["expansion"] == "cities"
    assert C.card_info("Loom")["expansion"] is None
    loom = C.card_info("Loom")
    assert loom["ages"] == [1, 2] and loom["copies"][3] == 2 and loom["copies"][7] == 4
    assert C.card_info("temple")["chain_from"] == ["Altar"]
    assert C.card_info("Scientists Guild")["copies"] is None
    with pytest.raises(KeyError):
        C.card_info("Nope")


def test_view_of_a_seat_lists_hand_statuses(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Gizah",
                "coins": 1,
                "built": ["Altar", "Loom"],
                "hand": ["Temple", "Loom", "Courthouse", "Walls", "Statue"],
            },
            {"wonder": "Olympia"},
            {"wonder": "Rhodos", "built": ["Foundry"]},
        ],
        age=2,
    )
    v = C.view(s, 0)
    status = {h.name: h.status for h in v.hand_cards}
    assert status == {
        "Temple": "chain",
        "Loom": "duplicate",
        "Courthouse": "unaffordable",
        "Walls": "unaffordable",
        "Statue": "unaffordable",
    }
    cards = {h.name: h for h in v.hand_cards}
    assert cards["Walls"].missing == {"stone": 2}
    assert cards["Statue"].missing == {"coins": 5}  # 2 ore left + 1 wood right = 6 coins
    assert cards["Temple"].build[0].move == "build:Temple:0:0"
    court = next(h for h in v.hand_cards if h.name == "Courthouse")
    assert court.missing == {"clay": 2}
    assert {t.side: t.seat for t in v.trade} == {"left": 2, "right": 1}
    assert v.trade[0].sells.fixed == {"ore": 3}
    assert v.pass_direction == "right" and v.phase == "pick" and v.to_act == [0, 1, 2]
    json.loads(v.model_dump_json())


def test_spectator_view_has_no_hands_or_picks(kit: Kit) -> None:
    s = kit.pos([{"wonder": "Gizah"}, {"wonder": "Olympia"}, {"wonder": "Rhodos"}])
    s, _ = C.apply(s, 0, C.parse_move("build:Altar:0:0"))
    v = C.view(s, None)
    assert v.hand == [] and v.hand_cards == [] and v.my_pick is None and v.picked == [0]
    assert "Altar" not in v.model_dump_json()
    assert "Altar" not in C.view(s, 1).model_dump_json().split('"hand"')[0]


def test_illegal_move_messages(kit: Kit) -> None:
    s = kit.pos(
        [
            {
                "wonder": "Gizah",
                "coins": 1,
                "built": ["Lumber Yard", "Clay Pool"],
                "hand": ["Temple"],
            },
            {"wonder": "Alexandria"},
            {"wonder": "Olympia"},
        ],
        age=2,
    )
    with pytest.raises(IllegalMove) as info:
        C.apply(s, 0, C.parse_move("build:Temple:0:2"))
    assert str(info.value) == (
        "Temple needs 1 wood, 1 clay, 1 glass: you lack 1 glass; "
        "left sells none; right sells 1 glass for 2 coins each; "
        "you have 1 coin."
    )
    with pytest.raises(IllegalMove, match="not in your hand"):
        C.apply(s, 0, C.parse_move("build:Altar:0:0"))
    with pytest.raises(IllegalMove, match="no seat"):
        C.apply(s, 9, C.parse_move("discard:Temple"))


def test_position_round_trip(kit: Kit) -> None:
    data = {
        "game": "classic",
        "age": 2,
        "turn": 3,
        "seats": [
            {
                "wonder": "Rhodos",
                "side": "A",
                "stages_built": 1,
                "coins": 5,
                "built": ["Stockade", "Lumber Yard"],
                "military_tokens": [1, -1],
                "hand": ["Sawmill", "Temple"],
            },
            {
                "wonder": "Gizah",
                "side": "B",
                "stages_built": 0,
                "coins": 3,
                "built": [],
                "military_tokens": [],
                "hand": [],
            },
            {
                "wonder": "Babylon",
                "side": "A",
                "stages_built": 0,
                "coins": 3,
                "built": [],
                "military_tokens": [],
                "hand": [],
            },
        ],
        "discard": ["Baths"],
    }
    s = C.load_position(data)
    out = C.dump_position(s)
    assert out["seats"][0] == data["seats"][0] | {}
    assert out["discard"] == ["Baths"] and out["age"] == 2 and out["turn"] == 3
    assert C.dump_position(C.load_position(out)) == out


def test_dump_load_is_lossless_and_small() -> None:
    s = C.new_game(C.Config(players=7, sides="random"), 3)
    rng = random.Random(3)
    for _ in range(40):
        seat = min(C.to_act(s))
        s, _ = C.apply(s, seat, rng.choice(C.legal_moves(s, seat)))
        data = json.loads(json.dumps(C.dump(s)))
        assert C.load(data) == s and C.dump(C.load(data)) == C.dump(s)
        assert len(json.dumps(data)) <= 20_000
    assert isinstance(C.RULES_VERSION, str)


def test_same_seed_same_game() -> None:
    a = C.new_game(C.Config(players=5, sides="random"), 42)
    b = C.new_game(C.Config(players=5, sides="random"), 42)
    assert C.dump(a) == C.dump(b) and C.dump(a) != C.dump(C.new_game(C.Config(players=5), 43))
