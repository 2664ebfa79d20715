"""``apply``: validate a move and resolve it with everything it triggers (rules.md §3–§8, §10)."""

from __future__ import annotations

import random

from engine.common import Event, IllegalMove
from engine.duel import events as E
from engine.duel.costs import build_price, wonder_price
from engine.duel.data import (
    BOARD,
    CARD_INDEX,
    CARDS,
    COLOR_MASK,
    COLORS,
    FREE_MASK,
    LAYOUTS,
    TOKEN_INDEX,
    TOKENS,
    WONDER_INDEX,
    WONDERS,
)
from engine.duel.effects import THEOLOGY, URBANISM, YELLOW, construct, gain_token, military, pay
from engine.duel.events import ev
from engine.duel.move import Move
from engine.duel.moves import draft_offer
from engine.duel.setup import ALL_SLOTS, draft_picker, open_age
from engine.duel.state import (
    DESTROY,
    DRAFT,
    LIBRARY,
    MAUSOLEUM,
    OUT,
    OVER,
    PHASES,
    PLAY,
    START,
    TOKEN,
    State,
    Work,
)

__all__ = ["apply"]

# Field indices of State / Work for the hot paths (index access beats the named properties).
_I = State._fields.index
_PHASE, _PLAYER, _AGE, _PYRAMID = _I("phase"), _I("player"), _I("age"), _I("pyramid")
_TAKEN, _FACE_UP, _ACCESS, _DISCARD = _I("taken"), _I("face_up"), _I("access"), _I("discard")
_COINS, _MASKS, _TOKENS, _AGAIN = _I("coins"), _I("masks"), _I("tokens"), _I("again")
_LAST, _VICTORY, _EVENTS = _I("last"), _I("victory"), _I("events")

_ROMAN = ("", "I", "II", "III")
_DISCARD_BASE = BOARD.discard_coins["base"]
_DISCARD_PER = BOARD.discard_coins["per_yellow"]
_MAX_WONDERS = BOARD.setup.max_wonders_built
_LIBRARY_DRAW = BOARD.setup.library_draw
_YELLOW_MASK = COLOR_MASK[YELLOW]
_PLAY_ACTIONS = frozenset({"build", "discard", "wonder"})
_PHASE_ACTIONS: dict[int, frozenset[str]] = {
    DRAFT: frozenset({"pick"}), PLAY: _PLAY_ACTIONS, TOKEN: frozenset({"token"}),
    LIBRARY: frozenset({"token"}), DESTROY: frozenset({"destroy"}),
    MAUSOLEUM: frozenset({"revive"}), START: frozenset({"start"}),
}


