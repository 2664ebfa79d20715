"""Views of the wonder-pick phase: a seat sees its own options and pick, and of the others only
who has picked (not what) until the reveal seats them."""

from __future__ import annotations

from engine.classic.data import BOARDS, RESOURCES
from engine.classic.moves import acting, legal_moves
from engine.classic.state import PHASES, State
from engine.classic.texts import describe_pick, effect_text
from engine.classic.version import RULES_VERSION
from engine.classic.views import ClassicView, MoveView, WonderOptionView, WonderPickView

__all__ = ["board_line", "describe_pick", "pick_view"]


def _cost(cost: tuple[int, ...]) -> str:
    return " ".join(f"{q} {RESOURCES[r]}" for r, q in enumerate(cost) if q) or "free"


def board_line(board: int, side: int) -> str:
    """One line: starting resource, then each stage's cost and what it gives."""
    b = BOARDS[board]
    stages = "; ".join(
        f"{i}: {_cost(st.cost)} -> {effect_text(st.effect)}"
        for i, st in enumerate(b.sides[side], start=1)
    )
    res = RESOURCES[b.resource] if b.resource >= 0 else "no resource"
    return f"{b.city} {'AB'[side]} ({res}): {stages}"


def pick_view(state: State, seat: int | None) -> ClassicView:
    n = state.players
    seated = [
        None if c.board < 0 else f"{BOARDS[c.board].city} {'AB'[c.side]}" for c in state.cities
    ]
    picked = [i for i, p in enumerate(state.picks) if p is not None and state.cities[i].board < 0]
    moves = legal_moves(state, seat) if seat is not None else []
    options = [
        WonderOptionView(
            move=str(m),
            board=BOARDS[m.card].city,
            wonder=BOARDS[m.card].wonder,
            side="AB"[m.left],  # type: ignore[arg-type]
            text=board_line(m.card, m.left),
        )
        for m in moves
    ]
    pick = state.picks[seat] if seat is not None else None
    return ClassicView(
        rules_version=RULES_VERSION,
        seat=seat,
        players=n,
        age=state.age,
        turn=state.turn,
        pass_direction="left",
        phase=PHASES[state.phase],  # type: ignore[arg-type]
        to_act=sorted(acting(state)),
        picked=[i for i, p in enumerate(state.picks) if p is not None],
        cities=[],
        discard_size=0,
        last_events=[e for e in state.last_events if e.visible(seat)],
        scores=[],
        expansions=["cities"] if state.cx is not None else [],
        my_pick=str(pick) if pick else None,
        my_pick_text=describe_pick(pick) if pick else None,
        legal_moves=[
            MoveView(
                move=str(m),
                action=m.action,
                card=BOARDS[m.card].city,
                text=describe_pick(m),
            )
            for m in moves
        ],
        wonder_pick=WonderPickView(round=state.turn, seated=seated, picked=picked, options=options),
    )
