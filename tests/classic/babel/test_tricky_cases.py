"""One named test per tricky case of reference/babel/rules.md §6, and the rules behind them."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from engine import classic as C
from engine.classic.babel import projects as P
from engine.classic.babel import tower as T
from engine.classic.babel.data import PROJECTS
from engine.classic.babel.tower_plugin import TOWER_PLUGIN
from engine.classic.data import CARDS, COLORS
from engine.classic.state import SEVENTH
from engine.common import IllegalMove
from tests.classic.babel.kit import (
    BOTH,
    after_draft,
    card,
    move,
    projects,
    table,
    tower,
    with_projects,
)

THREE = [{"hand": ["Altar", "Baths", "Theater"]}, {}, {}]


def _all_pick(s: C.State, picks: dict[int, str]) -> C.State:
    """Seats in ``picks`` play those moves, the others sell their first card."""
    for seat in sorted(C.to_act(s)):
        text = picks.get(seat)
        mv = (
            move(text) if text else next(m for m in C.legal_moves(s, seat) if m.action == "discard")
        )
        s, _ = C.apply(s, seat, mv)
    return s


def _conflict(s: C.State, won: dict[int, list[int]]) -> C.State:
    """The Tower's Age-end hooks around a conflict that gave these tokens."""
    s = TOWER_PLUGIN.age_end(s, [], False)
    cities = list(s.cities)
    for seat, toks in won.items():
        cities[seat] = cities[seat]._replace(tokens=cities[seat].tokens + tuple(toks))
    return TOWER_PLUGIN.age_end(s._replace(cities=tuple(cities)), [], True)


def test_case_1_tile_19_downgrades_the_victory_tokens_actually_taken() -> None:
    s = table([{"tokens": [1]}, {}, {}], visible=(19,))
    s = _conflict(s, {0: [1], 1: [3], 2: [5]})
    assert [c.tokens for c in s.cities] == [(1,), (1,), (3,)]  # the 1 taken before stays


def test_case_2_tile_22_gives_two_defeat_tokens_to_whoever_receives_the_loss() -> None:
    s = table([{}, {}, {}], visible=(22,))
    s = _conflict(s, {0: [-1], 1: [3, -1]})
    assert [c.tokens for c in s.cities] == [(-1, -1), (3, -1, -1), ()]


def test_case_3_tile_22_defeats_count_for_the_strategists_guild() -> None:
    s = table([{"built": ["Strategists Guild"]}, {}, {}], visible=(22,), age=3)
    s = _conflict(s, {1: [-1], 2: [-1]})
    assert C.scores(s)[0].guilds == 4  # 2 defeats x 2 neighbours


def test_case_4_tile_3_stops_brown_choices_but_not_the_caravansery() -> None:
    seats = [{"hand": ["Temple"], "built": ["Tree Farm", "Caravansery", "Glassworks"], "coins": 0}]
    s = table([*seats, {}, {}], visible=(3,), age=2)
    assert move("build:Temple:0:0") not in C.legal_moves(s, 0)  # one wood/clay choice left
    s2 = table([*seats, {}, {}], age=2)
    assert move("build:Temple:0:0") in C.legal_moves(s2, 0)
    seats[0]["built"] = ["Clay Pool", "Caravansery", "Glassworks"]
    s3 = table([*seats, {}, {}], visible=(3,), age=2)
    assert move("build:Temple:0:0") in C.legal_moves(s3, 0)  # Caravansery still gives wood


def test_case_5_tile_4_leaves_other_discounts_and_resets_the_trading_posts() -> None:
    seats = [{"hand": ["Baths"], "built": ["East Trading Post"], "coins": 1}, {}, {}]
    seats[1] = {"built": ["Stone Pit"]}
    s = table(seats, visible=(4,))
    assert move("build:Baths:0:1") not in C.legal_moves(s, 0)  # 2 coins a stone now
    s2 = table(seats)
    assert move("build:Baths:0:1") in C.legal_moves(s2, 0)


def test_case_6_tile_7_chains_from_a_neighbours_card_for_free() -> None:
    s = table([{"hand": ["Temple"], "coins": 0}, {}, {"built": ["Altar"]}], visible=(7,), age=2)
    chain = move("chain-build:Temple")
    assert chain in C.legal_moves(s, 0)
    s = _all_pick(s, {0: "chain-build:Temple"})
    assert card("Temple") in s.cities[0].built and s.cities[0].coins == 0
    plain = table([{"hand": ["Temple"], "coins": 0}, {}, {"built": ["Altar"]}], age=2)
    assert chain not in C.legal_moves(plain, 0)