def apply(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Return the new state and the events; raises ``IllegalMove`` with a readable reason."""
    phase = state.phase
    if phase == OVER:
        raise IllegalMove("The game is over.")
    if seat != state.player:
        raise IllegalMove("It is not your turn.")
    if move.action not in _PHASE_ACTIONS[phase]:
        raise IllegalMove(f"You cannot {move.action} now: the game waits for a "
                          f"{PHASES[phase]} move.")
    w = Work(state)
    events: list[Event] = []
    if phase == PLAY:
        _play(w, seat, move, events)
    elif phase == DRAFT:
        _pick(w, seat, move, events)
    elif phase == START:
        _start(w, seat, move, events)
    else:
        _follow_up(w, seat, move, events)
    w[_EVENTS] = tuple(events)
    return tuple.__new__(State, w), events


def _key(table: dict[str, int], key: str, what: str) -> int:
    try:
        return table[key]
    except KeyError:
        raise IllegalMove(f"Unknown {what} {key!r}.") from None


def _pick(w: Work, seat: int, move: Move, events: list[Event]) -> None:
    x = _key(WONDER_INDEX, move.key, "wonder")
    if x not in draft_offer(w.draft):
        raise IllegalMove(f"{WONDERS[x].name} is not on offer in the draft.")
    _take_wonder(w, seat, x, events)
    if len(w.draft) % 4 == 1:  # the round's last wonder goes to the last picker (§1.2)
        _take_wonder(w, draft_picker(w.first, 8 - len(w.draft)), w.draft[0], events)
    if w.draft:
        w.player = draft_picker(w.first, 8 - len(w.draft))
        return
    open_age(w, 1, w.first)
    events.append(ev("age", "Age I begins.", age=1, starter=w.first))


def _take_wonder(w: Work, seat: int, x: int, events: list[Event]) -> None:
    w.draft = tuple(d for d in w.draft if d != x)
    pair = list(w.wonders)
    pair[seat] = pair[seat] + (x,)
    w.wonders = (pair[0], pair[1])
    events.append(E.pick(seat, x))


def _start(w: Work, seat: int, move: Move, events: list[Event]) -> None:
    starter = int(move.key)
    age = w.age + 1
    open_age(w, age, starter)
    events.append(ev("age", f"Seat {seat} lets seat {starter} begin Age {_ROMAN[age]}.",
                     seat=seat, age=age, starter=starter))


# Per Age and slot: (bit, covering mask) of each slot it covers, for the accessibility update.
_FREES: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {
    age: tuple(tuple((1 << u, lay.covered_by[u]) for u in lay.under[s]) for s in range(20))
    for age, lay in LAYOUTS.items()}


def _take(w: Work, seat: int, slot: int) -> int:
    """Remove the (accessible) card of ``slot`` from the pyramid; update what is accessible."""
    bit = 1 << slot
    taken = w[_TAKEN] | bit
    w[_TAKEN] = taken
    access = w[_ACCESS] & ~bit
    for ubit, cover in _FREES[w[_AGE]][slot]:
        if not cover & ~taken:
            access |= ubit
    w[_ACCESS] = access
    w[_LAST] = seat
    card: int = w[_PYRAMID][slot]
    return card


def _play(w: Work, seat: int, move: Move, events: list[Event]) -> None:
    # Hot path: fields are read and written by index (Work's named properties cost more).
    slot = move.slot
    if not 0 <= slot < 20:
        raise IllegalMove(f"There is no pyramid index {slot}.")
    if not w[_ACCESS] >> slot & 1:
        what = "already taken" if w[_TAKEN] >> slot & 1 else "covered by other cards"
        raise IllegalMove(f"The card at index {slot} is {what}.")
    action = move.action
    if action == "discard":
        card = _take(w, seat, slot)
        gain = _DISCARD_BASE + _DISCARD_PER * (w[_MASKS][seat] & _YELLOW_MASK).bit_count()
        c = w[_COINS]
        w[_COINS] = (c[0] + gain, c[1]) if seat == 0 else (c[0], c[1] + gain)
        w[_DISCARD] += (card,)
        events.append(E.discard(seat, card, slot, gain))
    elif action == "build":
        card = w[_PYRAMID][slot]
        free = bool(FREE_MASK[card] & w[_MASKS][seat])
        total, trade = build_price(w, seat, card)
        if total > w[_COINS][seat]:
            raise IllegalMove(f"You cannot afford {CARDS[card].name}: it costs {total} coins "
                              f"and you have {w[_COINS][seat]}.")
        _take(w, seat, slot)
        if total:
            pay(w, seat, total, trade, events)
        events.append(E.build(seat, card, slot, total, free))
        if free and w[_TOKENS][seat] & URBANISM:
            w.gain(seat, 4)
            events.append(ev("coins", f"Seat {seat} takes 4 coins (Urbanism).", seat=seat,
                             coins=4))
        if construct(w, seat, card, events):
            _ask(w, TOKEN, seat, events, "pair")
            return
    elif _wonder(w, seat, slot, move.key, events):
        return
    _end_turn(w, seat, events)


def _wonder(w: Work, seat: int, slot: int, key: str, events: list[Event]) -> bool:
    """Build a Wonder with the card of ``slot``; True when a follow-up choice is pending."""
    x = _key(WONDER_INDEX, key, "wonder")
    wd = WONDERS[x]
    if x not in w.wonders[seat]:
        raise IllegalMove(f"{wd.name} is not one of your wonders.")
    if w.wage[x]:
        gone = "out of the game" if w.wage[x] == OUT else "already built"
        raise IllegalMove(f"{wd.name} is {gone}.")
    if w.nbuilt >= _MAX_WONDERS:
        raise IllegalMove("Seven wonders are already built.")
    total = wonder_price(w, seat, x)
    if total > w.coins[seat]:
        raise IllegalMove(f"You cannot afford {wd.name}: it costs {total} coins and you have "
                          f"{w.coins[seat]}.")
    card = _take(w, seat, slot)
    pay(w, seat, total, total, events)
    w.put("tucked", seat, w.tucked[seat] + (card,))
    wage = list(w.wage)
    wage[x] = w.age
    w.nbuilt += 1
    events.append(E.wonder(seat, x, slot, total))
    if w.nbuilt == _MAX_WONDERS:
        for y in w.wonders[0] + w.wonders[1]:
            if wage[y] == 0:
                wage[y] = OUT
                events.append(ev("wonder_out", f"{WONDERS[y].name} leaves the game.",
                                 wonder=WONDERS[y].key))
    w.wage = tuple(wage)
    other = 1 - seat
    if wd.coins:
        w.gain(seat, wd.coins)
        events.append(E.coins(seat, wd.coins))
    if wd.opponent_loses:
        lost = min(wd.opponent_loses, w.coins[other])
        w.gain(other, -lost)
        events.append(ev("lose", f"Seat {other} loses {lost} coins.", seat=other, coins=lost))
    w.again = wd.play_again or bool(w.tokens[seat] & THEOLOGY)
    if wd.shields:
        military(w, seat, wd.shields, events)
        if w.victory:
            return False
    if wd.destroy >= 0 and w.masks[other] & COLOR_MASK[wd.destroy]:
        w.ruin = wd.destroy
        return _ask(w, DESTROY, seat, events, COLORS[wd.destroy])
    if wd.library and w.box:  # the box always holds 5 in a real game; positions may differ
        return _library(w, seat, events)
    if wd.from_discard and w.discard:
        return _ask(w, MAUSOLEUM, seat, events, "discard")
    return False


def _library(w: Work, seat: int, events: list[Event]) -> bool:
    r = random.Random(w.rng)
    box = list(w.box)
    r.shuffle(box)
    w.rng = r.getrandbits(63)
    w.offer = tuple(box[:_LIBRARY_DRAW])
    w.box = tuple(box[_LIBRARY_DRAW:])
    names = [_token_name(t) for t in w.offer]
    events.append(ev("library", f"You draw {', '.join(names)}.", seat, seat=seat,
                     tokens=[_token_key(t) for t in w.offer]))
    return _ask(w, LIBRARY, seat, events, "library")


def _token_name(t: int) -> str:
    return TOKENS[t].name


def _token_key(t: int) -> str:
    return TOKENS[t].key


def _ask(w: Work, phase: int, seat: int, events: list[Event], why: str) -> bool:
    w.phase = phase
    w.player = seat
    events.append(ev("choose", f"Seat {seat} must choose ({PHASES[phase]}).", seat=seat,
                     phase=PHASES[phase], why=why))
    return True


def _follow_up(w: Work, seat: int, move: Move, events: list[Event]) -> None:
    phase = w.phase
    if phase in (TOKEN, LIBRARY):
        t = _key(TOKEN_INDEX, move.key, "progress token")
        pool = w.board if phase == TOKEN else w.offer
        if t not in pool:
            where = "on the board" if phase == TOKEN else "among the tokens you drew"
            raise IllegalMove(f"{_token_name(t)} is not {where}.")
        if phase == TOKEN:
            w.board = tuple(x for x in w.board if x != t)
        else:  # the other two go back to the box, never to be drawn again (§10)
            w.box = w.box + tuple(x for x in w.offer if x != t)
            w.offer = ()
        gain_token(w, seat, t, events)
    elif phase == DESTROY:
        c = _key(CARD_INDEX, move.key, "card")
        other = 1 - seat
        if not (w.masks[other] >> c & 1 and COLOR_MASK[w.ruin] >> c & 1):
            raise IllegalMove(f"Your opponent has no {CARDS[c].name} you may destroy.")
        w.put("masks", other, w.masks[other] & ~(1 << c))
        w.put("built", other, tuple(x for x in w.built[other] if x != c))
        w.discard += (c,)
        w.ruin = -1
        events.append(ev("destroy", f"Seat {seat} destroys {CARDS[c].name}.", seat=seat,
                         card=CARDS[c].key, victim=other))
    else:
        c = _key(CARD_INDEX, move.key, "card")
        if c not in w.discard:
            raise IllegalMove(f"{CARDS[c].name} is not in the discard pile.")
        w.discard = tuple(x for x in w.discard if x != c)
        events.append(ev("revive", f"Seat {seat} builds {CARDS[c].name} from the discard pile.",
                         seat=seat, card=CARDS[c].key))
        if construct(w, seat, c, events):
            _ask(w, TOKEN, seat, events, "pair")
            return
    _end_turn(w, seat, events)


def _end_turn(w: Work, seat: int, events: list[Event]) -> None:
    """Reveal uncovered cards; then the next turn, a new Age (who starts?) or the end (§5, §6)."""
    if w[_VICTORY]:
        w.phase, w.player = OVER, -1
        return
    flips = w[_ACCESS] & ~w[_FACE_UP]
    if flips:
        w[_FACE_UP] |= flips
        pyramid = w[_PYRAMID]
        while flips:
            low = flips & -flips
            flips ^= low
            s = low.bit_length() - 1
            events.append(E.reveal(s, pyramid[s]))
    if w[_TAKEN] == ALL_SLOTS:
        w.again = False  # an extra turn is lost when the Age ends (§6)
        if w.age == 3:
            w.phase, w.player, w.victory = OVER, -1, 1
            events.append(ev("end", "Age III is over: civilian scoring.", victory="civilian"))
            return
        chooser = 1 if w.pawn > 0 else 0 if w.pawn < 0 else w.last
        w.phase, w.player = START, chooser
        events.append(ev("age_end", f"Age {_ROMAN[w.age]} is over; seat {chooser} chooses who "
                         "begins the next Age.", age=w.age, chooser=chooser))
        return
    w[_PHASE] = PLAY
    if w[_AGAIN]:
        w[_AGAIN] = False
        w[_PLAYER] = seat
        events.append(E.again(seat))
    else:
        w[_PLAYER] = 1 - seat
