"""Edifice's part of a hand-written position (``"edifice"`` key) and of a state built from a
seat's view (search samples): everything of Edifice is public, so a view gives it whole."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.classic.edifice.data import PROJECTS
from engine.classic.edifice.state import DONE, FAILED, OPEN, Edifice
from engine.common import EngineError

__all__ = ["edifice_from_position", "edifice_to_position", "position_from_view"]

_STATUS = {"open": OPEN, "waiting": OPEN, "completed": DONE, "failed": FAILED}
_NAMES = {OPEN: "open", DONE: "completed", FAILED: "failed"}


def _three(v: Any) -> tuple[int, int, int]:
    a, b, c = (int(x) for x in v)
    return a, b, c


def edifice_from_position(d: Mapping[str, Any], n: int) -> Edifice:
    """``{"projects": [3 names], "pawns": [[per seat] x 3], "left": [3], "status": [3 words],
    "debt": [[token VP] per seat]}``."""
    by_name = {p.name: p.pid for p in PROJECTS}
    try:
        order = _three(by_name[x] for x in d["projects"])
    except KeyError as exc:
        raise EngineError(f"unknown Edifice project {exc.args[0]!r}") from None
    pawns = tuple(tuple(int(k) for k in row) for row in d.get("pawns", [[0] * n] * 3))
    if len(pawns) != 3 or any(len(row) != n for row in pawns):
        raise EngineError("edifice.pawns needs 3 rows of one count per seat")
    status = _three(_STATUS[s] for s in d.get("status", ["open"] * 3))
    debt = tuple(tuple(int(x) for x in row) for row in d.get("debt", [[]] * n))
    return Edifice(order, pawns, _three(d["left"]), status, debt)


def edifice_to_position(e: Edifice) -> dict[str, Any]:
    return {
        "projects": [PROJECTS[p].name for p in e.order],
        "pawns": [list(row) for row in e.pawns],
        "left": list(e.left),
        "status": [_NAMES[s] for s in e.status],
        "debt": [list(row) for row in e.debt],
    }


def position_from_view(view: Any, data: dict[str, Any]) -> None:
    ed = view.edifice
    if ed is None:
        return
    data["edifice"] = {
        "projects": [p.name for p in ed.projects],
        "pawns": [list(p.pawns) for p in ed.projects],
        "left": [p.pawns_left for p in ed.projects],
        "status": [p.status for p in ed.projects],
        "debt": [[d] if d else [] for d in ed.debt],  # one token of the seat's total
    }
