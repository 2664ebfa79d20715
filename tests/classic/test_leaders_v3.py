"""Rules classic-3 (reference leaders rules 5.9-5.12): Babylon B's 7th card takes the leaders'
discounts like any build, and a purchase the Clandestine Docks made free earns Hatshepsut's
coin. Games stored under classic-2 (``Leaders.old_rules``) keep playing as they did."""

from __future__ import annotations

from typing import Any

from engine import classic as C
from engine.classic.state import State
from tests.classic.leaders_kit import coins, moves, pos, turn


def _old(state: State) -> State:
    """The same position under the rules of a game stored under classic-2."""
    assert state.leaders is not None
    return state._replace(leaders=state.leaders._replace(old_rules=True))


def _seventh(seat: dict[str, Any], age: int = 1) -> State:
    """Seat 0, Babylon B with its 7th-card stage, owes its 7th card; the others are done."""
    babylon = {"wonder": "Babylon", "side": "B", "stages_built": 2, **seat}
    return pos([babylon, {"hand": []}, {"hand": []}], age=age, phase="seventh")


def _play(state: State, text: str) -> State:
    return C.apply(state, 0, C.parse_move(text))[0]


def test_leonidas_discounts_babylons_seventh_card() -> None:
    s = _seventh({"recruited": ["Leonidas"], "hand": ["Stockade"]})  # 1 wood, none around
    assert C.to_act(s) == {0}
    assert "build:Stockade:0:0" in moves(s, 0)
    after = _play(s, "build:Stockade:0:0")
    assert "Stockade" in C.view(after, 0).cities[0].built
    assert moves(_old(s), 0) == {"discard:Stockade"}  # classic-2: no discount


def test_ramses_builds_a_guild_as_the_seventh_card_for_free() -> None:
    s = _seventh({"recruited": ["Ramses"], "hand": ["Workers Guild"], "coins": 0}, age=3)
    assert "build:WorkersGuild:0:0" in moves(s, 0)
    assert "build:WorkersGuild:0:0" not in moves(_old(s), 0)


def test_imhotep_discounts_a_stage_built_with_the_seventh_card() -> None:
    # Babylon B stage 3: 3 clay + 1 papyrus; the board and the Clay Pool make 2 clay.
    built = ["Clay Pool", "Press"]
    s = _seventh({"recruited": ["Imhotep"], "built": built, "hand": ["Altar"]})
    assert "wonder:Altar:0:0" in moves(s, 0)
    assert not any(m.startswith("wonder") for m in moves(_old(s), 0))


def test_bilkis_buys_from_the_bank_for_the_seventh_card() -> None:
    s = _seventh({"recruited": ["Bilkis"], "hand": ["Stockade"]})
    assert "build:Stockade:0:0" in moves(s, 0)
    assert coins(_play(s, "build:Stockade:0:0")) == coins(s) - 1  # the bank's unit costs 1 coin


def test_hatshepsut_counts_a_purchase_the_docks_made_free() -> None:
    # Marketplace: loom for 1 coin; the Clandestine Dock West takes that coin off (rule 5.12 [E]).
    me = {"recruited": ["Hatshepsut"], "built": ["Clandestine Dock West", "Marketplace"]}
    s = pos([{**me, "hand": ["Apothecary", "Altar"]}, {}, {"built": ["Loom"]}], cities=True)
    assert "build:Apothecary:0:0" in moves(s, 0)
    assert coins(turn(s, {0: "build:Apothecary:0:0"})) == coins(s) + 1
    assert coins(turn(_old(s), {0: "build:Apothecary:0:0"})) == coins(s)  # classic-2


def test_hatshepsut_gets_nothing_when_nothing_is_bought() -> None:
    me = {"recruited": ["Hatshepsut"], "built": ["Clandestine Dock West", "Loom"]}
    s = pos([{**me, "hand": ["Apothecary", "Altar"]}, {}, {"built": ["Loom"]}], cities=True)
    assert coins(turn(s, {0: "build:Apothecary:0:0"})) == coins(s)  # its own loom


def test_the_old_rules_mark_survives_dump_and_load() -> None:
    config = C.Config(players=4, expansions=("leaders",), leaders_v3=False)
    s = C.new_game(config, 3)
    data = C.dump(s)
    assert data["leaders"]["old_rules"] is True and C.load(data) == s
    fresh = C.dump(C.new_game(C.Config(players=4, expansions=("leaders",)), 3))
    assert "old_rules" not in fresh["leaders"]  # new games keep the dump's shape
