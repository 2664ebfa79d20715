"""The 2-player game with the Free City as a plug-in of the classic engine
(engine.classic.plugin; rules in docs/two-players.md and :mod:`engine.classic.variants.two`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.classic.data import BOARDS
from engine.classic.events import ev_pick
from engine.classic.plugin import Events, Hands, Plugin, Step
from engine.classic.resolve import with_fields
from engine.classic.state import ACTIONS, CHOOSE, PICK, City, Move, State
from engine.classic.turns import reveal, step
from engine.classic.variants import two
from engine.classic.views import FreeCityView
from engine.common import Event, IllegalMove

__all__ = ["FREE_CITY_PLUGIN", "FreeCityPlugin"]

FC = two.FREE_CITY


class FreeCityPlugin(Plugin):
    name = "free-city"
    title = "Free City"
    field = "free_city"
    expansion = False

    def wanted(self, config: Any) -> bool:
        return bool(config.players == 2)

    def table_size(self, config: Any, seats: int) -> int:
        return seats + 1  # the neutral Free City is seat 2

    def slot(self, config: Any, n: int) -> int:
        return 1

    def players(self, state: State, seats: tuple[int, ...]) -> tuple[int, ...]:
        return (0, 1)  # the Free City scores but cannot win, and picks no wonder

    def deal_age(self, state: State, deck: Sequence[int], age: int) -> Hands:
        return two.deal_age(list(deck), age)

    def seat_others(
        self, state: State, cities: tuple[City, ...], events: Events
    ) -> tuple[City, ...]:
        """The Free City's board: a seeded draw among its options nobody holds."""
        taken = {c.board for c in cities if c.board >= 0}
        left = [code for code in state.hands[FC] if code // 2 not in taken]
        code = left[random.Random(state.seed * 1_000_003 + 104_729).randrange(len(left))]
        board, side = divmod(code, 2)
        city = City(board=board, side=side, stages=0, coins=3, built=(), tucked=(), tokens=())
        name = f"{BOARDS[board].city} (side {'AB'[side]})"
        events.append(
            Event(
                kind="wonder_seated",
                text=f"The Free City takes {name}.",
                visible_to=None,
                data={"seat": 2, "board": name},
            )
        )
        return cities[:2] + (city,)

    def acting(self, state: State) -> frozenset[int]:
        return two.acting(state)

    def legal(
        self, state: State, seat: int, base: Callable[[State, int], list[Move]]
    ) -> list[Move] | None:
        return None if seat == FC else two.free_city_moves(state, seat)

    def validate(self, state: State, seat: int, move: Move) -> int | None:
        if seat == FC:
            raise IllegalMove("The Free City is played by the player holding its card.")
        if move.action == "board" or move.action not in ACTIONS:
            return None  # the core refuses these with its own words
        return two.validate(state, seat, move)

    def apply(self, state: State, seat: int, move: Move) -> Step | None:
        if state.phase == CHOOSE:
            return None
        if state.phase == PICK:
            return _pick(state, seat, move)
        # a seventh card or discard build: the controller may act for the Free City
        at = FC if two.free_city_moves(state, seat) is not None else seat
        return step(state, at, move)

    def refuse_repick_after(self, state: State, seat: int, move: Move) -> str | None:
        pick = state.picks[FC]
        if pick is not None and pick.card == move.card:
            # The controller's hand holds that card once: the Free City has it this turn.
            return "That card is the Free City's pick this turn; choose another card."
        return None

    def pass_hands(self, state: State, hands: Hands) -> Hands:
        # two players swap hands; the Free City's draw pile stays
        return two.swap_and_draw(hands, state.age, state.turn + 1)

    def view_seat(self, state: State, seat: int | None) -> int | None:
        return None if seat == FC else seat  # the Free City is nobody's seat: no hand

    def public_view(
        self, state: State, seat: int | None, moves: list[Move], fields: dict[str, Any]
    ) -> None:
        picking = seat is not None and two.picking_for_free_city(state, seat)
        fields["free_city"] = FreeCityView(
            controller=two.controller(state.age, state.turn), picking=picking
        )

    def seat_view(self, state: State, seat: int) -> tuple[tuple[int, ...], int, str] | None:
        if two.picking_for_free_city(state, seat):  # show the Free City's hand and options
            return two.free_city_hand(state), FC, "Free City: "
        return None

    def dump_key(self) -> str:
        return "free_city"

    def load(self, data: Any) -> int:
        return int(data)


def _pick(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """A pick of the 2-player game: a player's own card, or the controller's Free City card."""
    if two.picking_for_free_city(state, seat):
        at, mine = FC, two.pick_events(state, seat, move)
    else:
        at, mine = seat, list(ev_pick(seat, move))
    picks = state.picks[:at] + (move,) + state.picks[at + 1 :]
    s = with_fields(state, picks=picks, events=tuple(mine))
    if any(p is None for p in picks):
        return s, mine
    return reveal(two.with_free_city_card(s), picks, mine)


FREE_CITY_PLUGIN = FreeCityPlugin()
