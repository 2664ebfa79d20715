"""``apply``: validate a move and resolve it with everything it triggers (rules.md §3–§8, §10)."""

from __future__ import annotations

from engine import wording
from engine.common import Event, IllegalMove
from engine.duel import events as E
from engine.duel.costs import WONDER_CID, price_base, solve_at
from engine.duel.data import (
    BOARD,
    CARDS,
    COLOR_MASK,
    COLORS,
    LAYOUTS,
    WONDER_INDEX,
    WONDERS,
)
from engine.duel.effects import (
    CARD_BIT,
    ECONOMY,
    ONE_CARD,
    PLAIN_MASK,
    THEOLOGY,
    URBANISM,
    YELLOW,
    construct,
    military,
    pay,
)
from engine.duel.events import BUILDS, COIN_ROWS, DISCARDS, WONDER_BUILDS, ev, lose_text
from engine.duel.followups import ROMAN, ask, end_turn, follow_up, key_of, library
from engine.duel.move import Move
from engine.duel.moves import LAST_ROW, TABLE_OF, WONDER_REBATE_OF, draft_offer
from engine.duel.setup import draft_picker, open_age
from engine.duel.state import (
    DESTROY,
    DRAFT,
    F_ACCESS,
    F_AGAIN,
    F_AGE,
    F_BOX,
    F_BUILT,
    F_COINS,
    F_DISCARD,
    F_DRAFT,
    F_EVENTS,
    F_FIRST,
    F_LAST,
    F_MASKS,
    F_NBUILT,
    F_PHASE,
    F_PLAYER,
    F_PYRAMID,
    F_RUIN,
    F_TAKEN,
    F_TOKENS,
    F_TUCKED,
    F_VICTORY,
    F_WAGE,
    F_WONDERS,
    LAST,
    LIBRARY,
    MAUSOLEUM,
    OUT,
    OVER,
    PHASES,
    PLAY,
    START,
    TOKEN,
    Cells,
    State,
    add_coins,
    publish,
)

__all__ = ["apply"]

_tuple_new = tuple.__new__
# Bit of each pyramid slot (a table lookup; ``|``, ``<<`` and ``&`` are not specialised by the
# interpreter, ``+`` on ints is: a slot taken here was not taken before, so ``+`` is ``|``).
_BIT: tuple[int, ...] = tuple(1 << s for s in range(20))
_PLAIN: tuple[bool, ...] = tuple(bool(PLAIN_MASK >> c & 1) for c in range(len(CARDS)))
_DISCARD_BASE = BOARD.discard_coins["base"]
_DISCARD_PER = BOARD.discard_coins["per_yellow"]
_MAX_WONDERS = BOARD.setup.max_wonders_built
_YELLOW_MASK = COLOR_MASK[YELLOW]
assert _DISCARD_BASE + _DISCARD_PER * _YELLOW_MASK.bit_count() < COIN_ROWS  # DISCARDS rows
_PLAY_ACTIONS = frozenset({"build", "discard", "wonder"})
_PHASE_ACTIONS: dict[int, frozenset[str]] = {
    DRAFT: frozenset({"pick"}),
    PLAY: _PLAY_ACTIONS,
    TOKEN: frozenset({"token"}),
    LIBRARY: frozenset({"token"}),
    DESTROY: frozenset({"destroy"}),
    MAUSOLEUM: frozenset({"revive"}),
    START: frozenset({"start"}),
}


def _other(w: Cells, seat: int, move: Move) -> tuple[State, list[Event]]:
    """``apply`` of every move but a pyramid card's (or an illegal one); ``w``: the state's
    copy."""
    phase = w[F_PHASE]
    if phase == OVER:
        raise IllegalMove("The game is over.")
    if seat != w[F_PLAYER]:
        raise IllegalMove("It is not your turn.")
    if move.action not in _PHASE_ACTIONS[phase]:
        raise IllegalMove(
            f"You cannot {move.action} now: the game waits for a {PHASES[phase]} move."
        )
    events: list[Event] = []
    if phase == DRAFT:
        _pick(w, seat, move, events)
    elif phase == START:
        _start(w, seat, move, events)
    else:
        follow_up(w, seat, move, events)
    w[F_EVENTS] = tuple(events)
    return publish(w), events