def test_case_7_tile_15_ignores_stage_resources_but_keeps_coin_costs() -> None:
    s = table([{"hand": ["Altar"], "coins": 0}, {}, {}], visible=(15,))
    assert move("wonder:Altar:0:0") in C.legal_moves(s, 0)
    s = _all_pick(s, {0: "wonder:Altar:0:0"})
    assert s.cities[0].stages == 1 and s.cities[0].coins == 0


def test_case_8_tile_20_makes_only_single_unit_brown_cards_unlimited() -> None:
    s = table([{"hand": ["Walls"], "built": ["Stone Pit"], "coins": 0}, {}, {}], visible=(20,))
    s = s._replace(age=2)
    assert move("build:Walls:0:0") in C.legal_moves(s, 0)
    choice = table(
        [{"hand": ["Walls"], "built": ["Excavation"], "coins": 0}, {}, {}], visible=(20,)
    )
    assert move("build:Walls:0:0") not in C.legal_moves(choice._replace(age=2), 0)


def test_case_9_two_tiles_on_the_last_space_lower_first_the_higher_covers_the_oldest() -> None:
    s = table([{"tiles": [9]}, {"tiles": [5]}, {}], visible=(1, 2))
    s = _all_pick(s, {0: "tile:Altar:9", 1: f"tile:{_first(s, 1)}:5"})
    t = tower(s)
    assert [n for n, _, _ in t.placed] == [1, 2, 5, 9]
    assert T.visible(t) == (2, 5, 9) and C.view(s, None).tower.covered == [1]  # type: ignore[union-attr]


def _first(s: C.State, seat: int) -> str:
    return str(C.legal_moves(s, seat)[-1]).split(":")[1]


def test_case_10_a_tile_may_be_built_with_babylons_seventh_card() -> None:
    s = table([{"tiles": [7], "hand": ["Altar"]}, {}, {}])
    s = s._replace(phase=SEVENTH, pending=(0,), picks=(None,) * 3)
    assert move("tile:Altar:7") in C.legal_moves(s, 0)


def test_case_11_a_free_build_of_the_colour_may_join_the_project() -> None:
    s = table([{}, {}, {}], expansions=("babel-projects",))
    p = projects(s)
    colour = P.current(p, 1).color
    cid = next(c.id for c in CARDS if c.color == colour and c.age == 1)
    assert P.offer_seats(s, p, 0, cid, "free").offers == ((0, False),)


def test_case_12_the_purple_project_is_an_age_III_project() -> None:
    purple = [p for p in PROJECTS if COLORS[p.color] == "purple"]
    assert [(p.name, p.age) for p in purple] == [("Menagerie", 3)]


def test_case_13_the_factory_token_joins_a_later_project_whatever_the_colour() -> None:
    s = table([{}, {}, {}], expansions=("babel-projects",), age=2)
    # Smelter (brown, 2 coins) is the Age II project
    s = with_projects(s, order=(3, 8, 10), held=(("any_colour_participation",), (), ()), left=2)
    p = projects(s)
    other = next(c.id for c in CARDS if c.age == 2 and c.color != P.current(p, 2).color)
    p = P.offer_seats(s, p, 0, other, "build")
    assert p.offers == ((0, True),)
    opened = P.open_join(s, p)
    assert opened is not None
    s2, p2 = opened
    s2 = s2._replace(picks=(P.join_moves(s2, p2, 0)[0], None, None))
    _, p3 = P.settle_joins(s2, p2, [])
    assert p3.tokens[0] == 1 and p3.held[0] == ()  # the token was spent


def test_case_14_black_and_white_cards_never_match_a_project() -> None:
    assert all(COLORS[p.color] not in ("black", "white") for p in PROJECTS)
    s = table([{}, {}, {}], expansions=("babel-projects", "cities"))
    black = next(c.id for c in CARDS if COLORS[c.color] == "black")
    assert P.offer_seats(s, projects(s), 0, black, "build").offers == ()


# --- the rules behind the cases ---------------------------------------------------------------


