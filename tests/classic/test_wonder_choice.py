"""The wonder-pick phase (Config wonders="choose" / sides="choose"; issue 21 part 1)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import classic as C
from engine.ai import make_agent
from engine.classic.data import BASE_BOARD_COUNT, BOARD_INDEX
from engine.classic.data import BOARDS as ALL_BOARDS
from engine.classic.state import CHOOSE, OVER, PICK, State
from engine.common import IllegalMove

BOARDS = ALL_BOARDS[:BASE_BOARD_COUNT]  # a base game offers these (Cities adds two)


def _pick(s: State, seat: int, text: str) -> State:
    return C.apply(s, seat, C.parse_move(text))[0]


def _cards(s: State) -> Counter[int]:
    out: Counter[int] = Counter()
    for h in s.hands if s.phase != CHOOSE else ():
        out.update(h)
    for d in s.decks:
        out.update(d)
    for c in s.cities:
        out.update(c.built)
        out.update(c.tucked)
    out.update(s.discard)
    return out


def test_default_config_deals_as_before_and_old_configs_load() -> None:
    assert C.Config().wonders is None and not C.Config().picks_wonders
    old = C.Config.model_validate({"players": 3, "sides": "random"})
    assert C.dump(C.new_game(old, 4)) == C.dump(C.new_game(C.Config(players=3, sides="random"), 4))
    named = C.Config(players=3, wonders=["Rhodos", "Gizah", "Babylon"])
    assert [c.board for c in C.new_game(named, 1).cities] == [0, 6, 3]
    deal = C.new_game(C.Config(players=3, wonders="deal"), 9)
    assert C.dump(deal) == C.dump(C.new_game(C.Config(players=3), 9))


def test_choose_opens_a_simultaneous_pick_of_every_board() -> None:
    s = C.new_game(C.Config(players=3, wonders="choose"), 2)
    assert s.phase == CHOOSE and C.to_act(s) == {0, 1, 2}
    moves = {str(m) for m in C.legal_moves(s, 1)}
    # sides A: one side each; Roma (Leaders box) is not offered without Leaders
    assert moves == {f"board:{b.city}:A" for b in BOARDS[:BASE_BOARD_COUNT]}
    assert C.outcome(s) is None and all(sc.total == 0 for sc in C.scores(s))


def test_sides_choose_offers_both_sides_and_keeps_the_side_picked() -> None:
    s = C.new_game(C.Config(players=3, wonders="choose", sides="choose"), 2)
    assert len(C.legal_moves(s, 0)) == 14
    s = _pick(_pick(_pick(s, 0, "board:Gizah:B"), 1, "board:Rhodos:A"), 2, "board:Olympia:B")
    assert s.phase == PICK and s.age == 1 and s.turn == 1
    assert [(c.board, c.side) for c in s.cities] == [(6, 1), (0, 0), (4, 1)]
    assert all(len(h) == 7 for h in s.hands)


def test_sides_choose_with_dealt_boards_offers_only_the_own_board() -> None:
    named = C.Config(players=3, wonders=["Rhodos", "Gizah", "Babylon"], sides="choose")
    s = C.new_game(named, 1)
    assert {str(m) for m in C.legal_moves(s, 1)} == {"board:Gizah:A", "board:Gizah:B"}
    with pytest.raises(IllegalMove, match="Rhodos is not offered to you"):
        C.apply(s, 1, C.parse_move("board:Rhodos:A"))


def test_collision_is_drawn_among_the_colliders_and_losers_pick_again() -> None:
    s = C.new_game(C.Config(players=4, wonders="choose"), 11)
    for seat, text in enumerate(
        ["board:Rhodos:A", "board:Gizah:A", "board:Rhodos:A", "board:Gizah:A"]
    ):
        s, events = C.apply(s, seat, C.parse_move(text))
    draws = [e for e in events if e.kind == "wonder_draw"]
    assert [sorted(e.data["seats"]) for e in draws] == [[0, 2], [1, 3]]
    winners = {e.data["board"]: e.data["winner"] for e in draws}
    assert winners["Rhodos"] in (0, 2) and winners["Gizah"] in (1, 3)
    losers = {0, 1, 2, 3} - set(winners.values())
    assert s.phase == CHOOSE and s.turn == 2 and C.to_act(s) == losers
    for seat in losers:  # taken boards are no longer offered
        offered = {m.card for m in C.legal_moves(s, seat)}
        assert offered == set(range(7)) - {BOARD_INDEX["Rhodos"], BOARD_INDEX["Gizah"]}
    seated = next(iter(set(winners.values())))
    with pytest.raises(IllegalMove, match="already assigned"):
        C.apply(s, seated, C.parse_move("board:Babylon:A"))
    loser = min(losers)
    with pytest.raises(IllegalMove, match="Rhodos is taken"):
        C.apply(s, loser, C.parse_move("board:Rhodos:A"))
    for seat in sorted(losers):
        s = _pick(s, seat, "board:Babylon:A" if seat == loser else "board:Ephesos:A")
    assert s.phase == PICK and s.cities[loser].board == BOARD_INDEX["Babylon"]
    assert sorted(c.board for c in s.cities) == sorted(
        BOARD_INDEX[b] for b in ("Rhodos", "Gizah", "Babylon", "Ephesos")
    )


def test_the_draw_is_seeded_and_both_colliders_can_win() -> None:
    winners = set()
    for seed in range(40):
        s = C.new_game(C.Config(players=3, wonders="choose"), seed)
        s = _pick(_pick(s, 0, "board:Rhodos:A"), 1, "board:Rhodos:A")
        _, events = C.apply(s, 2, C.parse_move("board:Rhodos:A"))
        again = C.apply(s, 2, C.parse_move("board:Rhodos:A"))[1]
        won = [e.data["winner"] for e in events if e.kind == "wonder_draw"]
        assert won == [e.data["winner"] for e in again if e.kind == "wonder_draw"]
        winners.update(won)
    assert winners == {0, 1, 2}


def test_views_show_who_picked_not_what_until_the_reveal() -> None:
    s = C.new_game(C.Config(players=3, wonders="choose", sides="choose"), 5)
    s = _pick(s, 0, "board:Babylon:B")
    other, spectator, mine = C.view(s, 1), C.view(s, None), C.view(s, 0)
    assert "Babylon" not in spectator.model_dump_json()
    for v in (other, spectator):
        assert all("Babylon" not in e.model_dump_json() for e in v.last_events)
        assert v.my_pick is None and v.cities == []
        assert v.wonder_pick is not None and v.wonder_pick.picked == [0]
        assert v.wonder_pick.seated == [None, None, None]
    assert mine.my_pick == "board:Babylon:B" and mine.legal_moves == []
    assert other.phase == "wonder_pick" and len(other.wonder_pick.options) == 14  # type: ignore[union-attr]
    line = other.wonder_pick.options[0].text  # type: ignore[union-attr]
    assert line.startswith("Rhodos A (ore): 1: 2 wood -> 3 VP;")
    s = _pick(_pick(s, 1, "board:Rhodos:A"), 2, "board:Gizah:B")
    assert C.view(s, 2).cities[0].board == "Babylon"
    assert any(e.text == "Seat 0 takes Babylon (side B)." for e in C.view(s, 2).last_events)


def test_a_card_move_is_refused_during_the_pick_and_a_pick_after_it() -> None:
    s = C.new_game(C.Config(players=3, wonders="choose"), 3)
    with pytest.raises(IllegalMove, match="Pick a wonder board first"):
        C.apply(s, 0, C.parse_move("discard:Altar"))
    with pytest.raises(IllegalMove, match="Side B is not allowed"):
        C.apply(s, 0, C.parse_move("board:Rhodos:B"))
    with pytest.raises(IllegalMove, match="Malformed wonder pick"):
        C.parse_move("board:Rhodos")
    with pytest.raises(IllegalMove, match="Unknown board"):
        C.parse_move("board:Atlantis:A")
    s = _pick(_pick(_pick(s, 0, "board:Rhodos:A"), 1, "board:Gizah:A"), 2, "board:Babylon:A")
    with pytest.raises(IllegalMove, match="only picked before Age I"):
        C.apply(s, 0, C.parse_move("board:Olympia:A"))


def test_random_sides_keep_each_seats_drawn_side() -> None:
    s = C.new_game(C.Config(players=5, wonders="choose", sides="random"), 8)
    sides = [{m.left for m in C.legal_moves(s, seat)} for seat in range(5)]
    dealt = C.new_game(C.Config(players=5, sides="random"), 8)  # the same draw of sides
    assert sides == [{c.side} for c in dealt.cities]


def _playout(players: int, seed: int, sides: str) -> tuple[list[tuple[int, str]], State]:
    rng = random.Random(seed)
    cfg = C.Config(players=players, wonders="choose", sides=sides)
    s = C.new_game(cfg, seed)
    dealt = _cards(s)
    log: list[tuple[int, str]] = []
    while C.to_act(s):
        for seat in sorted(C.to_act(s)):
            moves = C.legal_moves(s, seat)
            # Half the seats prefer low board ids, forcing collisions.
            mv = moves[0] if seat % 2 and s.phase == CHOOSE else rng.choice(moves)
            log.append((seat, str(mv)))
            s, _ = C.apply(s, seat, mv)
            if s.phase == CHOOSE:
                assert all(e.visible_to in (None, frozenset({seat})) for e in s.last_events)
        assert _cards(s) == dealt
        assert all(c.coins >= 0 for c in s.cities)
    assert s.phase == OVER and len({c.board for c in s.cities}) == len(s.cities)
    return log, s


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_random_playouts_seat_everyone_once_and_replay_exactly(players: int) -> None:
    for seed in range(30):
        sides = ("A", "B", "random", "choose")[seed % 4]
        log, end = _playout(players, seed, sides)
        cfg = C.Config(players=players, wonders="choose", sides=sides)
        s = C.new_game(cfg, seed)
        for seat, text in log:
            s, _ = C.apply(s, seat, C.parse_move(text))
        assert C.dump(s) == C.dump(end)
        assert C.load(C.dump(end)) == end


def test_a_dump_taken_mid_pick_loads_and_plays_on() -> None:
    s = C.new_game(C.Config(players=4, wonders="choose"), 6)
    s = _pick(s, 2, "board:Olympia:A")
    back = C.load(C.dump(s))
    assert back == s and C.to_act(back) == {0, 1, 3}
    assert C.view(back, 2).my_pick == "board:Olympia:A"


def test_ai_seats_pick_the_best_valued_board_and_finish_the_game() -> None:
    from engine.ai.classic_wonders import board_value

    s = C.new_game(C.Config(players=3, wonders="choose", sides="choose"), 4)
    best = max((board_value(b, side), b, side) for b in range(7) for side in (0, 1))
    agent = make_agent("classic", "heuristic")
    mv = agent.choose(C.view(s, 0), C.legal_moves(s, 0), random.Random(1))
    assert (mv.card, mv.left) == best[1:]
    rng = random.Random(2)
    while C.to_act(s):
        for seat in sorted(C.to_act(s)):
            mv = agent.choose(C.view(s, seat), C.legal_moves(s, seat), rng)
            s, _ = C.apply(s, seat, mv)
    assert s.phase == OVER and best[1] in {c.board for c in s.cities}
