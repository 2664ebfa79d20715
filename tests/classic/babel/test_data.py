"""Babel's data files are checked at import: a wrong row names its file, row and field."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.classic.babel.data import (
    DATA_DIR,
    PROJECTS,
    TILES,
    load_projects_file,
    load_tiles_file,
)
from engine.classic.data import DataError


def _copy(tmp_path: Path, name: str, edit: dict[str, object], index: int) -> Path:
    data = yaml.safe_load((DATA_DIR / name).read_text())
    key = "tiles" if name == "tiles.yaml" else "projects"
    data[key][index].update(edit)
    out = tmp_path / name
    out.write_text(yaml.safe_dump(data))
    return out


def test_the_shipped_files_hold_24_tiles_and_5_projects_per_age() -> None:
    assert [t.number for t in TILES] == list(range(1, 25))
    assert sorted(p.age for p in PROJECTS) == [1] * 5 + [2] * 5 + [3] * 5
    unconfirmed = [t.number for t in TILES if not t.confirmed]
    assert len(unconfirmed) == 19 and {3, 7, 19, 20, 22}.isdisjoint(unconfirmed)
    assert not any(p.confirmed for p in PROJECTS)


def test_a_correction_in_the_file_is_what_the_engine_reads(tmp_path: Path) -> None:
    path = _copy(
        tmp_path, "tiles.yaml", {"effect": {"tax_on_build": {"applies_to": "green", "coins": 2}}}, 0
    )
    tile = load_tiles_file(path)[0]
    assert (tile.kind, tile.target, tile.coins) == ("tax_on_build", "green", 2)


@pytest.mark.parametrize(
    ("name", "edit", "words"),
    [
        ("tiles.yaml", {"effect": {"earthquake": True}}, "tile #1"),
        ("tiles.yaml", {"number": 2}, "numbered 1-24"),
        ("tiles.yaml", {"effect": {"tax_on_build": {"applies_to": "pink"}}}, "applies_to"),
        ("projects.yaml", {"color": "black"}, "project #1"),
        ("projects.yaml", {"penalty": {"explode": True}}, "Belvedere"),
        ("projects.yaml", {"age": 2}, "5 projects per Age"),
    ],
)
def test_a_wrong_row_is_refused_with_its_place(
    tmp_path: Path, name: str, edit: dict[str, object], words: str
) -> None:
    path = _copy(tmp_path, name, edit, 0)
    load = load_tiles_file if name == "tiles.yaml" else load_projects_file
    with pytest.raises(DataError, match=words):
        load(path)
