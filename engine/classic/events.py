"""Events of a classic game, interned.

Events are frozen pydantic models; building one validates its fields (a few microseconds),
and a 7-player turn emits about thirty. Most recur identically (same seat, same move), so each
distinct event is built once and shared, like the interned moves. Consumers must treat an
event's ``data`` dict as read-only (the model itself is frozen).
"""

from __future__ import annotations

from engine.classic.data import CARDS
from engine.classic.state import Move
from engine.classic.values import DISCARD_ACTIONS
from engine.common import Event

__all__ = ["ev_lost", "ev_pick", "ev_picked", "ev_resolved", "ev_sixth"]

_LIMIT = 50_000
_cache: dict[tuple[object, ...], tuple[Event, ...]] = {}


def _ev(kind: str, text: str, to: int | None = None, **data: object) -> Event:
    return Event(
        kind=kind, text=text, visible_to=None if to is None else frozenset({to}), data=dict(data)
    )


def _store(key: tuple[object, ...], events: tuple[Event, ...]) -> tuple[Event, ...]:
    if len(_cache) > _LIMIT:
        _cache.clear()
    _cache[key] = events
    return events


# Per seat: move -> (private "pick" record, public "picked" notice), what a pick emits.
_picks: list[dict[Move, tuple[Event, Event]]] = [{} for _ in range(7)]


def ev_pick(seat: int, move: Move) -> tuple[Event, Event]:
    """The events of a pick: its private record (only that seat sees it) and the public
    notice that the seat has chosen (not what)."""
    cache = _picks[seat]
    got = cache.get(move)
    if got is None:
        if len(cache) > _LIMIT // 7:
            cache.clear()
        got = cache[move] = (
            _ev("pick", f"You chose: {move}", seat, seat=seat, move=str(move)),
            ev_picked(seat),
        )
    return got


def ev_picked(seat: int) -> Event:
    """The public notice that a seat has chosen (not what)."""
    key = ("picked", seat)
    got = _cache.get(key)
    if got is None:
        got = _store(key, (_ev("picked", f"Seat {seat} has chosen.", None, seat=seat),))
    return got[0]


def ev_resolved(seat: int, mv: Move, cid: int, stage: int) -> tuple[Event, ...]:
    """Public and private events of one resolved action; ``stage`` is the stage it would build."""
    if mv.action != "wonder":
        stage = 0
    key = (seat, mv.action, mv.card, mv.left, mv.right, cid, stage)
    got = _cache.get(key)
    if got is None:
        got = _store(key, _resolved(seat, mv, CARDS[cid].name, stage))
    return got


def _resolved(seat: int, mv: Move, name: str, stage: int) -> tuple[Event, ...]:
    if mv.action == "discard":
        return (
            _ev("discard", f"Seat {seat} discarded a card for 3 coins.", None, seat=seat),
            _ev("discarded", f"You discarded {name}.", seat, card=name),
        )
    if mv.action in DISCARD_ACTIONS:  # a plug-in's use of a discarded card (face down)
        text = DISCARD_ACTIONS[mv.action][1](seat, mv)
        return (
            _ev(mv.action, text, None, seat=seat, action=mv.action, value=mv.left),
            _ev("discarded", f"You discarded {name}.", seat, card=name),
        )
    if mv.action == "wonder":
        return (
            _ev(
                "wonder",
                f"Seat {seat} built wonder stage {stage}.",
                None,
                seat=seat,
                stage=stage,
                left=mv.left,
                right=mv.right,
            ),
            _ev("tucked", f"You used {name} for your wonder.", seat, card=name),
        )
    return (
        _ev(
            "build",
            f"Seat {seat} built {name}.",
            None,
            seat=seat,
            card=name,
            action=mv.action,
            left=mv.left,
            right=mv.right,
        ),
    )


def ev_sixth() -> Event:
    return _const("age_discard", "The last cards of the age were discarded.")


def ev_lost() -> Event:
    return _const("salvage_lost", "No card in the discard pile can be built.")


def _const(kind: str, text: str) -> Event:
    key = (kind,)
    got = _cache.get(key)
    if got is None:
        got = _store(key, (_ev(kind, text),))
    return got[0]