def test_a_tax_the_seat_cannot_pay_blocks_the_build() -> None:
    seats = [{"hand": ["Stockade"], "built": ["Lumber Yard"], "coins": 0}, {}, {}]
    assert move("build:Stockade:0:0") in C.legal_moves(table(seats), 0)
    s = table(seats, visible=(1,))  # red cards cost +1 coin in Age I
    assert move("build:Stockade:0:0") not in C.legal_moves(s, 0)
    with pytest.raises(IllegalMove, match="Tower of Babel"):
        C.apply(s, 0, move("build:Stockade:0:0"))
    seats[0]["coins"] = 1
    s = _all_pick(table(seats, visible=(1,)), {0: "build:Stockade:0:0"})
    assert s.cities[0].coins == 0  # the tax went to the bank


def test_a_law_acts_from_the_turn_after_its_tile_is_placed() -> None:
    s = table([{"tiles": [5], "hand": ["Altar", "Baths"]}, {"hand": ["Altar", "Baths"]}, {}])
    s = _all_pick(s, {0: "tile:Baths:5", 1: "build:Altar:0:0"})
    assert s.cities[1].coins == 3  # tile 5 was placed at the end of that turn: no bonus
    assert tower(s).built[0] == (5,) and T.laws_now(s, tower(s)).bonus == {"blue": 1}


def test_the_tower_shows_three_spaces_up_to_four_players_and_four_above() -> None:
    for n, spaces in ((3, 3), (4, 3), (5, 4), (7, 4)):
        s = C.new_game(C.Config(players=n, expansions=("babel-tower",)), 1)
        assert tower(s).spaces == spaces


def test_the_tile_draft_passes_right_and_comes_before_the_leaders_draft() -> None:
    s = C.new_game(C.Config(players=3, expansions=("babel-tower", "leaders")), 2)
    assert C.view(s, 0).phase == "babel_draft"
    first = [tower(s).draft[i] for i in range(3)]
    for seat in range(3):
        s, _ = C.apply(s, seat, C.legal_moves(s, seat)[0])
    kept = [tower(s).hands[i][0] for i in range(3)]
    for seat in range(3):  # seat i now drafts what seat i - 1 left: passed to the right
        left = tuple(x for x in first[(seat - 1) % 3] if x != kept[(seat - 1) % 3])
        assert tower(s).draft[seat] == left
    s = after_draft(s)
    assert C.view(s, 0).phase == "leaders" and all(len(h) == 3 for h in tower(s).hands)


def test_a_failed_project_punishes_non_participants_and_a_missing_card_is_a_penalty_token() -> None:
    s = table([{"built": ["Stockade"]}, {}, {}], expansions=("babel-projects",))
    s = with_projects(s, order=(0, 5, 10), tokens=(0, 1, 0), left=1)  # Belvedere: discard red
    s, p = P.age_end(s, projects(s), (0, 1, 2), [])
    assert s.cities[0].built == () and card("Stockade") in s.discard
    assert p.penalty == (0, 0, -1) and p.left == 2  # the next Age: players - 1 tokens


def test_a_successful_project_rewards_each_token() -> None:
    s = table([{}, {}, {}], expansions=("babel-projects",))
    s = with_projects(s, order=(4, 5, 10), tokens=(2, 0, 0), left=0)  # Rampart Road: 4 coins
    coins = s.cities[0].coins
    s, _ = P.age_end(s, projects(s), (0, 1, 2), [])
    assert s.cities[0].coins == coins + 8


def test_shield_tokens_count_in_the_conflicts() -> None:
    s = table([{}, {}, {}], expansions=("babel-projects",))
    s = with_projects(s, held=(("double_shield",), (), ()))
    from engine.classic.plugin import shield_bonus

    assert shield_bonus(s) == [2, 0, 0]


@pytest.mark.parametrize("bad", [{"players": 2}, {"players": 4, "variant": "gods-heroes"}])
def test_the_tower_is_refused_where_it_is_not_implemented(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError, match="Babel|Gods"):
        C.Config(expansions=BOTH, **bad)  # type: ignore[arg-type]


