"""Schema of the leaders data (engine/classic/data/leaders.yaml), checked like cards.yaml."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from engine.classic.data import DataError
from engine.classic.leaders.data import (
    BOX_LEADERS,
    CITIES_FILE,
    CITIES_LEADERS,
    DECISIONS,
    LEADERS,
    LEADERS_FILE,
    load_leaders_file,
)


def test_thirty_six_leaders_with_the_box_cost_histogram() -> None:
    assert len(BOX_LEADERS) == 36 and len({d.name for d in BOX_LEADERS}) == 36
    assert Counter(d.cost for d in BOX_LEADERS) == {1: 5, 2: 6, 3: 11, 4: 8, 5: 5, 6: 1}
    assert all(d.text for d in LEADERS)


def test_the_six_cities_leaders_follow_the_box_ids_with_their_costs() -> None:
    assert [d.id for d in CITIES_LEADERS] == list(range(36, 42)) and LEADERS[36:] == CITIES_LEADERS
    costs = {d.name: d.cost for d in CITIES_LEADERS}
    assert costs == {
        "Aspasia": 3,
        "Berenice": 2,
        "Caligula": 3,
        "Darius": 4,
        "Diocletian": 2,
        "Semiramis": 2,
    }
    assert [d.name for d in CITIES_LEADERS if not d.in_pool] == ["Semiramis"]


def test_a_broken_cities_leader_names_itself(tmp_path: Path) -> None:
    doc = yaml.safe_load(CITIES_FILE.read_text(encoding="utf-8"))
    doc["leaders"][2]["effect"] = {"free_build_per_age": {"applies_to": "teal"}}
    bad = tmp_path / "cities.yaml"
    bad.write_text(yaml.safe_dump(doc), encoding="utf-8")
    with pytest.raises(DataError, match="Caligula"):
        load_leaders_file(bad, 36)


def test_every_leader_has_an_effect_the_engine_reads() -> None:
    for d in LEADERS:
        if d.name == "Aspasia":  # a token and VP, both on recruitment
            assert d.vp == 2 and d.diplomacy == 1
            continue
        acts = [
            d.vp,
            d.shields,
            d.science >= 0,
            d.coins,
            d.vp_per,
            d.vp_per_set,
            d.vp_per_coins,
            d.science_bonus,
            d.discount >= 0,
            d.free_color >= 0,
            d.recruit_free,
            d.bank_buy,
            d.neighbour_buy_coins,
            d.on_event,
            d.special,
            d.diplomacy,
            d.bank_bonus,
            d.free_age_color >= 0,
        ]
        assert sum(bool(a) for a in acts) == 1, d.name


def test_every_leader_is_cross_checked_by_two_sources() -> None:
    rows = yaml.safe_load(LEADERS_FILE.read_text(encoding="utf-8"))["leaders"]
    assert all(r["cross_checked"] and len(r["sources"]) >= 2 for r in rows)


def test_engine_decisions_are_data() -> None:
    assert DECISIONS["starting_coins"] == 6 and DECISIONS["draft_pass"] == "right"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"cost": {"coins": 9}}, "cost must be 1-6 coins"),
        ({"effect": {"teleport": 1}}, "unknown effect kind 'teleport'"),
        ({"effect": {"science": "lens"}}, "Sappho"),
    ],
)
def test_a_broken_leader_names_itself(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    doc = yaml.safe_load(LEADERS_FILE.read_text(encoding="utf-8"))
    doc["leaders"][0].update(change)
    bad = tmp_path / "leaders.yaml"
    bad.write_text(yaml.safe_dump(doc), encoding="utf-8")
    with pytest.raises(DataError, match=message):
        load_leaders_file(bad)
