"""The one-line board text for a Discord select option (engine.classic.board_text)."""

from __future__ import annotations

from engine.classic.board_text import SELECT_LIMIT, select_line
from engine.classic.data import BOARDS
from engine.classic.present import board_names


def test_rhodos_a_reads_as_the_example() -> None:
    assert select_line("Rhodos", "A") == "Rhodos A — ore · stages: 3 VP, 2 shields, 7 VP"


def test_every_board_side_fits_a_select_option_and_names_each_stage() -> None:
    for b in BOARDS:
        for side in "AB":
            line = select_line(b.city, side)
            assert len(line) <= SELECT_LIMIT, line
            assert line.startswith(f"{b.city} {side} — ")
            stages = line.split(" · stages: ", 1)[1].split(", ")
            assert len(stages) == len(b.sides["AB".index(side)]), line


def test_powers_and_mixed_stages_are_named_shortly() -> None:
    assert select_line("Babylon", "B").endswith("3 VP, 7th card, any science")
    assert select_line("Alexandria", "B").endswith("any raw, any good, 7 VP")
    assert "2 VP+discard build" in select_line("Halikarnassos", "B")
    assert select_line("Olympia", "A") == select_line(board_names().index("Olympia"), "A")
