"""Coin losses and Debt tokens (rules 3): at the end of a turn in which loss cards or stages
were placed, every victim owes coins and decides, all at once, how many to pay; each coin not
paid is a Debt token (-1 VP, never repaid). Decisions are then applied in seat order.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.classic.data import COUNT_KINDS
from engine.classic.state import DEBT, City, Move, State, make_move
from engine.common import Event, IllegalMove
from engine.wording import coins as coins_text

__all__ = ["acting", "apply", "legal", "open_losses", "owed_by", "validate"]

_VICTORIES, _STAGES = COUNT_KINDS.index("victories"), COUNT_KINDS.index("stages")


def _count(city: City, per: int) -> int:
    """A victim's own count for a per-count loss (Sepulcher, Cenotaph, Builders Union)."""
    if per == _VICTORIES:
        return sum(1 for t in city.tokens if t > 0)
    if per == _STAGES:
        return city.stages
    raise AssertionError(f"no coin loss counts kind {per}")


def owed_by(state: State) -> tuple[int, ...]:
    """Coins each seat loses to this turn's losses, counted now (rules 3.5-3.7: never from
    one's own card; several losses add up)."""
    assert state.cx is not None
    owed = [0] * state.players
    for builder, amount, per in state.cx.losses:
        for v, city in enumerate(state.cities):
            if v != builder:
                owed[v] += amount if per < 0 else _count(city, per)
    return tuple(owed)


def open_losses(state: State) -> tuple[State, list[Event]]:
    """Resolve the turn's recorded losses: the ``debt`` phase when someone owes coins (their
    ``causes`` kept for the victims' prompts), else the same state with the losses cleared
    (phase unchanged)."""
    assert state.cx is not None
    owed = owed_by(state)
    cx = state.cx._replace(losses=())
    if not any(owed):
        return state._replace(cx=cx._replace(causes=())), []
    events = [
        Event(
            kind="coin_loss",
            text=f"Seat {v} loses {q} coin{'s' if q != 1 else ''}: pay or take debt.",
            data={"seat": v, "coins": q},
        )
        for v, q in enumerate(owed)
        if q
    ]
    s = state._replace(
        phase=DEBT, picks=(None,) * state.players, pending=(), cx=cx._replace(owed=owed)
    )
    return s._replace(last_events=tuple(events)), events


def acting(state: State) -> frozenset[int]:
    assert state.cx is not None
    owed = state.cx.owed
    return frozenset(i for i, p in enumerate(state.picks) if p is None and owed[i])


def legal(state: State, seat: int) -> list[Move]:
    """Every split of the loss: pay k coins (k from all one can down to 0), the rest as debt."""
    assert state.cx is not None
    top = min(state.cities[seat].coins, state.cx.owed[seat])
    return [make_move("pay", 0, k) for k in range(top, -1, -1)]


def validate(state: State, seat: int, move: Move) -> None:
    assert state.cx is not None
    if seat not in acting(state):
        raise IllegalMove("You have no coin loss to settle now.")
    if move.action != "pay":
        raise IllegalMove("Settle your coin loss first: pay coins or take debt (e.g. pay:1).")
    owed, coins = state.cx.owed[seat], state.cities[seat].coins
    if move.left > owed:
        raise IllegalMove(f"You lose {coins_text(owed)}: you cannot pay {move.left}.")
    if move.left > coins:
        raise IllegalMove(f"You have {coins_text(coins)}: pay at most {coins}, the rest is debt.")


def apply(
    state: State, seat: int, move: Move, finish: Callable[[State, list[Event]], State]
) -> tuple[State, list[Event]]:
    """Record ``seat``'s decision; once every victim decided, pay, take debt and ``finish``
    the turn (pass hands or end the age; it may add events, e.g. Diplomacy used)."""
    picks = state.picks[:seat] + (move,) + state.picks[seat + 1 :]
    mine = Event(kind="picked", text=f"Seat {seat} has chosen.", data={"seat": seat})
    s = state._replace(picks=picks, last_events=(mine,))
    if acting(s):
        return s, [mine]
    settled, events = _settle(s)
    events.insert(0, mine)
    done = finish(settled, events)
    return done._replace(last_events=tuple(events)), events


def _settle(state: State) -> tuple[State, list[Event]]:
    assert state.cx is not None
    cities, debt = list(state.cities), list(state.cx.debt)
    events: list[Event] = []
    for seat, owed in enumerate(state.cx.owed):
        mv = state.picks[seat]
        if not owed or mv is None:
            continue
        paid = mv.left
        cities[seat] = cities[seat]._replace(coins=cities[seat].coins - paid)
        debt[seat] += owed - paid
        events.append(
            Event(
                kind="debt",
                text=f"Seat {seat} paid {paid} coin(s) and took {owed - paid} debt.",
                data={"seat": seat, "paid": paid, "debt": owed - paid},
            )
        )
    cx = state.cx._replace(debt=tuple(debt), owed=(0,) * state.players, causes=())
    n = state.players
    return state._replace(cities=tuple(cities), cx=cx, picks=(None,) * n), events
