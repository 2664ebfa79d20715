"""Leaders and Cities in one game: set-up, both score rows, science with leaders and masks."""

from __future__ import annotations

from engine import classic as C
from engine.classic.cities.setup import CITY_GUILDS
from engine.classic.data import BOARD_INDEX, GUILD_IDS, LEADER_GUILD_IDS
from engine.classic.state import LEAD
from tests.classic.leaders_kit import pos
from tests.classic.leaders_playout import play_checked

BOTH = ("leaders", "cities")


def test_both_expansions_deal_the_draft_first_then_hands_of_eight() -> None:
    s = C.new_game(C.Config(players=4, expansions=BOTH), 3)
    assert s.phase == LEAD and s.cx is not None and s.leaders is not None
    assert all(c.coins == 6 for c in s.cities)  # Leaders' 6 starting coins
    assert all(len(d) == 8 * 4 for d in s.decks)  # Cities' 8 cards a hand, dealt per Age


def test_with_both_every_guild_set_and_board_can_be_dealt() -> None:
    guilds: set[int] = set()
    boards: set[int] = set()
    for seed in range(60):
        s = C.new_game(C.Config(players=7, expansions=BOTH), seed)
        guilds.update(c for c in s.decks[2] if c in GUILD_IDS + LEADER_GUILD_IDS + CITY_GUILDS)
        boards.update(c.board for c in s.cities)
    assert guilds == set(GUILD_IDS + LEADER_GUILD_IDS + CITY_GUILDS)
    assert {BOARD_INDEX[b] for b in ("Roma", "Petra", "Byzantium")} <= boards


def test_one_expansion_never_deals_the_other_ones_guilds_or_boards() -> None:
    for seed in range(30):
        lead = C.new_game(C.Config(players=7, expansions=("leaders",)), seed)
        assert not set(lead.decks[2]) & set(CITY_GUILDS)
        assert all(
            c.board not in (BOARD_INDEX["Petra"], BOARD_INDEX["Byzantium"]) for c in lead.cities
        )
        cities = C.new_game(C.Config(players=7, expansions=("cities",)), seed)
        assert not set(cities.decks[-1]) & set(LEADER_GUILD_IDS)  # Age III: the last deck
        assert all(c.board != BOARD_INDEX["Roma"] for c in cities.cities)


def test_a_mask_copies_the_symbol_that_completes_a_set_with_leaders_and_aristotle() -> None:
    # Seat 0: a compass (Apothecary), Pythagoras' gear, a mask (Pigeon Loft) and Aristotle. Its
    # right neighbour shows a tablet, its left a gear: copying the tablet makes a set
    # (1 + 1 + 1 + 7 = 10) and Aristotle adds 3 to the Leaders row.
    seats = [
        {"built": ["Apothecary", "Pigeon Loft"], "recruited": ["Pythagoras", "Aristotle"]},
        {"built": ["Scriptorium"]},
        {"built": ["Workshop"]},
    ]
    s = pos(seats, cities=True)
    score = C.scores(s)[0]
    assert score.science == 10 and score.leaders == 3
    bare = pos([{**seats[0], "recruited": ["Pythagoras"]}, seats[1], seats[2]], cities=True)
    assert C.scores(bare)[0].science == 10 and C.scores(bare)[0].leaders == 0


def test_random_games_with_both_keep_every_invariant() -> None:
    # A small share of tests/bench/leaders_playouts.py --cities (3,000 games there).
    for players in range(3, 8):
        for seed in range(4):
            steps, dump = play_checked(players, seed, deep=seed == 0, expansions=BOTH)
            assert steps > 0 and dump["cities_ext"] and dump["leaders"]
