"""The follow-up choices of a turn (progress token, Great Library, destroy, Mausoleum) and the end
of a turn: next player, extra turn, end of an Age or of the game (rules.md §5, §6, §8, §10)."""

from __future__ import annotations

import random

from engine.common import Event, IllegalMove
from engine.duel import events as E
from engine.duel.data import BOARD, CARD_INDEX, CARDS, COLOR_MASK, TOKEN_INDEX, TOKENS
from engine.duel.effects import construct, gain_token
from engine.duel.events import REVEALS, ev
from engine.duel.move import Move
from engine.duel.moves import SLOTS, slots_of
from engine.duel.setup import ALL_SLOTS
from engine.duel.state import (
    DESTROY,
    F_ACCESS,
    F_AGAIN,
    F_AGE,
    F_BOARD,
    F_BOX,
    F_BUILT,
    F_DISCARD,
    F_FACE_UP,
    F_LAST,
    F_MASKS,
    F_OFFER,
    F_PAWN,
    F_PHASE,
    F_PLAYER,
    F_PYRAMID,
    F_RNG,
    F_RUIN,
    F_TAKEN,
    F_VICTORY,
    LIBRARY,
    OVER,
    PHASES,
    PLAY,
    START,
    TOKEN,
    Cells,
    put,
)

__all__ = ["ROMAN", "age_over", "ask", "end_turn", "follow_up", "key_of", "library"]

ROMAN = ("", "I", "II", "III")
_LIBRARY_DRAW = BOARD.setup.library_draw


def key_of(table: dict[str, int], key: str, what: str) -> int:
    """``table[key]``; an unknown key is an ``IllegalMove`` naming ``what`` it should be."""
    try:
        return table[key]
    except KeyError:
        raise IllegalMove(f"Unknown {what} {key!r}.") from None


def library(w: Cells, seat: int, events: list[Event]) -> bool:
    """The Great Library: draw tokens from the box (the engine's own seeded draw); True."""
    r = random.Random(w[F_RNG])
    box = list(w[F_BOX])
    r.shuffle(box)
    w[F_RNG] = r.getrandbits(63)
    w[F_OFFER] = tuple(box[:_LIBRARY_DRAW])
    w[F_BOX] = tuple(box[_LIBRARY_DRAW:])
    names = [_token_name(t) for t in w[F_OFFER]]
    events.append(
        ev(
            "library",
            f"You draw {', '.join(names)}.",
            seat,
            seat=seat,
            tokens=[_token_key(t) for t in w[F_OFFER]],
        )
    )
    return ask(w, LIBRARY, seat, events, "library")


def _token_name(t: int) -> str:
    return TOKENS[t].name


def _token_key(t: int) -> str:
    return TOKENS[t].key


def ask(w: Cells, phase: int, seat: int, events: list[Event], why: str) -> bool:
    """Wait for ``seat``'s follow-up choice of ``phase``; True."""
    w[F_PHASE] = phase
    w[F_PLAYER] = seat
    events.append(
        E.once(
            ("choose", phase, seat, why),
            lambda: ev(
                "choose",
                f"Seat {seat} must choose ({PHASES[phase]}).",
                seat=seat,
                phase=PHASES[phase],
                why=why,
            ),
        )
    )
    return True


