"""The 2-player game with the Free City (rules and sources: docs/two-players.md).

Seats 0 and 1 are the players and seat 2 the neutral Free City (``State.free_city == 1``): three
cities in a ring, so trade, conflicts and guilds work as in a 3-player game. ``hands[2]`` is the
Free City's draw pile, kept in shuffled order (its top card is ``hands[2][0]``). Each turn the
controller (the holder of the Free City card) has the top card of the pile in their hand and
makes two picks: their own card, then the Free City's (stored in ``picks[2]``). The other
player's single pick is simultaneous. A Halikarnassos build owed to the Free City is made by
that turn's controller.
"""

from __future__ import annotations

from engine.classic.data import NAME_ID
from engine.classic.state import CHOOSE, HALI, OVER, PICK, Move, State
from engine.common import Event, IllegalMove

__all__ = [
    "FREE_CITY",
    "acting",
    "actor",
    "controller",
    "deal_age",
    "free_city_hand",
    "free_city_moves",
    "validate",
]

FREE_CITY = 2


def controller(age: int, turn: int) -> int:
    """Holder of the Free City card: Age I and III start with the player to the Free City's
    left (seat 1, ``left_of(2)``), Age II with the one to its right (seat 0); it alternates
    every turn because it travels with the swapped hands."""
    first = 0 if age == 2 else 1
    return first if turn % 2 == 1 else 1 - first


def deal_age(deck: tuple[int, ...] | list[int], age: int) -> tuple[tuple[int, ...], ...]:
    """Two 7-card hands and the 7-card draw pile, with the first controller's draw made."""
    hands = (tuple(sorted(deck[0:7])), tuple(sorted(deck[7:14])), tuple(deck[14:21]))
    return draw(hands, controller(age, 1))


def draw(hands: tuple[tuple[int, ...], ...], seat: int) -> tuple[tuple[int, ...], ...]:
    """The controller takes the top card of the Free City's draw pile into their hand."""
    pile = hands[FREE_CITY]
    got = list(hands)
    got[seat] = tuple(sorted(hands[seat] + pile[:1]))
    got[FREE_CITY] = pile[1:]
    return tuple(got)


def picking_for_free_city(state: State, seat: int) -> bool:
    """Whether ``seat`` now picks the Free City's card (its own pick is in)."""
    return (
        state.phase == PICK
        and seat == controller(state.age, state.turn)
        and state.picks[seat] is not None
        and state.picks[FREE_CITY] is None
    )


def acting(state: State) -> frozenset[int]:
    if state.phase == OVER:
        return frozenset()
    if state.phase == CHOOSE:  # the wonder pick: the players only
        return frozenset(i for i in (0, 1) if state.picks[i] is None)
    if state.phase == PICK:
        out = {i for i in (0, 1) if state.picks[i] is None}
        c = controller(state.age, state.turn)
        if state.picks[c] is not None and state.picks[FREE_CITY] is None:
            out.add(c)
        return frozenset(out)
    return frozenset(actor(state, s) for s in state.pending[:1])


def actor(state: State, seat: int) -> int:
    """The player who acts for ``seat`` (the controller for the Free City)."""
    return controller(state.age, state.turn) if seat == FREE_CITY else seat


def free_city_hand(state: State) -> tuple[int, ...]:
    """The controller's hand without their own pick: what the Free City's card comes from."""
    c = controller(state.age, state.turn)
    own = state.picks[c]
    hand = state.hands[c]
    if own is None:
        return hand
    for i, cid in enumerate(hand):
        if NAME_ID[cid] == own.card:
            return hand[:i] + hand[i + 1 :]
    return hand


def free_city_moves(state: State, seat: int) -> list[Move] | None:
    """The Free City's legal moves when ``seat`` acts for it now, else None. The Free City may
    discard only when it can neither build the card nor a stage; a card it can build free by a
    chain must be built that way (no stage, no discard with it)."""
    from engine.classic.moves import _legal, chain_free  # moves imports this module
    from engine.classic.stats import city_stats

    if picking_for_free_city(state, seat):
        hands = list(state.hands)
        hand = hands[FREE_CITY] = free_city_hand(state)
        moves = _legal(state._replace(hands=tuple(hands)), FREE_CITY)
        st = city_stats(state.cities[FREE_CITY])
        chained = {NAME_ID[c] for c in hand if chain_free(st, c) and not st.names >> NAME_ID[c] & 1}
        moves = [m for m in moves if m.card not in chained or m.action == "build"]
    elif (
        state.phase == HALI
        and state.pending[:1] == (FREE_CITY,)
        and seat == controller(state.age, state.turn)
    ):
        return _legal(state, FREE_CITY)
    else:
        return None
    played = [m for m in moves if m.action != "discard"]
    return played or moves


def validate(state: State, seat: int, move: Move) -> int | None:
    """The card id a Free City move uses, or None when ``seat`` is not acting for it now."""
    moves = free_city_moves(state, seat)
    if moves is None:
        return None
    if move in moves:
        cards = state.discard if state.phase == HALI else free_city_hand(state)
        return next(cid for cid in cards if NAME_ID[cid] == move.card)
    if move.action == "discard" and any(m.card == move.card for m in moves):
        raise IllegalMove(
            "The Free City may discard only when it can neither build the card nor a wonder "
            "stage; build it or use it for the Free City's wonder."
        )
    options = ", ".join(str(m) for m in moves[:8])
    raise IllegalMove(f"Not a legal move for the Free City: {move}. It may play {options}.")


def pick_events(state: State, seat: int, move: Move) -> list[Event]:
    """The controller's private record of the Free City's pick and the public notice."""
    return [
        Event(
            kind="pick",
            text=f"You chose for the Free City: {move}",
            visible_to=frozenset({seat}),
            data={"seat": FREE_CITY, "move": str(move), "by": seat},
        ),
        Event(
            kind="picked",
            text="The Free City's card is chosen.",
            data={"seat": FREE_CITY, "by": seat},
        ),
    ]


def with_free_city_card(state: State) -> State:
    """Before the reveal: the Free City's card leaves the controller's hand for the Free City's
    (put first, so the resolution takes that very card)."""
    pick = state.picks[FREE_CITY]
    assert pick is not None
    c = controller(state.age, state.turn)
    hand = state.hands[c]
    # Names are unique within an Age of the 3-player card set, so this is the Free City's card
    # and the controller's own card stays in their hand for the resolution.
    i = next(i for i, cid in enumerate(hand) if NAME_ID[cid] == pick.card)
    hands = list(state.hands)
    hands[c] = hand[:i] + hand[i + 1 :]
    hands[FREE_CITY] = (hand[i],) + state.hands[FREE_CITY]
    return state._replace(hands=tuple(hands))


def swap_and_draw(
    hands: tuple[tuple[int, ...], ...], age: int, turn: int
) -> tuple[tuple[int, ...], ...]:
    """The players take the cards on the other side of the Border; the next controller draws."""
    return draw((hands[1], hands[0], hands[FREE_CITY]), controller(age, turn))
