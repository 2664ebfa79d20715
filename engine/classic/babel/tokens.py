"""Great Project reward tokens that act in play (rules 4.7 [E]: one-use, spent when used):
``free_build`` (Cranes, Sewer Network) builds a card for free, ``free_wonder_stage``
(Belvedere) builds a stage without its resources (coin costs still paid)."""

from __future__ import annotations

from engine.classic.babel.projects_state import Projects
from engine.classic.data import NAME_ID
from engine.classic.moves import FREE, STAGE_COINS, payments, stage_cost
from engine.classic.state import PICK, SEVENTH, Move, State, make_move
from engine.classic.stats import city_stats

__all__ = ["free_moves", "free_token_use", "stage_token_use"]

FREE_BUILD, FREE_STAGE = "free_build", "free_wonder_stage"


def free_moves(state: State, p: Projects, seat: int, base: list[Move]) -> list[Move]:
    """``base`` and the moves a seat's one-use tokens add (each once)."""
    held = p.held[seat]
    if state.phase not in (PICK, SEVENTH) or not (FREE_BUILD in held or FREE_STAGE in held):
        return base
    city = state.cities[seat]
    names = city_stats(city).names
    out, seen = list(base), set(base)
    for cid in state.hands[seat]:
        nid = NAME_ID[cid]
        extra: list[Move] = []
        if FREE_BUILD in held and not names >> nid & 1:
            extra.append(FREE[nid])
        if FREE_STAGE in held and _stage_left(state, seat):
            extra.append(make_move("wonder", nid, 0, 0))
        for m in extra:
            if m not in seen:
                seen.add(m)
                out.append(m)
    return out


def _stage_left(state: State, seat: int) -> bool:
    city = state.cities[seat]
    if stage_cost(state, seat) is None:
        return False
    return city.coins >= STAGE_COINS[city.board][city.side][city.stages]


def free_token_use(state: State, p: Projects, seat: int) -> Projects | None:
    """``p`` with the seat's free-build token spent, when a free build is not Olympia's."""
    city = state.cities[seat]
    olympia = city_stats(city).free_build and city.free_used_age != state.age
    if olympia or FREE_BUILD not in p.held[seat]:
        return None
    return _spend(p, seat, FREE_BUILD)


def stage_token_use(state: State, p: Projects, seat: int, move: Move) -> Projects:
    """``p`` with the free-stage token spent when the stage could not be paid as it was."""
    if move.left or move.right or FREE_STAGE not in p.held[seat]:
        return p
    cost = stage_cost(state, seat)
    if cost is None:
        return p
    city = state.cities[seat]
    bank = STAGE_COINS[city.board][city.side][city.stages]
    if city_stats(city).stage_free or (0, 0) in payments(state, seat, cost, bank):
        return p
    return _spend(p, seat, FREE_STAGE)


def _spend(p: Projects, seat: int, token: str) -> Projects:
    held = list(p.held[seat])
    held.remove(token)
    return p._replace(held=p.held[:seat] + (tuple(held),) + p.held[seat + 1 :])
