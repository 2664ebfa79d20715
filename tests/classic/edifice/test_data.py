"""The Edifice projects file: its schema check, and what the reference says of its rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.classic.data import DataError
from engine.classic.edifice.data import DATA_FILE, PROJECTS, PROJECTS_BY_AGE, load_projects_file


def test_fifteen_projects_five_per_age_all_unconfirmed() -> None:
    assert [sum(p.age == a for p in PROJECTS) for a in (1, 2, 3)] == [5, 5, 5]
    assert not any(p.confirmed for p in PROJECTS)


def test_unplayable_rows_say_why_and_are_never_drawn() -> None:
    off = [p for p in PROJECTS if not p.playable]
    assert {p.name for p in off} == {"River Port", "Factory"}
    assert all(p.why for p in off)
    assert not {p.pid for p in off} & {x for a in (1, 2, 3) for x in PROJECTS_BY_AGE[a]}


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
        (', why: "a reward that produces a resource is not in the engine yet"}', "}", "why"),
    ],
)
def test_schema_refuses_a_broken_row(tmp_path: Path, old: str, new: str, fault: str) -> None:
    with pytest.raises(DataError, match=fault):
        load_projects_file(_bad(tmp_path, old, new))
