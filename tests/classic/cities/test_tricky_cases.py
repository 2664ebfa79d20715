"""rules.md §12: the tricky cases (those that need Leaders, 15, 17 and 18, wait for it)."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.classic.data import CARD_INDEX
from engine.classic.state import DEBT, PICK
from engine.classic.stats import city_stats
from engine.common import IllegalMove
from tests.classic.cities.conftest import settle, table, turn


def _hideout(victim_coins: int) -> C.State:
    s = table(
        [{"hand": ["Hideout", "Altar"]}, {"coins": victim_coins, "hand": ["Altar", "Baths"]}, {}]
    )
    return turn(s, {0: "build:Hideout:0:0", 1: "build:Altar:0:0"})


def test_tricky_01_debt_may_be_chosen_with_enough_coins() -> None:
    s = table(
        [
            {"hand": ["Lair", "Altar"], "built": ["Sawmill", "Glassworks"]},
            {"coins": 5, "hand": ["Altar", "Baths"]},
            {},
        ],
        age=2,
    )
    s = turn(s, {0: "build:Lair:0:0", 1: "build:Altar:0:0"})
    assert {str(m) for m in C.legal_moves(s, 1)} == {"pay:0", "pay:1", "pay:2"}
    s = settle(s, {1: 1})
    assert s.cities[1].coins == 4 and s.cx is not None and s.cx.debt[1] == 1


def test_tricky_02_no_coins_all_debt() -> None:
    s = _hideout(0)
    assert [str(m) for m in C.legal_moves(s, 1)] == ["pay:0"]
    with pytest.raises(IllegalMove, match="at most 0"):
        C.apply(s, 1, C.parse_move("pay:1"))
    s = settle(s, {})
    assert s.cx is not None and s.cx.debt == (0, 1, 0) and C.scores(s)[1].debt == -1


def test_tricky_03_debt_is_never_repaid() -> None:
    s = settle(_hideout(0), {})
    rich = s._replace(cities=tuple(c._replace(coins=30) for c in s.cities))
    assert all(m.action != "pay" for m in C.legal_moves(rich, 1))
    assert rich.cx is not None and rich.cx.debt == (0, 1, 0)


def test_tricky_04_loss_resolves_after_the_turns_sale() -> None:
    s = table([{"hand": ["Hideout", "Altar"]}, {"coins": 0}, {}])
    s = turn(s, {0: "build:Hideout:0:0"})  # seat 1 discards for 3 coins the same turn
    assert s.phase == DEBT and s.cities[1].coins == 3
    assert [str(m) for m in C.legal_moves(s, 1)][0] == "pay:1"


def test_tricky_05_two_loss_cards_same_turn_add_up_never_own() -> None:
    s = table([{"hand": ["Hideout", "Altar"]}, {"hand": ["Hideout", "Baths"]}, {}])
    s = turn(s, {0: "build:Hideout:0:0", 1: "build:Hideout:0:0"})
    assert s.cx is not None and s.cx.owed == (1, 1, 2)


def test_tricky_06_sepulcher_ignores_defeat_tokens() -> None:
    s = table(
        [
            {"hand": ["Sepulcher", "Altar"], "built": ["Stone Pit", "Glassworks", "Loom"]},
            {"tokens": [-1, -1]},
            {"tokens": [1, -1]},
        ],
        age=2,
    )
    s = turn(s, {0: "build:Sepulcher:0:0"})
    assert s.cx is not None and s.cx.owed == (0, 0, 1)


def _end_age(s: C.State) -> C.State:
    while s.phase != PICK or s.turn != 1 or s.age == 1:
        s = turn(s, {}) if s.phase == PICK else settle(s, {})
    return s


def test_tricky_07_diplomat_between_two_others_they_fight_once() -> None:
    s = table(
        [{"diplomacy": 1, "built": ["Stockade"]}, {"built": ["Barracks", "Guard Tower"]}, {}],
        turn=7,
    )
    s = turn(s, {})
    assert s.age == 2
    assert [c.tokens for c in s.cities] == [(), (1,), (-1,)]
    assert s.cx is not None and s.cx.diplomacy == (0, 0, 0)


def test_tricky_08_all_but_one_diplomat_no_conflict() -> None:
    s = table([{"diplomacy": 1}, {"diplomacy": 1, "built": ["Stockade"]}, {}], turn=7)
    s = turn(s, {})
    assert all(c.tokens == () for c in s.cities)


def test_tricky_09_token_used_at_the_end_of_its_age_extra_kept() -> None:
    s = table([{"diplomacy": 2, "built": ["Stockade"]}, {"built": ["Barracks"]}, {}, {}], turn=7)
    s = turn(s, {})
    assert s.cx is not None and s.cx.diplomacy == (1, 0, 0, 0) and s.cities[0].tokens == ()
    # seats 1 and 3 (its neighbours) fight each other across it: seat 1 wins twice
    assert s.cities[1].tokens == (1, 1) and s.cities[3].tokens == (-1,)
    assert s.cities[2].tokens == (-1,)


def test_tricky_10_mask_without_neighbour_green_card_gives_nothing() -> None:
    s = table([{"built": ["Pigeon Loft"]}, {"built": ["Stockade"]}, {}])
    assert C.scores(s)[0].science == 0


def test_tricky_11_mask_may_copy_a_card_the_player_also_built() -> None:
    s = table([{"built": ["Workshop", "Spy Ring"]}, {"built": ["Workshop"]}, {}])
    assert C.scores(s)[0].science == 4


def test_tricky_12_dock_and_marketplace_make_a_good_free() -> None:
    # Seat 0 needs glass for Workshop and has no coins; its left neighbour (seat 2) sells glass
    # from a Glassworks: 2 coins, 1 with Marketplace, 0 with the West Dock.
    s = table(
        [
            {
                "hand": ["Workshop", "Altar"],
                "built": ["Marketplace", "Clandestine Dock West"],
                "coins": 0,
            },
            {},
            {"built": ["Glassworks"]},
        ]
    )
    assert "build:Workshop:0:0" in {str(m) for m in C.legal_moves(s, 0)}


def test_tricky_13_black_market_with_every_raw_resource_still_makes_goods() -> None:
    s = table([{"built": ["Black Market", "Lumber Yard", "Stone Pit", "Clay Pool"]}, {}, {}])
    choice = [c for c in city_stats(s.cities[0]).choices]
    assert choice == [(4, 5, 6)]  # glass, loom, papyrus only


def test_tricky_16_loss_card_built_from_the_discard_pile() -> None:
    s = table(
        [
            {
                "wonder": "Halikarnassos",
                "hand": ["Altar", "Baths"],
                "built": ["Ore Vein", "Foundry"],
                "stages": 1,
            },
            {},
            {},
        ]
    )
    s = s._replace(discard=(CARD_INDEX["Hideout"],))
    s = turn(s, {0: "wonder:Altar:0:0"})
    assert s.phase != DEBT
    s, _ = C.apply(s, 0, C.parse_move("salvage:Hideout"))
    assert s.phase == DEBT and s.cx is not None and s.cx.owed == (0, 1, 1)


def test_diplomacy_use_is_announced_even_after_a_debt_phase() -> None:
    s = table(
        [{"diplomacy": 1, "hand": ["Hideout", "Altar"]}, {"hand": ["Altar", "Baths"]}, {}],
        turn=7,
    )
    s = turn(s, {0: "build:Hideout:0:0"})
    assert s.phase == DEBT
    s = settle(s, {})
    kinds = [e.kind for e in s.last_events]
    assert s.age == 2 and "debt" in kinds and "diplomacy" in kinds


def test_wonder_choice_with_cities_offers_petra_and_byzantium_and_deals_eight() -> None:
    s = C.new_game(C.Config(players=3, wonders="choose", expansions=("cities",)), 4)
    offered = {str(m) for m in C.legal_moves(s, 0)}
    assert "board:Petra:A" in offered and "board:Byzantium:A" in offered
    for seat, board in enumerate(["Petra", "Byzantium", "Rhodos"]):
        s, _ = C.apply(s, seat, C.parse_move(f"board:{board}:A"))
    assert s.phase == PICK and all(len(h) == 8 for h in s.hands) and s.cx is not None
