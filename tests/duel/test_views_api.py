"""The public API around the rules: Config, views (filled, never leaking), texts, dump/load."""

from __future__ import annotations

import json
import random

import pytest

from engine import duel, game_module
from engine.common import EngineError, Event, IllegalMove
from engine.duel import events as E
from engine.duel.effects import ev
from engine.duel.move import Move
from tests.duel.helpers import act, check_no_leak, moves, playout, pos


def test_config_defaults_and_validation() -> None:
    assert duel.Config().draft is True and duel.Config().first_player == 0
    with pytest.raises(ValueError):
        duel.Config(players=3)  # type: ignore[call-arg]
    with pytest.raises(ValueError):
        duel.Config(first_player=2)
    assert game_module("duel") is duel


def test_api_names_exist() -> None:
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
        "price",
        "describe_move",
        "card_info",
        "card_names",
        "DuelView",
        "Move",
        "State",
        "to_agent_json",
        "from_agent_json",
        "move_from_agent",
        "move_to_agent",
    ):
        assert hasattr(duel, name), name


def test_draft_view_offers_wonders_with_no_pyramid() -> None:
    s = duel.new_game(duel.Config(), 3)
    v = duel.view(s, 0)
    assert v.phase == "draft" and v.pyramid == [] and len(v.draft_offer) == 4
    assert {m.action for m in v.legal_moves} == {"pick"} and v.to_act == 0
    assert duel.view(s, 1).legal_moves == [] and duel.view(s, None).legal_moves == []
    assert all(m.wonder for m in v.legal_moves)


def test_play_view_fills_prices_for_the_viewer_only() -> None:
    s = pos(cities=(["quarry"], []), slots={19: "baths", 18: "logging_camp"}, coins=(3, 7))
    v = duel.view(s, 0)
    slot = {x.index: x for x in v.pyramid}
    assert slot[19].price == 0 and slot[18].price == 1 and slot[19].card is not None
    assert slot[9].card is None and not slot[9].face_up and slot[9].back == "age1"
    assert all(x.price is None for x in duel.view(s, None).pyramid)
    assert v.cities[0].production == {"stone": 1} and v.cities[0].coins == 3
    wv = {w.key: w for w in v.cities[0].wonders}
    assert wv["the_pyramids"].price is None  # 6 coins needed, 3 owned
    assert {m.move for m in v.legal_moves} == moves(s)
    build = next(m for m in v.legal_moves if m.move == "build:18")
    assert build.price == 1 and build.card == "Logging Camp" and build.text


def test_view_rows_and_columns_follow_the_layout() -> None:
    v = duel.view(pos(), None)
    assert (v.pyramid[0].row, v.pyramid[0].col) == (0, 5)
    assert (v.pyramid[19].row, v.pyramid[19].col) == (4, 11)


def test_library_draw_is_seen_only_by_the_chooser() -> None:
    s = pos(wonders=(["the_great_library"], []), coins=(99, 7))
    s, _ = act(s, "wonder:19:the_great_library")
    mine, theirs, spectator = duel.view(s, 0), duel.view(s, 1), duel.view(s, None)
    assert len(mine.library_offer) == 3 and theirs.library_offer == []
    assert spectator.library_offer == []
    assert any(e.kind == "library" for e in mine.last_events)
    assert not any(e.kind == "library" for e in theirs.last_events + spectator.last_events)
    check_no_leak(s)


def test_views_are_json_in_every_phase_and_never_leak() -> None:
    seen: set[str] = set()
    for seed in range(40):
        s = duel.new_game(duel.Config(), seed)
        r = random.Random(seed)
        while duel.to_act(s):
            v = duel.view(s, s.player)
            if v.phase not in seen:
                seen.add(v.phase)
                json.loads(v.model_dump_json())
                check_no_leak(s)
            seat = s.player
            s, _ = duel.apply(s, seat, r.choice(duel.legal_moves(s, seat)))
        if len(seen) == 8 - 1:
            break
    assert {"draft", "play", "token", "start"} <= seen
    v = duel.view(s, 0)
    assert v.phase == "over" and v.outcome is not None and v.to_act is None


