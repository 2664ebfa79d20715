"""The 2-player game with the Free City (docs/two-players.md; issue 21 part 2)."""

from __future__ import annotations

import random

import pytest

from engine import classic as C
from engine.ai import make_agent
from engine.ai.arena import run_arena
from engine.classic.data import CARD_INDEX, CARDS, NAME_ID
from engine.classic.state import CHOOSE, OVER, PICK, State
from engine.classic.variants import two
from engine.common import IllegalMove
from tests.classic.cards import all_cards

ABSENT_AT_3 = {"Tree Farm", "Excavation", "Forest Cave", "Mine", "Pawnshop", "Tavern"}


def _first_legal_turn(s: State) -> State:
    """Every acting seat (the controller twice) plays its first legal move."""
    while C.to_act(s) and s.phase == PICK:
        seat = min(C.to_act(s))
        s, _ = C.apply(s, seat, C.legal_moves(s, seat)[0])
        if s.phase == PICK and s.picks == (None, None, None):
            break
    return s


def test_setup_uses_the_3_player_cards_three_cities_and_the_draw_pile() -> None:
    s = C.new_game(C.Config(players=2), 7)
    assert s.players == 3 and s.free_city == 1
    assert [c.coins for c in s.cities] == [3, 3, 3]
    # Age I: seat 1 (the Free City's left neighbour) holds the Free City card and has drawn.
    assert [len(h) for h in s.hands] == [7, 8, 6]
    names = {CARDS[c].name for h in s.hands for c in h}
    assert not names & ABSENT_AT_3 and sum(all_cards(s).values()) == 21 + 21 + 21
    assert C.to_act(s) == {0, 1}


def test_control_alternates_every_turn_and_age_two_starts_with_seat_0() -> None:
    assert [two.controller(1, t) for t in range(1, 7)] == [1, 0, 1, 0, 1, 0]
    assert [two.controller(2, t) for t in range(1, 7)] == [0, 1, 0, 1, 0, 1]
    assert [two.controller(3, t) for t in range(1, 7)] == [1, 0, 1, 0, 1, 0]
    s = C.new_game(C.Config(players=2), 3)
    seen = []
    while s.phase != OVER and s.age == 1:
        seen.append((s.turn, [len(h) for h in s.hands]))
        s = _first_legal_turn(s)
        while s.phase not in (PICK, OVER):
            seat = min(C.to_act(s))
            s, _ = C.apply(s, seat, C.legal_moves(s, seat)[0])
    # The controller has its hand plus the drawn card; the pile shrinks by one a turn.
    assert seen[:3] == [(1, [7, 8, 6]), (2, [7, 6, 5]), (3, [5, 6, 4])]
    assert s.age == 2 and [len(h) for h in s.hands] == [8, 7, 6]


def test_the_controller_picks_its_own_card_then_the_free_citys() -> None:
    s = C.new_game(C.Config(players=2, wonders=["Rhodos", "Gizah", "Babylon"]), 3)
    own = C.legal_moves(s, 1)[0]
    s, _ = C.apply(s, 1, own)
    assert C.to_act(s) == {0, 1}  # seat 1 now owes the Free City's card
    view = C.view(s, 1)
    assert view.free_city is not None and view.free_city.picking and view.free_city.controller == 1
    assert CARDS[next(c for c in s.hands[1] if NAME_ID[c] == own.card)].name not in view.hand
    assert len(view.hand) == 7 and all(m.text.startswith("Free City: ") for m in view.legal_moves)
    fc = C.legal_moves(s, 1)
    assert fc and all(m.action != "discard" for m in fc)  # it can build: no discard offered
    card = next(m for m in fc if m.action == "build").card
    with pytest.raises(IllegalMove, match="Free City may discard only"):
        C.apply(s, 1, C.parse_move(f"discard:{CARDS[card].name.replace(' ', '')}"))
    with pytest.raises(IllegalMove, match="played by the player holding its card"):
        C.apply(s, 2, fc[0])
    s, events = C.apply(s, 1, fc[0])
    assert s.picks[2] == fc[0] and C.to_act(s) == {0}
    assert [e.text for e in events if e.visible_to] == [f"You chose for the Free City: {fc[0]}"]
    assert all(e.visible_to in (None, frozenset({1})) for e in events)
    s, _ = C.apply(s, 0, C.legal_moves(s, 0)[0])
    assert s.turn == 2 and NAME_ID[s.cities[2].built[0]] == fc[0].card


