"""Leaders with the wonder pick (``wonders="choose"``): the wonder pick comes first, then the
leader draft (docs/leaders.md); Roma is on offer only with Leaders; 2 players stay refused."""

from __future__ import annotations

import pytest

from engine import classic as C
from engine.classic.data import BOARD_INDEX
from engine.classic.leaders.state import DRAFT
from engine.classic.state import CHOOSE, LEAD
from tests.classic.leaders_playout import play_checked

LEADERS = ("leaders",)


def _pick_all(s: C.State, boards: list[str]) -> C.State:
    for seat, board in enumerate(boards):
        s, _ = C.apply(s, seat, C.parse_move(f"board:{board}:A"))
    return s


def test_the_wonder_pick_comes_first_then_the_leader_draft_with_six_coins() -> None:
    config = C.Config(players=3, wonders="choose", expansions=LEADERS)
    s = C.new_game(config, 6)
    assert s.phase == CHOOSE and C.view(s, 0).phase == "wonder_pick"
    assert C.view(s, 0).leaders is None, "no leader is shown before the draft"
    s = _pick_all(s, ["Roma", "Gizah", "Babylon"])
    assert s.phase == LEAD and s.leaders.stage == DRAFT and s.age == 1 and s.turn == 0
    assert [c.board for c in s.cities] == [BOARD_INDEX[b] for b in ("Roma", "Gizah", "Babylon")]
    assert [c.coins for c in s.cities] == [6, 6, 6]
    view = C.view(s, 0)
    assert view.phase == "leaders" and view.leaders is not None and len(view.leaders.draft) == 4
    assert all(m.action == "draft" for m in C.legal_moves(s, 0))


def test_the_same_seed_deals_the_same_leaders_and_cards_as_the_dealt_game() -> None:
    """The wonder pick changes only who sits at which board: leaders and Age decks are the
    ones the same seed deals without it."""
    chosen = C.new_game(C.Config(players=4, wonders="choose", expansions=LEADERS), 11)
    dealt = C.new_game(C.Config(players=4, expansions=LEADERS), 11)
    assert chosen.leaders == dealt.leaders and chosen.decks == dealt.decks


def test_roma_is_offered_only_with_leaders() -> None:
    roma = BOARD_INDEX["Roma"]

    def offered(expansions: tuple[str, ...]) -> set[int]:
        s = C.new_game(C.Config(players=3, wonders="choose", expansions=expansions), 2)
        return {m.card for m in C.legal_moves(s, 0)}

    assert roma in offered(LEADERS) and roma in offered(("leaders", "cities"))
    assert roma not in offered(()) and roma not in offered(("cities",))


def test_a_clash_in_the_wonder_pick_is_repicked_before_the_draft() -> None:
    s = C.new_game(C.Config(players=3, wonders="choose", expansions=LEADERS), 9)
    s = _pick_all(s, ["Roma", "Roma", "Gizah"])
    assert s.phase == CHOOSE and s.turn == 2
    loser = next(i for i in (0, 1) if s.cities[i].board < 0)
    offered = {m.card for m in C.legal_moves(s, loser)}
    assert BOARD_INDEX["Roma"] not in offered and BOARD_INDEX["Gizah"] not in offered
    s, _ = C.apply(s, loser, C.parse_move("board:Rhodos:A"))
    assert s.phase == LEAD and s.leaders.stage == DRAFT
    assert all(c.coins == 6 for c in s.cities)


def test_a_leaders_game_with_the_wonder_pick_dumps_loads_and_replays() -> None:
    config = C.Config(players=4, wonders="choose", sides="choose", expansions=LEADERS)
    s = C.new_game(config, 3)
    assert C.load(C.dump(s)) == s
    for players in (3, 5, 7):
        for seed in range(3):  # invariants, privacy, replay (tests/classic/leaders_playout.py)
            play_checked(players, seed, deep=True, wonders="choose")
            play_checked(
                players, seed, deep=seed == 0, expansions=("leaders", "cities"), wonders="choose"
            )


def test_two_players_with_leaders_stay_refused_as_out_of_scope() -> None:
    with pytest.raises(ValueError, match="2-player Free City game is out of scope"):
        C.Config(players=2, expansions=LEADERS)
    with pytest.raises(ValueError, match="out of scope"):
        C.Config(players=2, wonders="choose", expansions=LEADERS)
