"""Classic search sampling: hands that passed through the seat are used, nothing else leaks."""

from __future__ import annotations

import random
from collections import Counter

from engine import classic
from engine.ai.classic_sample import age_pool, known_hands, sample_hands
from engine.classic.data import CARDS


def _random_game(players: int, seed: int) -> list[classic.State]:
    """Every pick-phase state of a random game."""
    state = classic.new_game(classic.Config(players=players), seed)
    rng = random.Random(seed)
    out = []
    while classic.to_act(state):
        if classic.view(state, None).phase == "pick":
            out.append(state)
        for seat in sorted(classic.to_act(state)):
            state, _ = classic.apply(state, seat, rng.choice(classic.legal_moves(state, seat)))
    return out


def _hand(state: classic.State, seat: int) -> Counter[str]:
    return Counter(CARDS[c].name for c in state.hands[seat])


def test_the_next_seat_holds_exactly_the_hand_we_passed() -> None:
    checked = 0
    for state in _random_game(4, 3):
        view = classic.view(state, 0)
        nxt = 3 if view.pass_direction == "left" else 1
        known = known_hands(view)
        if view.turn == 1:
            assert known == {}
            continue
        assert Counter(known[nxt]) == _hand(state, nxt)
        assert sample_hands(view, random.Random(1))[nxt] and Counter(
            sample_hands(view, random.Random(1))[nxt]
        ) == _hand(state, nxt)
        checked += 1
    assert checked == 15  # turns 2-6 of three ages


def test_known_cards_always_cover_the_real_hands() -> None:
    total = extra = 0
    for seed in range(12):
        players = 3 + seed % 5
        for state in _random_game(players, 100 + seed):
            view = classic.view(state, seed % players)
            for seat, cards in known_hands(view).items():
                total += 1
                assert not _hand(state, seat) - Counter(cards)
                extra += len(cards) - len(view.hand)  # face-down picks made from that hand
    assert total > 300 and 0 < extra < total


def test_samples_fit_the_hands_and_come_from_unseen_cards() -> None:
    for state in _random_game(5, 9)[::3]:
        view = classic.view(state, 2)
        hands = sample_hands(view, random.Random(4))
        assert sorted(hands) == [0, 1, 3, 4]
        assert all(len(h) == len(view.hand) for h in hands.values())
        unseen = age_pool(view) + Counter(c for h in known_hands(view).values() for c in h)
        assert not Counter(c for h in hands.values() for c in h) - unseen - age_pool(view)


def test_view_lists_the_passed_hands_and_dumps_keep_them() -> None:
    state = classic.new_game(classic.Config(players=3), 5)
    first = list(classic.view(state, 1).hand)
    move = classic.legal_moves(state, 1)[0]
    for seat in (0, 1, 2):
        pick = move if seat == 1 else classic.legal_moves(state, seat)[0]
        state, _ = classic.apply(state, seat, pick)
    taken = CARDS[move.card].name
    rest = list(first)
    rest.remove(taken)
    assert classic.view(state, 1).passed_hands == [rest]
    (row,) = classic.view(state, None).revealed  # public: the spectator sees it too
    assert row[1] == (taken if move.action in ("build", "free") else None)
    assert classic.view(state, None).passed_hands == []
    dumped = classic.dump(state)
    assert classic.load(dumped) == state
    del dumped["passed"]  # a dump written before the field existed still loads
    assert classic.load(dumped).passed == ()
