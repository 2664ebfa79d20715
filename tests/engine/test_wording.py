"""The shared wording helpers write counts and payments the way every text says them."""

from __future__ import annotations

from engine.classic import describe_move, parse_move
from engine.wording import paid_to_neighbours


def test_payments_to_neighbours_name_each_side_paid_in_the_right_number() -> None:
    assert paid_to_neighbours(0, 0) == ""
    assert paid_to_neighbours(1, 0) == " (1 coin to left)"
    assert paid_to_neighbours(0, 2) == " (2 coins to right)"
    assert paid_to_neighbours(2, 1) == " (2 coins to left, 1 coin to right)"


def test_a_paid_build_is_described_with_its_payments() -> None:
    assert describe_move(None, parse_move("build:Baths:1:2")) == (
        "Build Baths (1 coin to left, 2 coins to right)"
    )
