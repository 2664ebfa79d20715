"""Events of the leader draft and the recruitment turns (public unless said otherwise)."""

from __future__ import annotations

from engine.classic.leaders.data import LEADERS
from engine.classic.state import Move
from engine.common import Event

__all__ = ["ev_draft_done", "ev_recruit_done"]


def _ev(kind: str, text: str, to: int | None = None, **data: object) -> Event:
    return Event(
        kind=kind, text=text, visible_to=None if to is None else frozenset({to}), data=dict(data)
    )


def ev_draft_done() -> tuple[Event, ...]:
    return (_ev("leaders_drafted", "The leader draft is over: recruitment begins."),)


def ev_recruit_done(picks: tuple[Move | None, ...]) -> tuple[Event, ...]:
    """What the table sees of a recruitment turn: recruits face up, the rest face down (the
    leader used for a stage or discarded is told to its owner only)."""
    out: list[Event] = []
    for seat, mv in enumerate(picks):
        assert mv is not None
        name = LEADERS[mv.card].name
        if mv.action == "recruit":
            out.append(_ev("recruit", f"Seat {seat} recruited {name}.", seat=seat, leader=name))
            continue
        if mv.action == "leader-wonder":
            text = f"Seat {seat} built a wonder stage with a leader."
            out.append(_ev("leader_wonder", text, seat=seat, left=mv.left, right=mv.right))
            mine = f"You used {name} for your wonder."
        else:
            out.append(
                _ev("leader_discard", f"Seat {seat} discarded a leader for 3 coins.", seat=seat)
            )
            mine = f"You discarded {name} for 3 coins."
        out.append(_ev("leader_spent", mine, seat, leader=name))
    return tuple(out)
