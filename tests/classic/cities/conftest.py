"""Helpers for Cities tests: a Cities table with chosen hands and cities, and whole turns."""

from __future__ import annotations

from typing import Any

from engine import classic as C
from engine.classic.cities.ext import new_ext
from engine.classic.data import BOARD_INDEX, CARD_INDEX
from engine.classic.state import DEBT, State

FILLER = ["Altar", "Baths", "Theater", "Pawnshop", "Stockade", "Barracks", "Tavern"]


def ids(names: list[str]) -> tuple[int, ...]:
    return tuple(CARD_INDEX[n] for n in names)


def table(seats: list[dict[str, Any]], age: int = 1, turn: int = 1) -> State:
    """A Cities game at ``age``/``turn`` whose seats hold the given hand, coins, built cards,
    military tokens, wonder stages and Diplomacy/Debt tokens (others: a fresh city)."""
    n = len(seats)
    wonders = [
        s.get("wonder", w)
        for s, w in zip(  # noqa: B905 (fewer seats than names)
            seats, ["Rhodos", "Ephesos", "Babylon", "Gizah", "Olympia", "Alexandria", "Petra"]
        )
    ]
    side = seats[0].get("side", "A")
    s = C.new_game(C.Config(players=n, expansions=("cities",), wonders=wonders, sides=side), 0)
    hands, cities = [], []
    for i, seat in enumerate(seats):
        hand = seat.get("hand", FILLER[i : i + 2])
        hands.append(tuple(sorted(ids(hand))))
        c = s.cities[i]
        cities.append(
            c._replace(
                board=BOARD_INDEX[wonders[i]],
                coins=seat.get("coins", 3),
                built=ids(seat.get("built", [])),
                tokens=tuple(seat.get("tokens", ())),
                stages=seat.get("stages", 0),
            )
        )
    assert s.cx is not None
    cx = new_ext(n)._replace(
        debt=tuple(x.get("debt", 0) for x in seats),
        diplomacy=tuple(x.get("diplomacy", 0) for x in seats),
    )
    return s._replace(age=age, turn=turn, hands=tuple(hands), cities=tuple(cities), cx=cx)


def turn(state: State, picks: dict[int, str]) -> State:
    """Every seat picks (unlisted seats discard their first card)."""
    for seat in range(state.players):
        text = picks.get(seat)
        if text is None:
            text = str(next(m for m in C.legal_moves(state, seat) if m.action == "discard"))
        state, _ = C.apply(state, seat, C.parse_move(text))
    return state


def settle(state: State, pays: dict[int, int]) -> State:
    """Every victim of the open coin loss pays ``pays[seat]`` coins (default: all it owes)."""
    assert state.phase == DEBT and state.cx is not None
    for seat in sorted(C.to_act(state)):
        k = pays.get(seat, min(state.cx.owed[seat], state.cities[seat].coins))
        state, _ = C.apply(state, seat, C.parse_move(f"pay:{k}"))
    return state
