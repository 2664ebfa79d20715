"""The seed's agent JSON protocol: names, move conversion both ways, positions both ways."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.common import IllegalMove
from engine.duel.agent_json import names as aj
from engine.duel.data import CARDS, TOKENS, WONDERS
from engine.duel.move import Move, parse_move

FIXTURES = Path(__file__).parent / "fixtures"


def seed_position() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / "seed_position.json").read_text())
    return data


# --- names -------------------------------------------------------------------------------------


def test_seed_spellings_map_to_card_ids() -> None:
    assert aj.card_key("CLAY_PIT") == "clay_pit"
    assert aj.card_key("ALTER") == "altar"
    assert aj.card_key("POSTRUM") == "rostrum"
    assert aj.card_key("TOWNHALL") == "town_hall"
    assert aj.card_key("THEATRE") == "theater"
    # Display names and ids are accepted too (agents are not always exact).
    assert aj.card_key("Town Hall") == "town_hall"
    assert aj.card_key("rostrum") == "rostrum"
    assert aj.wonder_key("THE_STATUE_OF_ZEUS") == "the_statue_of_zeus"
    assert aj.token_key("theology") == "theology"


def test_every_name_of_the_seed_position_is_known() -> None:
    data = seed_position()
    for p in ("player1", "player2"):
        for cards in data[p]["sortedHand"].values():
            for name in cards:
                aj.card_key(name)
        for w in data[p]["wonders"]:
            aj.wonder_key(w)
        for t in data[p]["tokens"]:
            aj.token_key(t)
    for name in data["discardedCards"]:
        aj.card_key(name)


@pytest.mark.parametrize("bad", ["MARBLE_PIT", "", 12, None])
def test_unknown_card_names_are_refused_with_the_name(bad: object) -> None:
    with pytest.raises(IllegalMove, match="card"):
        aj.card_key(bad)


# --- moves without a state ---------------------------------------------------------------------


def _all_moves() -> list[Move]:
    moves = [Move("pick", -1, w.key) for w in WONDERS]
    for slot in range(20):
        moves += [Move("build", slot), Move("discard", slot)]
        moves += [Move("wonder", slot, w.key) for w in WONDERS]
    moves += [Move("token", -1, t.key) for t in TOKENS]
    moves += [Move(a, -1, c.key) for c in CARDS for a in ("destroy", "revive")]
    moves += [Move("start", -1, "0"), Move("start", -1, "1")]
    return moves


@pytest.mark.parametrize("flip", [False, True])
@pytest.mark.parametrize("library", [False, True])
def test_every_move_round_trips_through_the_seed_json(flip: bool, library: bool) -> None:
    for move in _all_moves():
        assert parse_move(str(move)) == move
        data = aj.move_json(move, library=library, flip=flip)
        # What an agent sends is plain JSON.
        data = json.loads(json.dumps(data))
        _, back = aj.parse_agent_move(data, flip=flip)
        assert back == move, (move, data)


def test_move_json_matches_the_seed_examples() -> None:
    assert aj.move_json(Move("build", 13)) == {
        "move": "CONSTRUCT_BUILDING",
        "moveData": {"cardIndex": 13},
    }
    assert aj.move_json(Move("wonder", 10, "circus_maximus")) == {
        "move": "CONSTRUCT_WONDER",
        "moveData": {"cardIndex": 10, "wonder": "CIRCUS_MAXIMUS"},
    }
    assert aj.move_json(Move("revive", -1, "horse_breeders")) == {
        "move": "CONSTRUCT_FROM_DISCARD",
        "moveData": {"cardName": "HORSE_BREEDERS"},
    }
    assert aj.move_json(Move("token", -1, "law"), library=True) == {
        "move": "CHOOSE_PROGRESS_TOKEN_FROM_DISCARD",
        "moveData": {"progressToken": "LAW"},
    }
    # Player numbers: seat 0 is player 1 unless the presentation is flipped.
    assert aj.move_json(Move("start", -1, "1"))["moveData"] == {"player": 2}
    assert aj.move_json(Move("start", -1, "1"), flip=True)["moveData"] == {"player": 1}


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ("CONSTRUCT_BUILDING", "JSON object"),
        ({"move": "BUILD", "moveData": {}}, "Unknown move kind 'BUILD'"),
        ({"move": "CONSTRUCT_BUILDING", "moveData": {}}, "needs moveData.cardIndex"),
        ({"move": "CONSTRUCT_BUILDING", "moveData": {"cardIndex": 20}}, "0..19"),
        ({"move": "DISCARD", "moveData": {"cardIndex": "x"}}, "0..19"),
        ({"move": "DISCARD", "moveData": {"cardIndex": True}}, "0..19"),
        (
            {"move": "CONSTRUCT_WONDER", "moveData": {"cardIndex": 1, "wonder": "COLOSSUS_II"}},
            "Unknown wonder 'COLOSSUS_II'",
        ),
        (
            {"move": "DESTROY_CARD", "moveData": {"cardName": "GOLD_MINE"}},
            "Unknown card 'GOLD_MINE'",
        ),
        (
            {"move": "CHOOSE_PROGRESS_TOKEN", "moveData": {"progressToken": "MAGIC"}},
            "Unknown progress token",
        ),
        ({"move": "CHOOSE_STARTING_PLAYER", "moveData": {"player": 3}}, "1 or 2"),
        ({"move": "SELECT_WONDER", "moveData": []}, "moveData must be a JSON object"),
    ],
)
def test_malformed_moves_are_refused_with_a_reason(data: object, reason: str) -> None:
    with pytest.raises(IllegalMove, match=reason):
        aj.parse_agent_move(data)


def test_lenient_spelling_of_kinds_and_indexes() -> None:
    kind, move = aj.parse_agent_move({"move": "construct_building", "moveData": {"cardIndex": "7"}})
    assert (kind, move) == ("CONSTRUCT_BUILDING", Move("build", 7))
