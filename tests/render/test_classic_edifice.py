"""The Edifice panel of the classic table: the three projects, their state, pawns and debt."""

from __future__ import annotations

from engine import classic
from engine.classic.edifice.state import DONE, FAILED, OPEN
from render import board_png
from render.classic_edifice import edifice_height
from render.samples import NAMES, classic_game
from tests.classic.edifice.kit import table, with_edifice

from .helpers import load


def _state() -> classic.State:
    seats = [{"hand": ["Lumber Yard"], "coins": 5} for _ in range(4)]
    s = table(seats, age=2, projects=("Curtain Wall", "Auction House", "Military School"))
    return with_edifice(
        s,
        pawns=((1, 1, 1, 0), (0, 1, 0, 0), (0,) * 4),
        left=(0, 2, 3),
        status=(DONE, OPEN, OPEN),
        debt=((), (-2,), (), ()),
    )


def test_panel_shows_each_project_its_state_pawns_and_debt(drawn_text: list[str]) -> None:
    board_png("classic", classic.view(_state(), None), NAMES[:4])
    joined = "\n".join(drawn_text)
    assert "Edifice projects (data unconfirmed)" in joined
    for name, state in (
        ("Curtain Wall", "COMPLETED"),
        ("Auction House", "OPEN"),
        ("Military School", "later"),
    ):
        assert name in joined and state in joined
    assert "Reward: 7 coins" in joined and "If it fails: lose 5 coins" in joined
    assert "Edifice debt: Bo -2" in joined
    assert drawn_text.count("B") >= 2  # Bo's pawns on the first two projects


def test_failed_state_and_no_panel_without_edifice() -> None:
    s = with_edifice(_state(), status=(DONE, FAILED, OPEN))
    v = classic.view(s, None)
    assert v.edifice is not None and v.edifice.projects[1].status == "failed"
    plain = classic.view(classic_game(4, 2, 3), None)
    assert edifice_height(plain, NAMES[:4]) == 0
    tall = load(board_png("classic", v, NAMES[:4])).height
    short = load(board_png("classic", v.model_copy(update={"edifice": None}), NAMES[:4])).height
    assert tall == short + edifice_height(v, NAMES[:4])
