"""Leaders in hand-written positions (``load_position`` / ``dump_position``).

A position plays Leaders when it has ``"expansions": ["leaders"]``. Per seat, optional
``"leaders": {"hand": [...], "recruited": [...], "tucked": [...], "discarded": [...],
"courtesan": name, "caligula_used": true}`` (leader names; ``tucked`` ones were used for wonder
stages already counted in ``stages_built``; ``courtesan``: the leader its Courtesans' Guild
copies; ``caligula_used``: Caligula's free black card of this Age is spent, Cities only). Top
level ``"phase": "recruit"`` is the recruitment turn before ``age`` (hands empty: the Age is
dealt after it). Leaders nobody holds form the face-down pile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.classic.leaders.data import BOX_LEADERS, LEADER_INDEX, LEADERS, leader_pool
from engine.classic.leaders.state import PLAY, RECRUIT, Leaders
from engine.classic.state import LEAD, State
from engine.common import EngineError

__all__ = ["dump_leaders_position", "leaders_of_position"]

_PARTS = ("hand", "recruited", "tucked", "discarded")


def _ids(names: Sequence[str]) -> tuple[int, ...]:
    out = []
    for name in names:
        if name not in LEADER_INDEX:
            raise EngineError(f"unknown leader {name!r}")
        out.append(LEADER_INDEX[name])
    return tuple(out)


def leaders_of_position(data: Mapping[str, Any], recruiting: bool) -> Leaders | None:
    """The Leaders part of a position, or None when it does not play Leaders."""
    if "leaders" not in data.get("expansions", ()):
        return None
    seats = data["seats"]
    per: list[dict[str, tuple[int, ...]]] = []
    for s in seats:
        part = s.get("leaders", {})
        unknown = set(part) - set(_PARTS) - {"courtesan", "caligula_used"}
        if unknown:
            raise EngineError(f"unknown leader keys {sorted(unknown)}; use {list(_PARTS)}")
        per.append({k: _ids(part.get(k, [])) for k in _PARTS})
    used = [x for p in per for k in _PARTS for x in p[k]]
    if len(used) != len(set(used)):
        raise EngineError("each leader exists once (rules 3.7)")
    cities = "cities" in data.get("expansions", ())
    if not cities and any(x >= len(BOX_LEADERS) for x in used):
        raise EngineError("the Cities leaders are played only with Cities (expansions: [cities])")
    age = int(data.get("age", 1))
    caligula = tuple(age if s.get("leaders", {}).get("caligula_used") else 0 for s in seats)
    return Leaders(
        stage=RECRUIT if recruiting else PLAY,
        round=3,
        held=tuple(tuple(sorted(p["hand"])) for p in per),
        draft=((),) * len(seats),
        recruited=tuple(p["recruited"] for p in per),
        spent=tuple(p["tucked"] + p["discarded"] for p in per),
        tucked=tuple(len(p["tucked"]) for p in per),
        deck=tuple(i for i in leader_pool(cities) if i not in set(used)),
        seen=((),) * len(seats),
        copied=tuple(_courtesan(s.get("leaders", {})) for s in seats),
        caligula=caligula if cities else (),
    )


def _courtesan(part: Mapping[str, Any]) -> int:
    name = part.get("courtesan")
    return -1 if name is None else _ids([name])[0]


def dump_leaders_position(state: State, out: dict[str, Any]) -> None:
    """Add the Leaders keys of ``state`` to a dumped position (spent leaders as tucked first)."""
    lead: Leaders | None = state.leaders
    if lead is None:
        return
    out["expansions"] = ["leaders"]
    if state.phase == LEAD:
        out["phase"] = "recruit"
    for i, seat in enumerate(out["seats"]):
        k = lead.tucked[i]
        spent = [LEADERS[x].name for x in lead.spent[i]]
        seat["leaders"] = {
            "hand": [LEADERS[x].name for x in lead.held[i]],
            "recruited": [LEADERS[x].name for x in lead.recruited[i]],
            "tucked": spent[:k],
            "discarded": spent[k:],
        }
        if lead.copied and lead.copied[i] >= 0:
            seat["leaders"]["courtesan"] = LEADERS[lead.copied[i]].name
        if lead.caligula and lead.caligula[i] == state.age:
            seat["leaders"]["caligula_used"] = True