def test_a_chain_the_free_city_can_use_is_forced() -> None:
    s = C.new_game(C.Config(players=2), 5)
    altar, temple = CARD_INDEX["Altar"], next(c.id for c in CARDS if c.name == "Temple")
    fc_city = s.cities[2]._replace(built=(altar,))
    hand = (temple, *s.hands[1][:6])
    # Age II turn 2: seat 1 holds the Free City card.
    s = s._replace(
        age=2,
        turn=2,
        cities=(s.cities[0], s.cities[1], fc_city),
        hands=(s.hands[0], hand, s.hands[2]),
    )
    s, _ = C.apply(s, 1, next(m for m in C.legal_moves(s, 1) if m.card != NAME_ID[temple]))
    temple_moves = [str(m) for m in C.legal_moves(s, 1) if m.card == NAME_ID[temple]]
    assert temple_moves == ["build:Temple:0:0"]  # no stage, no discard, no paid build
    with pytest.raises(IllegalMove):
        C.apply(s, 1, C.parse_move("discard:Temple"))


def test_the_controller_may_buy_for_the_free_city_from_the_dearer_seller() -> None:
    cfg = C.Config(players=2, wonders=["Rhodos", "Babylon", "Gizah"])
    s = C.new_game(cfg, 5)
    east, lumber = CARD_INDEX["East Trading Post"], CARD_INDEX["Lumber Yard"]
    stockade = CARD_INDEX["Stockade"]
    cities = (
        s.cities[0]._replace(built=(lumber,)),
        s.cities[1]._replace(built=(lumber,)),
        s.cities[2]._replace(built=(east,)),  # wood from the right (seat 0) at 1 coin
    )
    others = [c for c in s.hands[1] if c not in (stockade, lumber, east)]
    hand = tuple(sorted([stockade, *others[:7]]))
    s = s._replace(cities=cities, hands=(s.hands[0], hand, s.hands[2]))
    s, _ = C.apply(s, 1, next(m for m in C.legal_moves(s, 1) if m.card != stockade))
    listed = [str(m) for m in C.legal_moves(s, 1) if m.card == stockade and m.action == "build"]
    # Both sellers are offered, the dearer one too (the controller's choice, "no matter what
    # its cost may be"): the engine lists every split no other split beats on both sides.
    assert listed == ["build:Stockade:0:1", "build:Stockade:2:0"]
    s, _ = C.apply(s, 1, C.parse_move("build:Stockade:2:0"))  # from seat 1 at 2 coins
    with pytest.raises(IllegalMove, match="already chosen"):
        C.apply(s, 1, C.parse_move("build:Stockade:2:0"))
    s, _ = C.apply(s, 0, C.legal_moves(s, 0)[0])
    assert s.cities[2].coins == 3 - 2 and NAME_ID[s.cities[2].built[-1]] == stockade


def test_sixth_turn_discards_the_last_cards_and_the_piles_last_card() -> None:
    s = C.new_game(C.Config(players=2), 11)
    rng = random.Random(4)
    sold = 0
    while s.age == 1:
        for seat in sorted(C.to_act(s)):
            if seat not in C.to_act(s):
                continue
            mv = rng.choice(C.legal_moves(s, seat))
            sold += mv.action == "discard"
            s, _ = C.apply(s, seat, mv)
    played = sum(len(c.built) + len(c.tucked) for c in s.cities)
    assert played + sold == 18  # six turns x three cards
    assert len(s.discard) == sold + 3  # two players' last cards + the pile's last card


def test_the_free_city_scores_but_never_wins() -> None:
    s = C.new_game(C.Config(players=2), 2)
    rich = s.cities[2]._replace(coins=90)
    over = s._replace(phase=OVER, cities=(s.cities[0], s.cities[1], rich))
    out = C.outcome(over)
    assert out is not None and out.scores[2].treasury == 30
    assert set(out.winners) <= {0, 1} and out.winners


def test_the_free_city_fights_both_players() -> None:
    s = C.new_game(C.Config(players=2), 2)
    rng = random.Random(1)
    while s.age == 1:
        for seat in sorted(C.to_act(s)):
            if seat in C.to_act(s):
                s, _ = C.apply(s, seat, rng.choice(C.legal_moves(s, seat)))
    shields = [C.view(s, None).cities[i].shields for i in range(3)]
    expect = sum((shields[2] > shields[j]) - (shields[2] < shields[j]) for j in (0, 1))
    assert sum(1 if t > 0 else -1 for t in s.cities[2].tokens) == expect