def _pick(w: Cells, seat: int, move: Move, events: list[Event]) -> None:
    x = key_of(WONDER_INDEX, move.key, "wonder")
    if x not in draft_offer(w[F_DRAFT]):
        raise IllegalMove(f"{WONDERS[x].name} is not on offer in the draft.")
    _take_wonder(w, seat, x, events)
    if len(w[F_DRAFT]) % 4 == 1:  # the round's last wonder goes to the last picker (§1.2)
        _take_wonder(w, draft_picker(w[F_FIRST], 8 - len(w[F_DRAFT])), w[F_DRAFT][0], events)
    if w[F_DRAFT]:
        w[F_PLAYER] = draft_picker(w[F_FIRST], 8 - len(w[F_DRAFT]))
        return
    open_age(w, 1, w[F_FIRST])
    first = w[F_FIRST]
    events.append(E.once(("age", first), lambda: ev("age", "Age I begins.", age=1, starter=first)))


def _take_wonder(w: Cells, seat: int, x: int, events: list[Event]) -> None:
    draft = w[F_DRAFT]  # x is on offer, once
    i = draft.index(x)
    w[F_DRAFT] = draft[:i] + draft[i + 1 :]
    ws = w[F_WONDERS]
    w[F_WONDERS] = (ws[0] + (x,), ws[1]) if seat == 0 else (ws[0], ws[1] + (x,))
    events.append(E.pick(seat, x))


def _start(w: Cells, seat: int, move: Move, events: list[Event]) -> None:
    starter = int(move.key)
    age = w[F_AGE] + 1
    open_age(w, age, starter)
    who = "chooses to begin" if starter == seat else f"lets Seat {starter} begin"
    events.append(
        E.once(
            ("age", seat, starter, age),
            lambda: ev(
                "age", f"Seat {seat} {who} Age {ROMAN[age]}.", seat=seat, age=age, starter=starter
            ),
        )
    )


# Per Age: taken-slots mask -> accessible-slots mask (a function of the taken slots alone:
# a slot is accessible when it is not taken and every slot covering it is). Filled on demand;
# a layout has a few thousand reachable masks.
_ACCESS: dict[int, dict[int, int]] = {age: {} for age in LAYOUTS}
_COVERS: dict[int, tuple[tuple[int, int], ...]] = {
    age: tuple((1 << s, lay.covered_by[s]) for s in range(20)) for age, lay in LAYOUTS.items()
}


def _access(age: int, taken: int) -> int:
    access = 0
    for bit, cover in _COVERS[age]:
        if not bit & taken and not cover & ~taken:
            access |= bit
    _ACCESS[age][taken] = access
    return access


