"""Cities guilds, set-up (decks, hands of 8, 7 turns), Petra and Byzantium, dump/load."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import classic as C
from engine.classic.cities.setup import BLACK_BY_AGE, CITY_GUILDS
from engine.classic.data import CARDS, COLORS
from engine.classic.state import DEBT
from engine.common import IllegalMove
from tests.classic.cities.conftest import settle, table, turn

_BLACK = COLORS.index("black")


def test_counterfeiters_guild_five_vp_and_three_coin_loss() -> None:
    built = ["Ore Vein", "Foundry", "Glassworks", "Loom"]
    s = table([{"hand": ["Counterfeiters Guild", "Altar"], "built": built}, {}, {}], age=3)
    s = turn(s, {0: "build:CounterfeitersGuild:0:0"})
    assert s.phase == DEBT and s.cx is not None and s.cx.owed == (0, 3, 3)
    s = settle(s, {1: 0, 2: 1})
    assert s.cx is not None and s.cx.debt == (0, 3, 2) and C.scores(s)[0].guilds == 5
    assert [sc.debt for sc in C.scores(s)] == [0, -3, -2]


def test_guild_of_shadows_one_vp_per_neighbour_black_card() -> None:
    s = table(
        [{"built": ["Guild of Shadows"]}, {"built": ["Militia", "Hideout"]}, {"built": ["Lair"]}]
    )
    assert C.scores(s)[0].guilds == 3


def test_mourners_guild_one_vp_per_neighbour_victory_token() -> None:
    s = table([{"built": ["Mourners Guild"]}, {"tokens": [1, 3, -1]}, {"tokens": [5, -1, -1]}])
    assert C.scores(s)[0].guilds == 3


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_decks_have_eight_cards_a_player_and_n_black_cards(players: int) -> None:
    s = C.new_game(C.Config(players=players, expansions=("cities",)), players)
    assert all(len(h) == 8 for h in s.hands)
    age1 = [c for h in s.hands for c in h]
    assert sum(1 for c in age1 if CARDS[c].color == _BLACK) == players
    assert all(len(d) == 8 * players for d in s.decks)
    age3 = Counter(CARDS[c].color for c in s.decks[1])
    assert age3[_BLACK] == players and age3[COLORS.index("purple")] == players + 2
    assert set(BLACK_BY_AGE[2]) >= {c for c in s.decks[0] if CARDS[c].color == _BLACK}


def test_city_guilds_join_the_pool() -> None:
    seen: set[int] = set()
    for seed in range(40):
        s = C.new_game(C.Config(players=7, expansions=("cities",)), seed)
        seen |= set(s.decks[1]) & set(CITY_GUILDS)
    assert seen == set(CITY_GUILDS)


def test_seven_turns_and_last_card_discarded_without_coins() -> None:
    s = C.new_game(C.Config(players=3, expansions=("cities",)), 1)
    for _ in range(6):
        s = turn(s, {})
    assert s.turn == 7 and all(len(h) == 2 for h in s.hands)
    before = [c.coins for c in s.cities]
    discard = len(s.discard)
    s = turn(s, {})
    assert s.age == 2 and s.turn == 1 and len(s.discard) == discard + 6
    assert [c.coins for c in s.cities] == [b + 3 for b in before]  # only the sale, no 7th card


def test_petra_b_stage_one_coin_loss_and_stage_two_costs_fourteen_coins() -> None:
    s = table(
        [
            {
                "wonder": "Petra",
                "side": "B",
                "hand": ["Altar", "Baths"],
                "built": ["Clay Pool", "Foundry", "Ore Vein"],
            },
            {},
            {},
        ]
    )
    s = turn(s, {0: "wonder:Altar:0:0"})
    assert s.cx is not None and s.cx.owed == (0, 2, 2)
    s = settle(s, {})
    poor = s._replace(cities=(s.cities[0]._replace(coins=13),) + s.cities[1:])
    assert not any(m.action == "wonder" for m in C.legal_moves(poor, 0))
    rich = s._replace(cities=(s.cities[0]._replace(coins=14),) + s.cities[1:])
    card = next(m for m in C.legal_moves(rich, 0) if m.action == "wonder")
    after = turn(rich, {0: str(card)})
    assert after.cities[0].coins == 0 and C.scores(after)[0].wonders == 17


def test_petra_coin_stage_still_costs_coins_with_architect_cabinet() -> None:
    s = table(
        [
            {
                "wonder": "Petra",
                "side": "B",
                "stages": 1,
                "coins": 10,
                "built": ["Architect Cabinet"],
                "hand": ["Altar", "Baths"],
            },
            {},
            {},
        ]
    )
    assert not any(m.action == "wonder" for m in C.legal_moves(s, 0))  # tricky case 14


def test_byzantium_b_stages_give_diplomacy_tokens() -> None:
    s = table(
        [
            {
                "wonder": "Byzantium",
                "side": "B",
                "hand": ["Altar", "Baths"],
                "built": ["Lumber Yard", "Ore Vein", "Glassworks", "Press"],
            },
            {},
            {},
        ]
    )
    s = turn(s, {0: "wonder:Altar:0:0"})
    assert s.cx is not None and s.cx.diplomacy == (1, 0, 0) and C.scores(s)[0].wonders == 3


def test_dump_load_round_trip_mid_debt_phase_and_base_dump_unchanged() -> None:
    s = table([{"hand": ["Hideout", "Altar"]}, {}, {}])
    s = turn(s, {0: "build:Hideout:0:0"})
    assert s.phase == DEBT
    d = C.dump(s)
    assert C.load(d) == s and C.dump(C.load(d)) == d and "cities_ext" in d
    assert "cities_ext" not in C.dump(C.new_game(C.Config(players=3), 0))


def test_config_rejects_cities_for_two_players_and_unknown_expansions() -> None:
    with pytest.raises(ValueError, match="3 to 7"):
        C.Config(players=2, expansions=("cities",))
    with pytest.raises(ValueError, match="unknown expansions"):
        C.Config(players=3, expansions=("armada",))
    with pytest.raises(ValueError, match="unknown boards"):
        C.Config(players=3, wonders=["Petra", "Rhodos", "Gizah"])
    assert C.Config.model_validate({"players": 3}).expansions == ()


def test_pay_moves_have_canonical_text_and_bad_ones_clear_errors() -> None:
    assert str(C.parse_move("pay:2")) == "pay:2" and C.parse_move("pay:0").left == 0
    for bad in ("pay:", "pay:-1", "pay:two", "pay:1:2"):
        with pytest.raises(IllegalMove, match="expected e.g. pay:2"):
            C.parse_move(bad)
    s = table([{"hand": ["Altar", "Baths"]}, {}, {}])
    with pytest.raises(IllegalMove, match="no coin loss"):
        C.apply(s, 0, C.parse_move("pay:1"))
    s = turn(table([{"hand": ["Hideout", "Altar"]}, {}, {}]), {0: "build:Hideout:0:0"})
    with pytest.raises(IllegalMove, match="Settle your coin loss first"):
        C.apply(s, 1, C.parse_move("discard:Altar"))
    with pytest.raises(IllegalMove, match="You lose 1 coin"):
        C.apply(s, 1, C.parse_move("pay:2"))
    with pytest.raises(IllegalMove, match="no coin loss to settle"):
        C.apply(s, 0, C.parse_move("pay:0"))  # the builder loses nothing