def test_a_kept_tile_and_a_join_decision_may_be_changed_before_everyone_decided() -> None:
    s = C.new_game(C.Config(players=3, expansions=BOTH), 4)
    first, second = C.legal_moves(s, 0)[:2]
    s, _ = C.apply(s, 0, first)
    s, _ = C.apply(s, 0, C.Repick(second))
    assert s.picks[0] == second and C.to_act(s) == frozenset({1, 2})
    s = table([{}, {}, {}], expansions=("babel-projects",))
    s = with_projects(s, order=(3, 8, 10), offers=((0, False), (1, False)), stamp=(1, 1))
    opened = P.open_join(s, projects(s))
    assert opened is not None
    from engine.classic.babel.projects_plugin import PROJECTS_PLUGIN
    from engine.classic.plugin import with_slot

    s = with_slot(opened[0], PROJECTS_PLUGIN, opened[1])
    join, skip = C.legal_moves(s, 0)[0], C.legal_moves(s, 0)[-1]
    s, _ = C.apply(s, 0, join)
    s, _ = C.apply(s, 0, C.Repick(skip))
    s, _ = C.apply(s, 1, C.legal_moves(s, 1)[-1])
    assert projects(s).tokens == (0, 0, 0) and C.view(s, 0).phase == "pick"


def _nero_wins(age: int, coins_first: bool = False) -> C.State:
    """Leaders + Tower, tile 19 on the tower: Nero's seat (0) beats both neighbours at the end
    of ``age`` (every seat discards its last card)."""
    hand = ["Altar", "Baths"] if age == 1 else ["Statue", "Courthouse"]
    seats = [{"hand": hand, "leaders": {"recruited": ["Nero"]}, "built": ["Stockade"]}]
    seats += [{"hand": hand, "leaders": {"recruited": []}} for _ in range(2)]
    tower_part = {"built": [[], [], [19]], "placed": [[19, 1, 0]], "coins_first": coins_first}
    s = C.load_position(
        {"age": age, "turn": 6, "expansions": ["leaders", "babel-tower"], "seats": seats}
        | {"babel-tower": tower_part}
    )
    for seat in range(3):
        sell = next(m for m in C.legal_moves(s, seat) if m.action == "discard")
        s, _ = C.apply(s, seat, sell)
    return s


def test_case_1_tile_19_and_nero_pays_for_the_token_actually_taken() -> None:
    age1, age2 = _nero_wins(1), _nero_wins(2)
    assert age1.cities[0].tokens == () and age1.cities[0].coins == 3 + 3  # no token, no coins
    assert age2.cities[0].tokens == (1, 1) and age2.cities[0].coins == 3 + 3 + 2 * 2
    # Games stored before classic-6 keep the coins paid before the downgrade.
    old = _nero_wins(1, coins_first=True)
    assert old.cities[0].tokens == () and old.cities[0].coins == 3 + 3 + 2 * 2


def test_the_older_nero_rule_is_set_by_the_config_and_kept_in_the_dump() -> None:
    both = ("leaders", "babel-tower")
    old = C.new_game(C.Config(players=3, expansions=both, tile19_nero=False), 0)
    assert tower(old).coins_first and C.load(C.dump(old)) == old
    assert not tower(C.new_game(C.Config(players=3, expansions=both), 0)).coins_first
    plain = C.Config(players=3, expansions=("babel-tower",), tile19_nero=False)
    assert "coins_first" not in C.dump(C.new_game(plain, 0))["babel-tower"]  # no Nero there


def _replayed(game: dict[str, Any], new_rules: bool) -> str:
    """The sha256 of a recorded game's final dump replayed under the old or the new rules
    (without the old-rules marks, which the recording's rules never wrote)."""
    # As the bot reads a game stored under classic-3 (its later rules off), tile 19 as asked.
    config = C.Config(**game["config"], leaders_v5=False, tile19_nero=new_rules, projects_v4=False)
    s = C.new_game(config, game["seed"])
    for seat, text in game["moves"]:
        s, _ = C.apply(s, seat, C.parse_move(text))
    dump = C.dump(s)
    dump["babel-tower"].pop("coins_first", None)
    dump["leaders"].pop("old_recruit", None)
    if "babel-projects" in dump:
        dump["babel-projects"].pop("old_rules", None)
    return hashlib.sha256(json.dumps(dump, sort_keys=True).encode()).hexdigest()


def test_leaders_babel_games_stored_under_classic_3_replay_unchanged() -> None:
    recorded = json.loads((Path(__file__).parent / "classic3_leaders_babel.json").read_text())
    games = recorded["games"]
    for game in games:  # Config.tile19_nero False: how the bot reads a game stored before classic-6
        assert _replayed(game, new_rules=False) == game["dump_sha256"], game["seed"]
    # The first two meet tile 19 with Nero: the new rules end them otherwise.
    assert [_replayed(g, new_rules=True) != g["dump_sha256"] for g in games] == [
        True,
        True,
        False,
        False,
    ]