def test_views_of_seat_2_and_the_other_player_never_show_the_free_citys_cards() -> None:
    s = C.new_game(C.Config(players=2), 9)
    s, _ = C.apply(s, 1, C.legal_moves(s, 1)[0])
    fc = C.legal_moves(s, 1)[0]
    s, _ = C.apply(s, 1, fc)
    assert C.view(s, 2).hand == [] and C.view(s, 2).seat is None
    other = C.view(s, 0)
    assert other.free_city is not None and not other.free_city.picking
    assert other.hand == [CARDS[c].name for c in s.hands[0]]
    assert str(fc) not in other.model_dump_json()
    pile = {CARDS[c].name for c in s.hands[2]} - {CARDS[c].name for c in s.hands[0]}
    assert not any(name in other.model_dump_json() for name in pile)


def test_the_wonder_pick_with_two_players_seats_the_free_city_last() -> None:
    s = C.new_game(C.Config(players=2, wonders="choose", sides="choose"), 6)
    assert s.phase == CHOOSE and C.to_act(s) == {0, 1}
    with pytest.raises(IllegalMove, match="played by the player holding its card"):
        C.apply(s, 2, C.parse_move("board:Rhodos:A"))
    s, _ = C.apply(s, 0, C.parse_move("board:Gizah:B"))
    s, events = C.apply(s, 1, C.parse_move("board:Gizah:A"))
    assert [e.kind for e in events if e.kind == "wonder_draw"] == ["wonder_draw"]
    loser = next(i for i in (0, 1) if s.cities[i].board < 0)
    assert C.to_act(s) == {loser}
    s, events = C.apply(s, loser, C.parse_move("board:Rhodos:B"))
    assert s.phase == PICK and s.free_city == 1 and [len(h) for h in s.hands] == [7, 8, 6]
    fc = s.cities[2]
    assert fc.side == 0 and fc.board not in {s.cities[0].board, s.cities[1].board}
    assert any(e.text.startswith("The Free City takes") for e in events)
    rng = random.Random(3)
    while C.to_act(s):
        seat = min(C.to_act(s))
        s, _ = C.apply(s, seat, rng.choice(C.legal_moves(s, seat)))
    assert s.phase == OVER


def test_config_and_dumps() -> None:
    with pytest.raises(ValueError, match="must name 3 boards"):
        C.Config(players=2, wonders=["Rhodos", "Gizah"])
    s = C.new_game(C.Config(players=2, wonders=["Rhodos", "Gizah", "Babylon"]), 1)
    assert C.load(C.dump(s)) == s and C.dump(s)["free_city"] == 1
    assert "free_city" not in C.dump(C.new_game(C.Config(players=3), 1))


def _play(seed: int, deep: bool) -> tuple[list[tuple[int, str]], State]:
    rng = random.Random(seed)
    s = C.new_game(C.Config(players=2, sides="AB"[seed % 2] if seed % 3 else "random"), seed)
    dealt = all_cards(s)
    log: list[tuple[int, str]] = []
    for _ in range(200):
        acting = C.to_act(s)
        if not acting:
            break
        seat = min(acting)
        if deep:
            c = two.controller(s.age, s.turn)
            other = C.view(s, 1 - c)
            assert other.hand == [CARDS[x].name for x in s.hands[1 - c]]
            assert not (other.free_city and other.free_city.picking)
            assert all(e.visible_to in (None, frozenset({1 - c})) for e in other.last_events)
        mv = rng.choice(C.legal_moves(s, seat))
        log.append((seat, str(mv)))
        s, _ = C.apply(s, seat, mv)
        assert all(c.coins >= 0 for c in s.cities)
        assert all_cards(s) == dealt
    assert s.phase == OVER
    return log, s


def test_random_playouts_2000_games_hold_the_invariants() -> None:
    for seed in range(2000):
        log, end = _play(seed, deep=seed % 50 == 0)
        out = C.outcome(end)
        assert out is not None and set(out.winners) <= {0, 1}
        if seed % 25 == 0:
            config = C.Config(players=2, sides="AB"[seed % 2] if seed % 3 else "random")
            s = C.new_game(config, seed)
            for seat, text in log:
                s, _ = C.apply(s, seat, C.parse_move(text))
            assert C.dump(s) == C.dump(end)


def test_ai_plays_its_seat_and_the_free_city_and_beats_random() -> None:
    agent = make_agent("classic", "heuristic")
    s = C.new_game(C.Config(players=2), 4)
    rng = random.Random(0)
    while C.to_act(s):
        seat = min(C.to_act(s))
        s, _ = C.apply(s, seat, agent.choose(C.view(s, seat), C.legal_moves(s, seat), rng))
    assert s.phase == OVER and len(s.cities[2].built) + len(s.cities[2].tucked) >= 12
    res = run_arena("classic", ["heuristic", "random"], 20, 0)
    assert res["agents"][0]["win_rate"] >= 0.8
