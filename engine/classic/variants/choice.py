"""The wonder-pick phase (``Config.wonders == "choose"`` or ``Config.sides == "choose"``).

Before Age I every seat picks a board (and a side when the table's sides option is
"choose") at the same time, hidden like a card pick. When all picks are in they are revealed:
a board picked by one seat goes to it; a board picked by several goes to one of them by a
seeded draw, and the others pick again from the boards nobody holds (repeat until every seat
is seated). Then the Age I hands are dealt, or a plug-in opens its own step instead
(:meth:`engine.classic.plugin.Plugin.after_wonder_pick`: the Leaders draft).

Encoding in the ordinary :class:`State` fields (so dumps, replays and the hot path need no
new field): ``phase`` is ``CHOOSE``, ``age`` 0, ``turn`` the pick round (1, 2, ...);
``hands[seat]`` lists the seat's options as ``board * 2 + side`` codes (``()`` once seated);
``picks`` holds this round's picks (a seated seat keeps its winning pick, so it is not asked
again); ``decks`` holds all three shuffled age decks; an unseated city has ``board == -1``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.classic.config import Config
from engine.classic.data import BOARDS
from engine.classic.plugin import active, board_pool, players_of
from engine.classic.slots import SLOT_START
from engine.classic.state import CHOOSE, PICK, City, Move, State, make_move
from engine.common import Event, IllegalMove

__all__ = ["apply", "legal", "option_code", "start", "validate"]

Deal = Callable[[State, tuple[int, ...], int], tuple[tuple[int, ...], ...]]
_UNSEATED = City(board=-1, side=0, stages=0, coins=3, built=(), tucked=(), tokens=())


def option_code(board: int, side: int) -> int:
    return board * 2 + side


def _seat_sides(config: Config, drawn: int) -> tuple[int, ...]:
    """Sides a seat may take: the table's fixed side, its drawn random side, or both."""
    if config.sides == "choose":
        return (0, 1)
    return (0,) if config.sides == "A" else (1,) if config.sides == "B" else (drawn,)


def start(
    config: Config,
    seed: int,
    dealt: list[int] | None,
    sides: list[int],
    decks: tuple[tuple[int, ...], ...],
    slots: dict[str, object],
    pool: tuple[int, ...],
) -> State:
    """The first pick round. ``dealt``: boards per seat when only the side is chosen (boards
    dealt or named); ``None`` when every seat chooses among all boards (``pool``). ``slots``:
    the plug-ins' parts of the state. A city no player plays (the 2-player game's Free City)
    has its options in its hand too: a plug-in seats it once the players are seated, on side
    A when the sides are chosen (it cannot choose)."""
    n = len(sides)
    state = State(
        players=n,
        seed=seed,
        age=0,
        turn=1,
        phase=CHOOSE,
        hands=((),) * n,
        cities=(_UNSEATED,) * n,
        picks=(None,) * n,
        discard=(),
        decks=decks,
        pending=(),
        hali=(),
        **slots,  # type: ignore[arg-type]
    )
    choosers = _choosers(state)
    options: list[tuple[int, ...]] = []
    for seat in range(n):
        allowed: tuple[int, ...] = _seat_sides(config, sides[seat])
        if seat not in choosers and config.sides == "choose":
            allowed = (0,)  # a neutral city cannot choose: side A
        boards = pool if dealt is None else (dealt[seat],)
        options.append(tuple(option_code(b, s) for b in boards for s in allowed))
    return state._replace(hands=tuple(options))


def _choosers(state: State) -> tuple[int, ...]:
    """Seats that pick (the 2-player game's Free City does not)."""
    return players_of(state)