def follow_up(w: Cells, seat: int, move: Move, events: list[Event]) -> None:
    """Resolve a token, destroy or revive choice, then end the turn."""
    phase = w[F_PHASE]
    if phase in (TOKEN, LIBRARY):
        t = key_of(TOKEN_INDEX, move.key, "progress token")
        pool = w[F_BOARD] if phase == TOKEN else w[F_OFFER]
        if t not in pool:
            where = "on the board" if phase == TOKEN else "among the tokens you drew"
            raise IllegalMove(f"{_token_name(t)} is not {where}.")
        if phase == TOKEN:
            w[F_BOARD] = tuple(x for x in w[F_BOARD] if x != t)
        else:  # the other two go back to the box, never to be drawn again (§10)
            w[F_BOX] = w[F_BOX] + tuple(x for x in w[F_OFFER] if x != t)
            w[F_OFFER] = ()
        gain_token(w, seat, t, events)
    elif phase == DESTROY:
        c = key_of(CARD_INDEX, move.key, "card")
        other = 1 - seat
        if not (w[F_MASKS][other] >> c & 1 and COLOR_MASK[w[F_RUIN]] >> c & 1):
            raise IllegalMove(f"Your opponent has no {CARDS[c].name} you may destroy.")
        put(w, F_MASKS, other, w[F_MASKS][other] & ~(1 << c))
        put(w, F_BUILT, other, tuple(x for x in w[F_BUILT][other] if x != c))
        w[F_DISCARD] += (c,)
        w[F_RUIN] = -1
        events.append(
            E.once(
                ("destroy", seat, c),
                lambda: ev(
                    "destroy",
                    f"Seat {seat} destroys {CARDS[c].name}.",
                    seat=seat,
                    card=CARDS[c].key,
                    victim=other,
                ),
            )
        )
    else:
        c = key_of(CARD_INDEX, move.key, "card")
        if c not in w[F_DISCARD]:
            raise IllegalMove(f"{CARDS[c].name} is not in the discard pile.")
        w[F_DISCARD] = tuple(x for x in w[F_DISCARD] if x != c)
        events.append(
            E.once(
                ("revive", seat, c),
                lambda: ev(
                    "revive",
                    f"Seat {seat} builds {CARDS[c].name} from the discard pile.",
                    seat=seat,
                    card=CARDS[c].key,
                ),
            )
        )
        if construct(w, seat, c, events):
            ask(w, TOKEN, seat, events, "pair")
            return
    end_turn(w, seat, events)


def end_turn(w: Cells, seat: int, events: list[Event]) -> None:
    """Reveal uncovered cards; then the next turn, a new Age (who starts?) or the end (§5, §6)."""
    if w[F_VICTORY]:
        w[F_PHASE], w[F_PLAYER] = OVER, -1
        return
    flips = w[F_ACCESS] & ~w[F_FACE_UP]
    if flips:
        w[F_FACE_UP] += flips  # (= |: no bit of flips is face up)
        pyramid = w[F_PYRAMID]
        try:  # (a dict subscript is specialised by the interpreter, a .get call is not)
            slots = SLOTS[flips]
        except KeyError:
            slots = slots_of(flips)
        for s in slots:
            e = REVEALS[s][pyramid[s]]  # made at import
            events.append(E.reveal(s, pyramid[s]) if e is None else e)
    if w[F_TAKEN] == ALL_SLOTS:
        age_over(w, events)
        return
    w[F_PHASE] = PLAY
    if w[F_AGAIN]:
        w[F_AGAIN] = False
        w[F_PLAYER] = seat
        events.append(E.again(seat))
    else:
        w[F_PLAYER] = 1 - seat


def age_over(w: Cells, events: list[Event]) -> None:
    """The pyramid is empty: the game's end after Age III, else who starts the next Age (§6)."""
    w[F_AGAIN] = False  # an extra turn is lost when the Age ends (§6)
    age = w[F_AGE]
    if age == 3:
        w[F_PHASE], w[F_PLAYER], w[F_VICTORY] = OVER, -1, 1
        events.append(
            E.once(
                ("end",),
                lambda: ev("end", "Age III is over: civilian scoring.", victory="civilian"),
            )
        )
        return
    pawn = w[F_PAWN]
    chooser = 1 if pawn > 0 else 0 if pawn < 0 else w[F_LAST]
    w[F_PHASE], w[F_PLAYER] = START, chooser
    events.append(
        E.once(
            ("age_end", age, chooser),
            lambda: ev(
                "age_end",
                f"Age {ROMAN[age]} is over; seat {chooser} chooses who begins the next Age.",
                age=age,
                chooser=chooser,
            ),
        )
    )