def apply(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Return the new state and the events; raises ``IllegalMove`` with a readable reason."""
    # ``state`` is the input (prices are read there), ``w`` its copy being changed (an
    # IllegalMove drops it); the checks read the copy: a list subscript is far cheaper than a
    # State field. The new State is frozen inline and remembered (= state.publish).
    last = LAST[0]
    w: Cells = [*last[1]] if last[0] is state else [*state]
    action = move.action
    if w[F_PHASE] != PLAY or seat != w[F_PLAYER] or action not in _PLAY_ACTIONS:
        return _other(w, seat, move)
    # Hot path: a pyramid card, taken first.
    slot = move.slot
    if not 0 <= slot < 20:
        raise IllegalMove(f"There is no pyramid index {slot}.")
    if not w[F_ACCESS] & _BIT[slot]:
        what = "already taken" if w[F_TAKEN] >> slot & 1 else "covered by other cards"
        raise IllegalMove(f"The card at index {slot} is {what}.")
    events: list[Event] = []
    taken = w[F_TAKEN] = w[F_TAKEN] + _BIT[slot]  # take the card; uncover what it covered (§2)
    try:  # (a dict subscript is specialised by the interpreter, a .get call is not)
        w[F_ACCESS] = _ACCESS[w[F_AGE]][taken]
    except KeyError:
        w[F_ACCESS] = _access(w[F_AGE], taken)
    w[F_LAST] = seat
    card = w[F_PYRAMID][slot]
    if action == "discard":
        gain = _DISCARD_BASE + _DISCARD_PER * (w[F_MASKS][seat] & _YELLOW_MASK).bit_count()
        c = w[F_COINS]
        w[F_COINS] = (c[0] + gain, c[1]) if seat == 0 else (c[0], c[1] + gain)
        w[F_DISCARD] += ONE_CARD[card]
        e = DISCARDS[gain * 2 + seat][card]  # (a discard gains < COIN_ROWS coins)
        events.append(E.discard(seat, card, gain) if e is None else e)
    elif action == "build":
        if not _build(state, w, seat, slot, card, events):
            w[F_EVENTS] = tuple(events)
            s = LAST[0] = _tuple_new(State, w), w
            return s[0], events
    elif _wonder(state, w, seat, card, slot, move.key, events):
        w[F_EVENTS] = tuple(events)
        s = LAST[0] = _tuple_new(State, w), w
        return s[0], events
    end_turn(w, seat, events)
    w[F_EVENTS] = tuple(events)
    s = LAST[0] = _tuple_new(State, w), w
    return s[0], events


def _build(state: State, w: Cells, seat: int, slot: int, card: int, events: list[Event]) -> bool:
    """Build the taken ``card``; False when a follow-up choice (a progress token) is pending."""
    masks = w[F_MASKS]
    tokens = w[F_TOKENS][seat]
    chain, total, cid = TABLE_OF[tokens][card]
    free = 1 if chain and chain & masks[seat] else 0
    trade = 0
    if free:
        total = 0
    elif cid:  # costs.build_price, inline (the row is usually known from legal_moves)
        last = LAST_ROW[0]
        row = last[1] if last[0] is state else price_base(state, seat)
        trade = row[cid]
        if trade < 0:
            trade = solve_at(row, cid)
        total += trade
    coins = w[F_COINS]
    if total > coins[seat]:
        raise IllegalMove(
            f"You cannot afford {CARDS[card].name}: it costs {wording.coins(total)} "
            f"and you have {wording.coins(coins[seat])}."
        )
    if total:
        if trade and w[F_TOKENS][1 - seat] & ECONOMY:
            pay(w, seat, total, trade, events)
        else:
            w[F_COINS] = (coins[0] - total, coins[1]) if seat == 0 else (coins[0], coins[1] - total)
    e = BUILDS[(total * 2 + free) * 2 + seat][card] if total < COIN_ROWS else None
    events.append(E.build(seat, card, total, bool(free)) if e is None else e)
    if free and tokens & URBANISM:
        add_coins(w, seat, 4)
        events.append(ev("coins", f"Seat {seat} takes 4 coins (Urbanism).", seat=seat, coins=4))
    if _PLAIN[card]:  # effects.construct without effects: add the card
        bit = CARD_BIT[card]  # (+ is |: a card is built once)
        built = w[F_BUILT]
        one = ONE_CARD[card]
        if seat == 0:
            w[F_MASKS], w[F_BUILT] = (masks[0] + bit, masks[1]), (built[0] + one, built[1])
        else:
            w[F_MASKS], w[F_BUILT] = (masks[0], masks[1] + bit), (built[0], built[1] + one)
        return True
    if construct(w, seat, card, events):
        ask(w, TOKEN, seat, events, "pair")
        return False
    return True


def _wonder(
    state: State, w: Cells, seat: int, card: int, slot: int, key: str, events: list[Event]
) -> bool:
    """Build a Wonder with the card of ``slot``; True when a follow-up choice is pending."""
    x = WONDER_INDEX.get(key)
    if x is None:
        raise IllegalMove(f"Unknown wonder {key!r}.")
    wage = w[F_WAGE]
    if x not in w[F_WONDERS][seat]:
        raise IllegalMove(f"{WONDERS[x].name} is not one of your wonders.")
    if wage[x]:
        gone = "out of the game" if wage[x] == OUT else "already built"
        raise IllegalMove(f"{WONDERS[x].name} is {gone}.")
    if w[F_NBUILT] >= _MAX_WONDERS:
        raise IllegalMove("Seven wonders are already built.")
    last = LAST_ROW[0]
    i = WONDER_CID[x] + WONDER_REBATE_OF[w[F_TOKENS][seat]]
    row = last[1] if last[0] is state else price_base(state, seat)
    total = row[i]
    if total < 0:
        total = solve_at(row, i)  # = costs.wonder_price
    coins = w[F_COINS]
    if total > coins[seat]:
        raise IllegalMove(
            f"You cannot afford {WONDERS[x].name}: it costs {wording.coins(total)} "
            f"and you have {wording.coins(coins[seat])}."
        )
    pay(w, seat, total, total, events)  # all of a Wonder's price is trading
    tucked = w[F_TUCKED]
    one = ONE_CARD[card]
    w[F_TUCKED] = (tucked[0] + one, tucked[1]) if seat == 0 else (tucked[0], tucked[1] + one)
    nbuilt = w[F_NBUILT] = w[F_NBUILT] + 1
    e = WONDER_BUILDS[total * 2 + seat][x] if total < COIN_ROWS else None
    events.append(E.wonder(seat, x, total) if e is None else e)
    if nbuilt < _MAX_WONDERS:
        w[F_WAGE] = wage[:x] + (w[F_AGE],) + wage[x + 1 :]
    else:
        _seventh(w, x, events)
    return _wonder_effects(w, seat, x, events)


def _seventh(w: Cells, x: int, events: list[Event]) -> None:
    """The 7th Wonder is built (now ``x``): every unbuilt one leaves the game (rules.md §8)."""
    wage = list(w[F_WAGE])
    wage[x] = w[F_AGE]
    for y in w[F_WONDERS][0] + w[F_WONDERS][1]:
        if wage[y] == 0:
            wage[y] = OUT
            events.append(_wonder_out(y))
    w[F_WAGE] = tuple(wage)


def _wonder_effects(w: Cells, seat: int, x: int, events: list[Event]) -> bool:
    """What the Wonder ``x`` just built does; True when a follow-up choice is pending."""
    wd = WONDERS[x]
    other = 1 - seat
    if wd.coins:
        add_coins(w, seat, wd.coins)
        events.append(E.coins(seat, wd.coins))
    if wd.opponent_loses:
        lost = min(wd.opponent_loses, w[F_COINS][other])
        add_coins(w, other, -lost)
        events.append(
            E.once(
                ("lose", other, lost),
                lambda: ev("lose", lose_text(other, lost, ""), seat=other, coins=lost),
            )
        )
    w[F_AGAIN] = wd.play_again or bool(w[F_TOKENS][seat] & THEOLOGY)
    if wd.shields:
        military(w, seat, wd.shields, events)
        if w[F_VICTORY]:
            return False
    if wd.destroy >= 0 and w[F_MASKS][other] & COLOR_MASK[wd.destroy]:
        w[F_RUIN] = wd.destroy
        return ask(w, DESTROY, seat, events, COLORS[wd.destroy])
    if wd.library and w[F_BOX]:  # the box always holds 5 in a real game; positions may differ
        return library(w, seat, events)
    if wd.from_discard and w[F_DISCARD]:
        return ask(w, MAUSOLEUM, seat, events, "discard")
    return False


def _wonder_out(y: int) -> Event:
    return E.once(
        ("wonder_out", y),
        lambda: ev("wonder_out", f"{WONDERS[y].name} leaves the game.", wonder=WONDERS[y].key),
    )
