"""The Edifice projects file: its schema check, and what the reference says of its rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.classic.data import DataError
from engine.classic.edifice.data import (
    DATA_FILE,
    PROJECTS,
    PROJECTS_BY_AGE,
    PROJECTS_BY_AGE_V3,
    load_projects_file,
)


def test_fifteen_projects_five_per_age_all_unconfirmed() -> None:
    assert [sum(p.age == a for p in PROJECTS) for a in (1, 2, 3)] == [5, 5, 5]
    assert not any(p.confirmed for p in PROJECTS)


def test_every_row_is_drawn_and_classic_3_games_drew_without_the_producing_ones() -> None:
    assert all(p.playable for p in PROJECTS)
    assert {PROJECTS[pid].name for pid in PROJECTS_BY_AGE[2]} >= {"River Port", "Factory"}
    old = {PROJECTS[pid].name for a in (1, 2, 3) for pid in PROJECTS_BY_AGE_V3[a]}
    assert len(old) == 13 and not old & {"River Port", "Factory"}
    assert PROJECTS_BY_AGE_V3[1] == PROJECTS_BY_AGE[1]
    assert PROJECTS_BY_AGE_V3[3] == PROJECTS_BY_AGE[3]


def _bad(tmp_path: Path, old: str, new: str) -> Path:
    text = DATA_FILE.read_text(encoding="utf-8")
    assert old in text
    out = tmp_path / "projects.yaml"
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


@pytest.mark.parametrize(
    ("old", "new", "fault"),
    [
        ("penalty: {lose_coins: 2}", "penalty: {lose_coins: 2, discard: red}", "exactly one"),
        ("reward: {coins: 4}", "reward: {coins: 0}", "gives something"),
        ("cost: {coins: 1}", "cost: {coins: 1, resources: {gold: 1}}", "resources"),
        ("name: Outpost", "name: Money Changer", "unique"),
        (
            "age: 1, cost: {coins: 2}, reward: {shields: 1}",
            "age: 4, cost: {coins: 2}, reward: {shields: 1}",
            "age",
        ),
        (
            "reward: {coins: 7}, penalty: {lose_coins: 5}, confirmed: false}",
            "reward: {coins: 7}, penalty: {lose_coins: 5}, confirmed: false, playable: false}",
            "why",
        ),
    ],
)
def test_schema_refuses_a_broken_row(tmp_path: Path, old: str, new: str, fault: str) -> None:
    with pytest.raises(DataError, match=fault):
        load_projects_file(_bad(tmp_path, old, new))
