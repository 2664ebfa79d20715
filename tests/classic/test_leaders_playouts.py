"""Random Leaders games at 3-7 players with the issue-23 invariants (a sample of the 3,000+
games ``tests/bench/leaders_playouts.py`` runs), determinism, and the base game untouched."""

from __future__ import annotations

import pytest

from engine import classic as C
from tests.classic.leaders_playout import play_checked

SEEDS = 40


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_leaders_games_keep_the_invariants(players: int) -> None:
    lengths = set()
    for seed in range(SEEDS):
        steps, _ = play_checked(players, seed, deep=seed % 8 == 0)
        lengths.add(steps)
    # draft (3 picks) + 3 recruitments + 18 turns per seat, plus Babylon/Halikarnassos moves
    assert min(lengths) >= 24 * players


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    a = play_checked(5, 11, deep=False)[1]
    b = play_checked(5, 11, deep=False)[1]
    c = play_checked(5, 12, deep=False)[1]
    assert a == b and a != c


def test_the_draft_passes_to_the_right_neighbour() -> None:
    s = C.new_game(C.Config(players=4, expansions=("leaders",)), 5)
    dealt = s.leaders.draft
    for seat in range(4):
        s, _ = C.apply(s, seat, C.legal_moves(s, seat)[0])
    for seat in range(4):
        kept = dealt[seat][0]
        assert s.leaders.held[seat] == (kept,)
        # seat + 1 now drafts from the 3 leaders seat passed it (rules 1.4)
        assert s.leaders.draft[(seat + 1) % 4] == tuple(x for x in dealt[seat] if x != kept)


def test_other_seats_draft_picks_are_hidden_until_the_reveal() -> None:
    s = C.new_game(C.Config(players=3, expansions=("leaders",)), 2)
    s, events = C.apply(s, 0, C.legal_moves(s, 0)[0])
    other = C.view(s, 1)
    assert other.leaders is not None and other.leaders.mine == []
    assert all(e.visible_to in (None, frozenset({1})) for e in other.last_events)
    assert [e.kind for e in events if e.visible_to is None] == ["picked"]


def test_old_configs_and_dumps_are_unchanged() -> None:
    assert C.Config().expansions == ()
    s = C.new_game(C.Config(players=4), 7)
    assert s.leaders is None and "leaders" not in C.dump(s)
    with pytest.raises(ValueError, match="unknown expansions"):
        C.Config(expansions=("armada",))
    with pytest.raises(ValueError, match="3 to 7"):
        C.Config(players=2, expansions=("leaders",))


def test_a_draft_pick_can_be_changed_before_the_reveal() -> None:
    s = C.new_game(C.Config(players=3, expansions=("leaders",)), 9)
    first, second = C.legal_moves(s, 0)[:2]
    s, _ = C.apply(s, 0, first)
    s, _ = C.apply(s, 0, C.parse_move(f"repick:{second}"))
    for seat in (1, 2):
        s, _ = C.apply(s, seat, C.legal_moves(s, seat)[0])
    assert s.leaders.held[0] == (second.card,)