def test_describe_move_texts() -> None:
    s = pos(slots={19: "logging_camp", 18: "baths"}, tokens=([], []), coins=(9, 7))
    assert duel.describe_move(s, Move("build", 19)) == "Build Logging Camp (1 coin)"
    assert duel.describe_move(duel.view(s, 0), Move("build", 18)) == "Build Baths (2 coins)"
    assert duel.describe_move(s, Move("wonder", 19, "the_pyramids")).startswith(
        "Build The Pyramids with Logging Camp ("
    )
    assert duel.describe_move(s, Move("discard", 18)) == "Discard Baths for 2 coins"
    assert duel.describe_move(s, Move("token", -1, "law")) == "Take Law"
    assert duel.describe_move(s, Move("pick", -1, "piraeus")) == "Take Piraeus"
    assert duel.describe_move(s, Move("destroy", -1, "press")) == "Destroy Press"
    assert duel.describe_move(s, Move("start", -1, "1")) == "Seat 1 begins the next Age"


def test_card_info_and_names() -> None:
    names = duel.card_names()
    assert len(names) == 73 and names == sorted(names)
    info = duel.card_info("Horse Breeders")
    assert info["age"] == 2 and info["color"] == "red" and info["cost"] == {"wood": 1, "clay": 1}
    assert info["free_with"] == "horseshoe" and "1 shield" in info["effect"]
    assert duel.card_info("lighthouse")["effect"].startswith("3 VP")
    with pytest.raises(KeyError):
        duel.card_info("Colosseum")


def test_price_of_moves() -> None:
    s = pos(slots={19: "baths"})
    assert duel.price(s, 0, Move("build", 19)) == 2
    assert duel.price(s, 0, Move("discard", 19)) == 0
    assert duel.price(s, 0, Move("wonder", 19, "the_pyramids")) == 8
    with pytest.raises(IllegalMove):
        duel.price(s, 0, Move("build", 3))


def test_illegal_moves_have_readable_reasons() -> None:
    s = pos()
    with pytest.raises(IllegalMove, match="not your turn"):
        duel.apply(s, 1, Move("discard", 19))
    with pytest.raises(IllegalMove, match="Unknown wonder"):
        duel.apply(s, 0, Move("wonder", 19, "the_moon"))
    with pytest.raises(IllegalMove, match="not one of your wonders"):
        duel.apply(s, 0, Move("wonder", 19, "piraeus"))
    with pytest.raises(IllegalMove):
        duel.parse_move("build:20")


def test_dump_is_small_json_and_load_rejects_garbage() -> None:
    final, _ = playout(21)
    data = duel.dump(final)
    text = json.dumps(data)
    assert len(text) <= 8192 and duel.load(json.loads(text)) == final
    with pytest.raises(EngineError):
        duel.load({"game": "classic"})
    with pytest.raises(EngineError):
        duel.load({**data, "coins": "x"})


def test_fast_events_equal_validated_events() -> None:
    fast = ev("build", "Seat 0 builds Baths.", 1, seat=0, card="baths")
    slow = Event(
        kind="build",
        text="Seat 0 builds Baths.",
        visible_to=frozenset({1}),
        data={"seat": 0, "card": "baths"},
    )
    assert fast == slow and fast.model_dump() == slow.model_dump()
    assert fast.visible(1) and not fast.visible(0) and not fast.visible(None)
    assert Event.model_validate(fast.model_dump(mode="json")) == slow


def test_interned_events_are_shared_and_equal_validated_events() -> None:
    built = E.build(1, 5, 3, False)
    assert built is E.build(1, 5, 3, False) and built is not E.build(0, 5, 3, False)
    assert E.build(1, 5, 0, True).text.endswith("(chain).")
    for e in (
        built,
        E.reveal(19, 72),
        E.discard(0, 3, 4),
        E.pick(1, 11),
        E.again(0),
        E.military(0, -9, 3),
        E.coins(1, 12),
    ):
        assert Event.model_validate(e.model_dump()) == e and e.visible(None)
    assert E.military(1, -9, 3).data == {"seat": 1, "pawn": -9, "shields": 3}
    assert E.discard(0, 3, 4).data["coins"] == 4 and E.coins(1, 12).data["coins"] == 12
    made: list[int] = []

    def make() -> Event:
        made.append(1)
        return ev("lose", "Seat 1 loses 3 coins.", seat=1, coins=3)

    first = E.once(("lose", 1, 3, "test"), make)
    assert E.once(("lose", 1, 3, "test"), make) is first and made == [1]
    assert Event.model_validate(first.model_dump()) == first