def legal(state: State, seat: int) -> list[Move]:
    if state.picks[seat] is not None:
        return []
    return [make_move("board", code // 2, code % 2) for code in state.hands[seat]]


def validate(state: State, seat: int, move: Move) -> None:
    """Raise IllegalMove with a reason the player can act on."""
    if state.picks[seat] is not None:
        if state.cities[seat].board >= 0:
            raise IllegalMove("Your wonder is already assigned; wait for the others.")
        raise IllegalMove("You have already picked your wonder this round.")
    if move.action != "board":
        raise IllegalMove("Pick a wonder board first (e.g. board:Rhodos:A); Age I starts after.")
    options = state.hands[seat]
    if option_code(move.card, move.left) in options:
        return
    city = BOARDS[move.card].city
    if not any(code // 2 == move.card for code in options):
        held = [BOARDS[c.board].city for c in state.cities if c.board == move.card]
        why = "is taken" if held else "is not offered to you"
        free = sorted({BOARDS[code // 2].city for code in options})
        raise IllegalMove(f"{city} {why}; choose one of {', '.join(free)}.")
    sides = "/".join(sorted({"AB"[code % 2] for code in options if code // 2 == move.card}))
    raise IllegalMove(f"Side {'AB'[move.left]} is not allowed at this table; take side {sides}.")


def _ev(kind: str, text: str, to: int | None = None, **data: object) -> Event:
    return Event(
        kind=kind, text=text, visible_to=None if to is None else frozenset({to}), data=dict(data)
    )


def _draw_rng(state: State) -> random.Random:
    """The collision draw of a round: fixed by the game's seed and the round (replayable)."""
    return random.Random(state.seed * 1_000_003 + 7_919 * state.turn)


def apply(state: State, seat: int, move: Move, deal: Deal) -> tuple[State, list[Event]]:
    """Record a (validated) pick; once every unseated seat has picked, reveal and seat."""
    picks = state.picks[:seat] + (move,) + state.picks[seat + 1 :]
    events = [
        _ev("wonder_pick", f"You picked {move}.", seat, seat=seat, move=str(move)),
        _ev("picked", f"Seat {seat} has picked a wonder.", None, seat=seat),
    ]
    if any(picks[i] is None for i in _choosers(state)):
        return state._replace(picks=picks, last_events=tuple(events)), events
    cities, losers, more = _seat(state, picks)
    events += more
    if not losers:
        return _seated(state, cities, events, deal), events
    taken = {c.board for c in cities if c.board >= 0}
    hands = list(state.hands)
    new_picks = list(picks)
    for i in _choosers(state):
        if i in losers:
            sides = sorted({code % 2 for code in state.hands[i]})
            hands[i] = tuple(
                option_code(b, s)
                for b in board_pool(active(state))
                if b not in taken
                for s in sides
            )
            new_picks[i] = None
        else:
            hands[i] = ()
    return state._replace(
        turn=state.turn + 1,
        hands=tuple(hands),
        cities=cities,
        picks=tuple(new_picks),
        last_events=tuple(events),
    ), events


def _seated(state: State, cities: tuple[City, ...], events: list[Event], deal: Deal) -> State:
    """Every player is seated: the plug-ins seat their cities or open their step, else the
    Age I hands are dealt."""
    for p in active(state):
        cities = p.seat_others(state, cities, events)
    for p in active(state):
        got = p.after_wonder_pick(state, cities, events)
        if got is not None:
            return got
    n = state.players
    return tuple.__new__(
        State,
        (
            n,
            state.seed,
            1,
            1,
            PICK,
            deal(state, state.decks[0], 1),
            cities,
            (None,) * n,
            (),
            state.decks[1:],
            (),
            (),
            tuple(events),
            (),
            (),
        )
        + state[SLOT_START:],
    )


def _seat(
    state: State, picks: tuple[Move | None, ...]
) -> tuple[tuple[City, ...], set[int], list[Event]]:
    """Reveal this round's picks: seat each board's picker or the draw's winner among them."""
    wanted: dict[int, list[int]] = {}
    for i, c in enumerate(state.cities):
        pick = picks[i]
        if c.board < 0 and pick is not None:
            wanted.setdefault(pick.card, []).append(i)
    rng = _draw_rng(state)
    cities = list(state.cities)
    losers: set[int] = set()
    events: list[Event] = []
    for board in sorted(wanted):
        seats = wanted[board]
        winner = seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]
        pick = picks[winner]
        assert pick is not None
        cities[winner] = City(
            board=board, side=pick.left, stages=0, coins=3, built=(), tucked=(), tokens=()
        )
        name = f"{BOARDS[board].city} (side {'AB'[pick.left]})"
        if len(seats) > 1:
            others = [i for i in seats if i != winner]
            losers.update(others)
            listed = ", ".join(str(i) for i in seats)
            events.append(
                _ev(
                    "wonder_draw",
                    f"Seats {listed} picked {BOARDS[board].city}; the draw gave it to seat "
                    f"{winner}; the others pick again.",
                    None,
                    board=BOARDS[board].city,
                    seats=seats,
                    winner=winner,
                )
            )
        events.append(
            _ev("wonder_seated", f"Seat {winner} takes {name}.", None, seat=winner, board=name)
        )
    return tuple(cities), losers, events
