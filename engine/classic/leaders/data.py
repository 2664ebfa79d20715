"""The 36 first-edition leaders (``engine/classic/data/leaders.yaml``) and the 6 Cities leaders
(``cities.yaml`` ``leaders``: ids 36-41, dealt only when Cities is played too), validated and
compiled.

The YAML keeps the reference's effect vocabulary; this module turns each leader into a small
frozen :class:`LeaderDef` whose fields the rules read directly (no dict lookups in play).
Decisions the rules mark [E] or unconfirmed live in :data:`DECISIONS` so each is one data
change away from its alternative (docs/leaders.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.classic.data import COLORS, DataError, slug

__all__ = [
    "BOX_LEADERS",
    "CITIES_LEADERS",
    "DECISIONS",
    "LEADERS",
    "LEADER_INDEX",
    "LEADER_SLUGS",
    "LeaderDef",
    "leader_pool",
    "load_leaders_file",
]

LEADERS_FILE = Path(__file__).resolve().parent.parent / "data" / "leaders.yaml"
CITIES_FILE = LEADERS_FILE.with_name("cities.yaml")

# Engine decisions ([E] / unconfirmed in rules.md), one switch each (docs/leaders.md).
DECISIONS: dict[str, Any] = {
    "starting_coins": 6,  # rules 1.2
    "leaders_dealt": 4,  # rules 1.3
    "draft_pass": "right",  # rules 1.4: to seat (i + 1) mod n
    "imhotep_on_leader_stage": True,  # rules 5.9 [E]
    "xenophon_on_discard_build": True,  # rules 5.13 [E]
    "vitruvius_on_free_builds": False,  # rules 5.13 [E]: Olympia/Halikarnassos builds don't pay
    "leader_discard_coins": 3,  # rules 3.1c
}

_COUNTS = {f"{c}_cards": c for c in COLORS} | {
    "victory_tokens": "victory_tokens",
    "wonder_stages_built": "stages",
    "leaders": "leaders",
}
_SCIENCE = ("compass", "gear", "tablet")
_EVENTS = ("victory_token_gained", "build_yellow", "build_via_chain", "build_black")
_APPLIES = (*COLORS, "wonder_stage")
_SPECIALS = (
    "build_from_discard_on_recruit",
    "defeat_tokens_to_victor",
    "defeat_tokens_count_as_shields",  # Semiramis (JF's scope: every Defeat token)
)


class _Leader(BaseModel):
    model_config = ConfigDict(extra="allow")

    name: str
    cost: dict[str, int]
    effect: dict[str, Any]
    text: str
    scoring_category: str
    sources: list[str] = Field(min_length=1)
    cross_checked: bool
    in_pool: bool = True


@dataclass(frozen=True, slots=True)
class LeaderDef:
    """One leader, its coin cost and its effect split into the fields the rules read."""

    id: int
    name: str
    cost: int
    text: str
    vp: int = 0
    shields: int = 0
    science: int = -1  # 0 compass, 1 gear, 2 tablet
    coins: int = 0  # on recruitment
    vp_per: tuple[str, int] | None = None  # (count kind, VP each), own city
    vp_per_set: tuple[tuple[int, ...], int] | None = None  # (colour indexes, VP per set)
    vp_per_coins: int = 0  # 1 VP per this many coins
    science_bonus: int = 0  # VP added to each complete science set
    discount: int = -1  # colour index, or len(COLORS) = wonder stages: ignore 1 resource unit
    free_color: int = -1  # colour built without paying (Ramses: purple)
    recruit_free: bool = False  # Maecenas: later recruitments cost 0
    bank_buy: bool = False  # Bilkis
    neighbour_buy_coins: int = 0  # Hatshepsut: per neighbour bought from, each turn
    on_event: tuple[str, int] | None = None  # (event, coins)
    special: str = ""
    diplomacy: int = 0  # Aspasia: Diplomacy tokens on recruitment (Cities)
    bank_bonus: int = 0  # Berenice: extra coins once a turn when taking coins from the bank
    free_age_color: int = -1  # Caligula: one card of this colour free per Age (black)
    in_pool: bool = True  # dealt (Semiramis: kept out, data only)

    @property
    def slug(self) -> str:
        return slug(self.name)


def _compile(i: int, raw: _Leader) -> LeaderDef:
    eff = dict(raw.effect)
    eff.pop("when", None)
    kw: dict[str, Any] = {}
    for key, val in eff.items():
        if key in ("vp", "shields", "coins"):
            kw[key] = int(val)
        elif key == "science":
            kw["science"] = _SCIENCE.index(val)
        elif key == "vp_per":
            if val["count"] not in _COUNTS or val["in"] != ["self"]:
                raise ValueError(f"unsupported vp_per {val}")
            kw["vp_per"] = (_COUNTS[val["count"]], int(val["each"]))
        elif key == "vp_per_set":
            kw["vp_per_set"] = (tuple(COLORS.index(c) for c in val["colors"]), int(val["each"]))
        elif key == "vp_per_coins":
            kw["vp_per_coins"] = int(val["per"])
        elif key == "science_set_bonus":
            kw["science_bonus"] = int(val)
        elif key == "cost_discount":
            kw["discount"] = _APPLIES.index(val["applies_to"])
        elif key == "free_build":
            kw["free_color"] = COLORS.index(val["applies_to"])
        elif key == "leader_recruit_discount":
            kw["recruit_free"] = val == {"self": "all", "neighbours": 0}
            if not kw["recruit_free"]:
                raise ValueError(f"unsupported leader discount {val}")
        elif key == "bank_purchase":
            kw["bank_buy"] = True
        elif key == "coins_on_neighbour_purchase":
            kw["neighbour_buy_coins"] = int(val["each"])
        elif key == "coins_on_event":
            if val["event"] not in _EVENTS:
                raise ValueError(f"unknown event {val['event']}")
            kw["on_event"] = (val["event"], int(val["each"]))
        elif key == "diplomacy":
            kw["diplomacy"] = int(val)
        elif key == "bank_income_bonus":
            if val.get("max_per_turn") != 1:
                raise ValueError(f"unsupported bank income bonus {val}")
            kw["bank_bonus"] = int(val["extra"])
        elif key == "free_build_per_age":
            kw["free_age_color"] = COLORS.index(val["applies_to"])
        elif key == "special":
            if val not in _SPECIALS:
                raise ValueError(f"unknown special {val}")
            kw["special"] = val
        else:
            raise ValueError(f"unknown effect kind {key!r}")
    if set(raw.cost) != {"coins"} or not 1 <= raw.cost["coins"] <= 6:
        raise ValueError(f"cost must be 1-6 coins, got {raw.cost}")
    return LeaderDef(
        id=i, name=raw.name, cost=raw.cost["coins"], text=raw.text, in_pool=raw.in_pool, **kw
    )


def load_leaders_file(path: Path = LEADERS_FILE, first: int = 0) -> tuple[LeaderDef, ...]:
    """Validate and compile the leaders of a YAML file; DataError names the faulty leader."""
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        rows = doc["leaders"]
    except (OSError, yaml.YAMLError, KeyError, TypeError) as exc:
        raise DataError(f"{path.name}: {exc}") from exc
    out = []
    for i, row in enumerate(rows):
        try:
            out.append(_compile(first + i, _Leader.model_validate(row)))
        except (ValidationError, ValueError, KeyError, TypeError) as exc:
            name = row.get("name", i) if isinstance(row, dict) else i
            raise DataError(f"{path.name}: leader {name}: {exc}") from exc
    if len({d.name for d in out}) != len(out):
        raise DataError(f"{path.name}: duplicate leader names")
    return tuple(out)


BOX_LEADERS: tuple[LeaderDef, ...] = load_leaders_file()
CITIES_LEADERS: tuple[LeaderDef, ...] = load_leaders_file(CITIES_FILE, len(BOX_LEADERS))
LEADERS: tuple[LeaderDef, ...] = BOX_LEADERS + CITIES_LEADERS  # ids index this tuple
LEADER_INDEX: dict[str, int] = {d.name: d.id for d in LEADERS}
LEADER_SLUGS: dict[str, int] = {d.slug.lower(): d.id for d in LEADERS}


_POOLS = (
    tuple(d.id for d in BOX_LEADERS if d.in_pool),
    tuple(d.id for d in LEADERS if d.in_pool),
)


def leader_pool(cities: bool) -> tuple[int, ...]:
    """Leader ids a game deals from: the Leaders box, + the Cities leaders with Cities (rules
    1.4 of Cities), leaders marked ``in_pool: false`` left out."""
    return _POOLS[cities]
