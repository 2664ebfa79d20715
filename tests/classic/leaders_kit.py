"""Helpers of the Leaders tests: positions with leaders, whole recruitment and pick turns."""

from __future__ import annotations

from typing import Any

from engine import classic as C
from engine.classic.state import State
from engine.common import Score

FILLER = ["Sappho", "Zenobia", "Nefertiti", "Cleopatra", "Varro", "Hiram", "Phidias"]


def pos(
    seats: list[dict[str, Any]],
    *,
    age: int = 1,
    recruit: bool = False,
    discard: list[str] | None = None,
    players: int = 3,
    cities: bool = False,
    phase: str | None = None,
    more: dict[str, Any] | None = None,
) -> State:
    """A Leaders position. Seat dicts take the position keys plus ``lead`` (their leader hand),
    ``recruited``; in a recruitment turn each seat without a leader hand gets a filler leader
    (so every seat can act); ``hand`` defaults to Altar + Baths in a pick turn; ``phase``: a
    position phase ("seventh", ...) instead of a pick turn; ``more``: further position keys
    (another expansion's part: ``{"expansions": [...], "edifice": {...}}``)."""
    full = []
    taken = {n for s in seats for k in ("lead", "recruited") for n in s.get(k, [])}
    spare = [n for n in FILLER if n not in taken]
    for i in range(players):
        s = dict(seats[i]) if i < len(seats) else {}
        lead = list(s.pop("lead", []))
        if recruit and not lead:
            lead = [spare.pop(0)]
        s["leaders"] = {"hand": lead, "recruited": list(s.pop("recruited", []))}
        for key in ("courtesan", "caligula_used"):
            if key in s:
                s["leaders"][key] = s.pop(key)
        s.setdefault("hand", [] if recruit else (["Altar", "Baths"] if age == 1 else ["Statue"]))
        full.append(s)
    data: dict[str, Any] = {
        "game": "classic",
        "age": age,
        "turn": 1,
        "expansions": ["leaders", "cities"] if cities else ["leaders"],
        "seats": full,
        "discard": discard or [],
    }
    if recruit or phase:
        data["phase"] = phase or "recruit"
    if more:
        data = {**data, **more, "expansions": [*data["expansions"], *more.get("expansions", ())]}
    return C.load_position(data)


def turn(state: State, picks: dict[int, str]) -> State:
    """Every seat picks (unlisted seats discard: a leader in a recruitment turn, else a card)."""
    for seat in range(state.players):
        text = picks.get(seat)
        if text is None:
            kinds = ("leader-discard", "discard")
            text = str(next(m for m in C.legal_moves(state, seat) if m.action in kinds))
        state, _ = C.apply(state, seat, C.parse_move(text))
    return state


def moves(state: State, seat: int) -> set[str]:
    return {str(m) for m in C.legal_moves(state, seat)}


def score(state: State, seat: int = 0) -> Score:
    return C.scores(state)[seat]


def coins(state: State, seat: int = 0) -> int:
    return state.cities[seat].coins
