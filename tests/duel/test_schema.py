"""The Duel rule data files: counts, layouts, and broken files failing with file and field."""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.duel.data import BOARD, CARDS, COLORS, LAYOUTS, TOKENS, WONDERS
from engine.duel.schema import (
    DATA_DIR,
    BoardFile,
    CardsFile,
    DataError,
    ProgressFile,
    WondersFile,
    load_file,
)

PURPLE = COLORS.index("purple")


def test_card_counts_23_23_20_and_7_guilds() -> None:
    ages = Counter(c.age for c in CARDS if c.color != PURPLE)
    assert ages == {1: 23, 2: 23, 3: 20}
    assert sum(1 for c in CARDS if c.color == PURPLE) == 7 and len(CARDS) == 73


def test_12_wonders_and_10_progress_tokens() -> None:
    assert len(WONDERS) == 12 and len(TOKENS) == 10
    assert len({w.key for w in WONDERS}) == 12 and len({t.key for t in TOKENS}) == 10


@pytest.mark.parametrize("age", [1, 2, 3])
def test_layouts_have_20_slots_and_face_up_rows_from_board_yaml(age: int) -> None:
    lay = LAYOUTS[age]
    model = BOARD.layouts[age]  # type: ignore[index]
    assert len(lay.pos) == 20
    up_rows = {r for i, (r, _) in enumerate(lay.pos) if not lay.face_down >> i & 1}
    assert up_rows == set(model.face_up)
    # the slots accessible at the start are exactly those nothing covers
    assert all((lay.covered_by[s] == 0) == bool(lay.start_access >> s & 1) for s in range(20))


def test_every_chain_target_has_a_provider() -> None:
    provided = {c.chain for c in CARDS if c.chain}
    assert {c.free_with for c in CARDS if c.free_with} <= provided


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    return folder


def _edit(folder: Path, name: str, edit: Callable[[Any], object]) -> None:
    path = folder / name
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(yaml.safe_dump(data), encoding="utf-8")


def test_a_bad_card_colour_names_the_file_and_the_field(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder, "cards.yaml", lambda d: d["cards"][3].update(color="pink"))
    with pytest.raises(DataError, match=r"cards\.yaml.*cards\.3\.color"):
        load_file("cards.yaml", CardsFile, folder)


def test_a_duplicate_card_id_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder, "cards.yaml", lambda d: d["cards"][1].update(id=d["cards"][0]["id"]))
    with pytest.raises(DataError, match=r"cards\.yaml.*duplicate card id"):
        load_file("cards.yaml", CardsFile, folder)


def test_a_layout_without_20_slots_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder, "board.yaml", lambda d: d["layouts"][2]["rows"][0].pop())
    with pytest.raises(DataError, match=r"board\.yaml.*layouts\.2.*20 slots"):
        load_file("board.yaml", BoardFile, folder)


def test_a_wonder_without_cost_names_the_field(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder, "wonders.yaml", lambda d: d["wonders"][5].update(cost={}))
    with pytest.raises(DataError, match=r"wonders\.yaml.*wonders\.5\.cost"):
        load_file("wonders.yaml", WondersFile, folder)


def test_an_unknown_token_effect_names_the_field(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder, "progress.yaml", lambda d: d["progress_tokens"][0]["effect"].update(fly=1))
    with pytest.raises(DataError, match=r"progress\.yaml.*progress_tokens\.0\.effect\.fly"):
        load_file("progress.yaml", ProgressFile, folder)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"cards\.yaml.*cannot read"):
        load_file("cards.yaml", CardsFile, tmp_path)
