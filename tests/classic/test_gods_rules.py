"""Gods & Heroes (docs/gods-and-heroes.md): heroes, when a god is ready, the power step's
timing and targets, move texts, options and dumps."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.classic.data import CARDS
from engine.classic.variants import gods as G
from engine.common import IllegalMove
from tests.classic.gods_kit import LOCKED, READY, USED, play, table, turn

OLYMPIA = {"wonder": "Olympia", "stages_built": 3}


def _powers(state: C.State, seat: int) -> list[str]:
    return [str(m) for m in C.legal_moves(state, seat) if m.action == "power"]


def test_red_hero_joins_with_the_third_red_structure_and_brings_a_3_token() -> None:
    red = {"wonder": "Rhodos", "built": ["Stockade", "Guard Tower"], "hand": ["Barracks", "Baths"]}
    s = table([red, {"wonder": "Gizah"}, {"wonder": "Babylon"}])
    s, events = play(s, {0: "build:Barracks:0:0"})
    assert s.gods.heroes[0][0] >= 0 and s.cities[0].tokens == (3,)
    hero = [e for e in events if e.kind == "hero"]
    assert len(hero) == 1 and hero[0].data["color"] == "red" and hero[0].visible_to is None
    assert C.view(s, 1).gods.heroes[0].name in G.HEROES[0]
    s = turn(s, {})
    assert s.cities[0].tokens == (3,)  # one red hero per city, once


def test_blue_hero_gives_3_civilian_vp() -> None:
    built = ["Altar", "Theater", "Lumber Yard", "Stone Pit"]
    s = table([{"wonder": "Rhodos", "built": built, "hand": ["Baths", "Loom"]}, {}, {}])
    before = C.scores(s)[0].civilian
    s = turn(s, {0: "build:Baths:0:0"})
    assert s.gods.heroes[0][2] >= 0
    assert C.scores(s)[0].civilian == before + 3 + 3  # Baths' 3 VP and the blue hero's 3


def test_green_hero_is_a_science_symbol_of_the_owners_choice() -> None:
    built = ["Apothecary", "Workshop", "Loom", "Glassworks", "Press"]
    s = table([{"wonder": "Rhodos", "built": built, "hand": ["Scriptorium", "Baths"]}, {}, {}])
    s = turn(s, {0: "build:Scriptorium:0:0"})
    assert s.gods.heroes[0][1] >= 0
    # compass, gear, tablet and the hero's symbol (best: a second of one kind): 4+1+1+7 = 13
    assert C.scores(s)[0].science == 13


def test_god_is_locked_until_the_wonder_is_complete_then_ready_next_turn() -> None:
    almost = {
        "wonder": "Olympia",
        "stages_built": 2,
        "built": ["Foundry"],
        "hand": ["Altar", "Baths"],
    }
    s = table([almost, {"wonder": "Rhodos"}, {"wonder": "Gizah"}])
    assert _powers(s, 0) == []
    with pytest.raises(IllegalMove, match="once your wonder is complete"):
        C.apply(s, 0, C.parse_move("power:Zeus:1"))
    assert "wonder:Altar:0:0" in {str(m) for m in C.legal_moves(s, 0)}
    s, events = play(s, {0: "wonder:Altar:0:0"})
    assert s.gods.status[0] == READY and "god_ready" in [e.kind for e in events]
    assert _powers(s, 0) == ["power:Zeus:1", "power:Zeus:2"]


def test_power_step_comes_before_the_pick_once_and_stays_secret() -> None:
    s = table([OLYMPIA, {"wonder": "Rhodos"}, {"wonder": "Gizah"}], status=(READY, 0, 0))
    s, events = C.apply(s, 0, C.parse_move("power:Zeus:2"))
    assert [e.visible_to for e in events] == [frozenset({0})]
    assert C.to_act(s) == {0, 1, 2}  # still owes its pick
    assert C.view(s, 1).gods.my_power is None and C.view(s, None).gods.my_power is None
    assert not any("power" in e.text for e in C.view(s, 1).last_events)
    with pytest.raises(IllegalMove, match="already invoked"):
        C.apply(s, 0, C.parse_move("power:Zeus:1"))
    s, _ = C.apply(s, 0, C.parse_move("discard:Altar"))
    with pytest.raises(IllegalMove, match="cannot replace a pick"):
        C.apply(s, 0, C.parse_move("repick:power:Zeus:1"))


def test_power_cannot_follow_the_pick_or_be_used_twice() -> None:
    s = table([OLYMPIA, {"wonder": "Rhodos"}, {"wonder": "Gizah"}], status=(READY, 0, 0))
    s, _ = C.apply(s, 0, C.parse_move("discard:Altar"))
    with pytest.raises(IllegalMove, match="before you pick"):
        C.apply(s, 0, C.parse_move("power:Zeus:1"))
    s = table([OLYMPIA, {"wonder": "Rhodos"}, {"wonder": "Gizah"}], status=(USED, 0, 0))
    with pytest.raises(IllegalMove, match="once per game"):
        C.apply(s, 0, C.parse_move("power:Zeus:1"))
    with pytest.raises(IllegalMove, match="Your god is Zeus"):
        C.apply(s, 0, C.parse_move("power:Ares"))


def test_targets_must_be_another_seat() -> None:
    s = table([OLYMPIA, {"wonder": "Rhodos"}, {"wonder": "Gizah"}], status=(READY, 0, 0))
    for bad in ("power:Zeus:0", "power:Zeus:3", "power:Zeus:-1"):
        with pytest.raises(IllegalMove, match="another city"):
            C.apply(s, 0, C.parse_move(bad))


def test_zeus_and_marduk_on_one_target_in_one_turn() -> None:
    target = {
        "wonder": "Rhodos",
        "stages_built": 1,
        "tucked": ["Loom"],
        "coins": 5,
        "built": ["Brickyard", "Clay Pool"],
    }
    s = table(
        [OLYMPIA, target | {"hand": ["Altar", "Baths"]}, {"wonder": "Babylon", "stages_built": 3}],
        status=(READY, 0, READY),
    )
    s = turn(s, {1: "wonder:Altar:0:0"}, {0: "power:Zeus:1", 2: "power:Marduk:1"})
    # Zeus took the stage card; Marduk then destroyed the stage built before.
    assert s.cities[1].stages == 0 and s.cities[1].coins == 5
    assert sorted(CARDS[c].name for c in s.discard).count("Altar") == 3  # + the two discarded
    assert "Loom" in [CARDS[c].name for c in s.discard]


def test_marduk_cancels_a_halikarnassos_build_of_the_destroyed_stage() -> None:
    hali = {
        "wonder": "Halikarnassos",
        "stages_built": 1,
        "tucked": ["Loom"],
        "built": ["Ore Vein", "Foundry"],
        "hand": ["Altar", "Baths"],
        "coins": 5,
    }
    s = table(
        [hali, {"wonder": "Babylon", "stages_built": 3}, {"wonder": "Rhodos"}],
        discard=["Theater"],
        status=(0, READY, 0),
    )
    assert "wonder:Altar:0:0" in {str(m) for m in C.legal_moves(s, 0)}
    s = turn(s, {0: "wonder:Altar:0:0"}, {1: "power:Marduk:0"})
    assert s.phase == 0 and s.turn == 2  # no discard build: the stage is gone
    assert s.cities[0].stages == 1 and s.cities[0].built == s.cities[0].built


def test_powers_are_not_offered_in_seventh_card_or_discard_build_steps() -> None:
    hali_b = {
        "wonder": "Halikarnassos",
        "side": "B",
        "stages_built": 2,
        "tucked": ["Loom", "Press"],
        "built": ["Ore Vein", "Foundry", "Glassworks", "Press", "Loom"],
        "hand": ["Altar", "Baths"],
    }
    s = table(
        [hali_b, {"wonder": "Rhodos"}, {"wonder": "Gizah"}],
        discard=["Theater"],
        status=(LOCKED, 0, 0),
    )
    s = turn(s, {0: "wonder:Altar:0:0"})
    assert s.phase == 2 and C.to_act(s) == {0}  # the discard build of stage 3
    assert s.gods.status[0] == LOCKED  # ready only at the end of the turn
    assert _powers(s, 0) == []
    with pytest.raises(IllegalMove, match="before a turn's pick"):
        C.apply(s, 0, C.parse_move("power:Athena"))
    s, _ = C.apply(s, 0, C.parse_move("salvage:Theater"))
    assert s.gods.status[0] == READY and _powers(s, 0) == ["power:Athena"]


@pytest.mark.parametrize(
    "text",
    [
        "power:Ares",
        "power:Ra:3:left",
        "power:Ra:0:right",
        "power:Artemis",
        "power:Marduk:2",
        "power:Zeus:1",
        "power:Athena",
        "power:Seth:4:papyrus",
    ],
)
def test_power_texts_round_trip(text: str) -> None:
    assert str(C.parse_move(text)) == text


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("power:Hermes", "Unknown god"),
        ("power:Zeus", "expected power:Zeus:<seat>"),
        ("power:Ra:1:up", "left or right"),
        ("power:Seth:1:gold", "Unknown resource"),
        ("power:Marduk:x", "Malformed seat"),
        ("power:Ares:1", "expected power:Ares"),
    ],
)
def test_malformed_power_texts_say_why(text: str, why: str) -> None:
    with pytest.raises(IllegalMove, match=why):
        C.parse_move(text)


def test_config_option_and_old_dumps() -> None:
    assert C.Config().variant is None
    with pytest.raises(ValueError, match="3 to 7 players"):
        C.Config(players=2, variant="gods-heroes")
    with pytest.raises(ValueError, match="not played with expansions"):
        C.Config(players=4, variant="gods-heroes", expansions=("cities",))
    base = C.new_game(C.Config(players=4), 5)
    gods = C.new_game(C.Config(players=4, variant="gods-heroes"), 5)
    assert gods.hands == base.hands and gods.cities == base.cities  # same deal
    assert "gods" not in C.dump(base) and C.load(C.dump(base)).gods is None
    assert C.load(C.dump(gods)) == gods and C.dump(gods)["gods"]["status"] == [0] * 4
    assert C.view(base, 0).gods is None and C.view(gods, 0).gods is not None


def test_wonder_choice_keeps_the_variant() -> None:
    s = C.new_game(C.Config(players=3, wonders="choose", variant="gods-heroes"), 3)
    for seat, board in enumerate(("Olympia", "Gizah", "Rhodos")):
        s, _ = C.apply(s, seat, C.parse_move(f"board:{board}:A"))
    assert s.phase == 0 and s.gods is not None
    assert [g.god for g in C.view(s, None).gods.gods] == ["Zeus", "Seth", "Ares"]


def test_same_seed_same_game() -> None:
    import random

    def run() -> dict[str, object]:
        rng = random.Random(11)
        s = C.new_game(C.Config(players=5, variant="gods-heroes"), 11)
        while acting := sorted(C.to_act(s)):
            for seat in acting:
                moves = C.legal_moves(s, seat)
                s, _ = C.apply(s, seat, moves[rng.randrange(len(moves))])
        return C.dump(s)

    assert run() == run()


def test_positions_and_search_states_carry_the_variant() -> None:
    s = table(
        [OLYMPIA, {"wonder": "Rhodos"}, {"wonder": "Gizah"}],
        status=(READY, 0, 0),
        heroes=((-1, 2, -1), (-1, -1, -1), (0, -1, -1)),
        artemis=2,
        famine=(1, 4),
    )
    assert C.load_position(C.dump_position(s)).gods == s.gods
    s, _ = C.apply(s, 0, C.parse_move("power:Zeus:2"))
    mine = C.state_from_view(C.view(s, 0), {1: ["Altar", "Baths"], 2: ["Altar", "Baths"]})
    assert mine.gods == s.gods  # the owner knows its own power
    other = C.state_from_view(C.view(s, 1), {0: ["Altar", "Baths"], 2: ["Altar", "Baths"]})
    assert other.gods == s.gods._replace(declared=(None, None, None))  # secret


def test_a_power_at_a_table_without_the_variant_is_refused() -> None:
    s = C.new_game(C.Config(players=3), 1)
    with pytest.raises(IllegalMove, match="does not play Gods & Heroes"):
        C.apply(s, 0, C.parse_move("power:Zeus:1"))
