"""The immutable Duel state (a NamedTuple of small ints, bit masks and tuples: cheap to copy).

``apply`` never edits a :class:`State`; it copies the fields into a plain list
(``list(state)``), changes that by field index (``F_*``) and freezes it back (:func:`freeze`).
:class:`Work` is the same copy with a named property per field, for code where speed does not
matter (tests building positions). Card, wonder and token ids are the indices
of ``engine.duel.data``; a city's built cards are both an ordered tuple (for views) and a bit
mask (for the rules).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any, NamedTuple, Protocol

from engine.common import Event

__all__ = [
    "Cells",
    "DESTROY",
    "DRAFT",
    "F_ACCESS",
    "F_AGAIN",
    "F_AGE",
    "F_BOARD",
    "F_BOX",
    "F_BUILT",
    "F_COINS",
    "F_DECKS",
    "F_DISCARD",
    "F_DRAFT",
    "F_EVENTS",
    "F_FACE_UP",
    "F_FIRST",
    "F_LAST",
    "F_LOOT",
    "F_MASKS",
    "F_NBUILT",
    "F_OFFER",
    "F_PAWN",
    "F_PHASE",
    "F_PLAYER",
    "F_PYRAMID",
    "F_REMOVED",
    "F_RNG",
    "F_RUIN",
    "F_SEED",
    "F_TAKEN",
    "F_TOKENS",
    "F_TUCKED",
    "F_VICTORY",
    "F_WAGE",
    "F_WINNER",
    "F_WONDERS",
    "Facts",
    "LAST",
    "LIBRARY",
    "MAUSOLEUM",
    "OUT",
    "OVER",
    "PHASES",
    "PLAY",
    "START",
    "State",
    "TOKEN",
    "VICTORIES",
    "Work",
    "add_coins",
    "freeze",
    "publish",
    "put",
]

# Phases (``State.phase``); names as in views.Phase.
DRAFT, PLAY, TOKEN, LIBRARY, DESTROY, MAUSOLEUM, START, OVER = range(8)
PHASES: tuple[str, ...] = (
    "draft",
    "play",
    "token",
    "library",
    "destroy",
    "mausoleum",
    "start",
    "over",
)
OUT = 9  # ``wage`` of a Wonder that left the game (never drafted, or unbuilt at the 7th)
# ``victory``: 0 = running, 1 civilian, 2 military, 3 science.
VICTORIES: tuple[str | None, ...] = (None, "civilian", "military", "science")


class Facts(Protocol):
    """What prices read: satisfied by both a State and a Work."""

    @property
    def masks(self) -> Sequence[int]: ...
    @property
    def tokens(self) -> Sequence[int]: ...
    @property
    def wage(self) -> Sequence[int]: ...
    @property
    def wonders(self) -> Sequence[tuple[int, ...]]: ...


class State(NamedTuple):
    """A whole Duel game, hidden parts included (never shown as such: see ``present.view``)."""

    seed: int
    rng: int  # seed of the engine's next random draw (Great Library); hidden
    phase: int
    player: int  # seat to act; -1 when over
    age: int
    first: int  # the draft's player A (starts Age I)
    draft: tuple[int, ...]  # wonders still to draft, in reveal order (first 4 = current offer)
    pyramid: tuple[int, ...]  # card id per slot of the current age (kept when taken)
    taken: int  # slots taken (bit mask)
    face_up: int  # slots face up (bit mask)
    access: int  # slots accessible (bit mask)
    decks: tuple[tuple[int, ...], ...]  # the later ages' pyramids, slot order; hidden
    removed: tuple[int, ...]  # cards out of the game unseen (3 per age, 4 guilds)
    discard: tuple[int, ...]
    coins: tuple[int, int]
    built: tuple[tuple[int, ...], tuple[int, ...]]  # card ids in build order
    masks: tuple[int, int]  # built cards as bit masks
    tucked: tuple[tuple[int, ...], tuple[int, ...]]  # cards under each seat's wonders
    wonders: tuple[tuple[int, ...], tuple[int, ...]]  # each seat's wonders (drafted order)
    wage: tuple[int, ...]  # per wonder id: 0 unbuilt, 1..3 age built, OUT
    nbuilt: int  # wonders built in total
    tokens: tuple[int, int]  # progress tokens owned (bit masks)
    board: tuple[int, ...]  # progress tokens on the board
    box: tuple[int, ...]  # progress tokens in the box; hidden
    offer: tuple[int, ...]  # the Great Library draw; only the chooser sees it
    ruin: int  # colour index the pending destroy choice targets, -1 otherwise
    pawn: int  # -9..9, seat 0 pushes toward +9
    loot: int  # bits 0,1: seat 1 loses 2 / 5; bits 2,3: seat 0 loses 2 / 5 (set = available)
    again: bool  # the acting seat plays again when the turn's follow-ups are done
    last: int  # seat that took the last pyramid card (chooses who starts on a central pawn)
    victory: int
    winner: int  # -1 unless military / science supremacy
    events: tuple[Event, ...]  # what the last apply did


class Work(list):  # type: ignore[type-arg]
    """A mutable copy of a State used inside ``apply``: ``Work(state)`` ... ``w.freeze()``.

    It is a list of the State's fields (copy in and out are single C calls, which matters at
    ~20 µs per apply) with a named property per field. Per-seat pairs stay tuples: change them
    with :meth:`put`.
    """

    __slots__ = ()

    seed: int
    rng: int
    phase: int
    player: int
    age: int
    first: int
    draft: tuple[int, ...]
    pyramid: tuple[int, ...]
    taken: int
    face_up: int
    access: int
    decks: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    discard: tuple[int, ...]
    coins: tuple[int, int]
    built: tuple[tuple[int, ...], tuple[int, ...]]
    masks: tuple[int, int]
    tucked: tuple[tuple[int, ...], tuple[int, ...]]
    wonders: tuple[tuple[int, ...], tuple[int, ...]]
    wage: tuple[int, ...]
    nbuilt: int
    tokens: tuple[int, int]
    board: tuple[int, ...]
    box: tuple[int, ...]
    offer: tuple[int, ...]
    ruin: int
    pawn: int
    loot: int
    again: bool
    last: int
    victory: int
    winner: int
    events: tuple[Event, ...]

    def freeze(self) -> State:
        return tuple.__new__(State, self)

    def put(self, name: str, seat: int, value: object) -> None:
        """Set ``seat``'s entry of the pair field ``name`` (masks, built, tucked, tokens...)."""
        put(self, _INDEX[name], seat, value)


# Field indices: ``apply`` works on ``list(state)`` (a plain list, whose subscripts the
# interpreter specialises; a list subclass with named properties costs ~2x more per access).
(
    F_SEED,
    F_RNG,
    F_PHASE,
    F_PLAYER,
    F_AGE,
    F_FIRST,
    F_DRAFT,
    F_PYRAMID,
    F_TAKEN,
    F_FACE_UP,
    F_ACCESS,
    F_DECKS,
    F_REMOVED,
    F_DISCARD,
    F_COINS,
    F_BUILT,
    F_MASKS,
    F_TUCKED,
    F_WONDERS,
    F_WAGE,
    F_NBUILT,
    F_TOKENS,
    F_BOARD,
    F_BOX,
    F_OFFER,
    F_RUIN,
    F_PAWN,
    F_LOOT,
    F_AGAIN,
    F_LAST,
    F_VICTORY,
    F_WINNER,
    F_EVENTS,
) = range(33)
Cells = list[Any]  # a State's fields, mutable (``list(state)``; a Work is one too)


def add_coins(w: Cells, seat: int, n: int) -> None:
    """Add ``n`` (possibly negative) coins to ``seat``."""
    c = w[F_COINS]
    w[F_COINS] = (c[0] + n, c[1]) if seat == 0 else (c[0], c[1] + n)


def put(w: Cells, field: int, seat: int, value: object) -> None:
    """Set ``seat``'s entry of the pair field ``field`` (F_MASKS, F_BUILT, F_TOKENS...)."""
    old = w[field]
    w[field] = (value, old[1]) if seat == 0 else (old[0], value)


def freeze(w: Cells) -> State:
    return tuple.__new__(State, w)


# The last State ``apply`` or ``new_game`` made, with the list it was frozen from (never changed
# afterwards): ``to_act``, ``legal_moves`` and the next ``apply`` given that very object read
# its fields from the list. A field of a State (a tuple subclass) costs ~200 instructions to
# read, by name or index, and copying a State to a list ~1,700; a list subscript costs ~20 and
# copying the plain list ~400. Any other State is read directly (same results, slower).
LAST: list[tuple[object, Cells]] = [(None, [])]


def publish(w: Cells) -> State:
    """``freeze(w)``, remembered in LAST."""
    s = tuple.__new__(State, w)
    LAST[0] = (s, w)
    return s


_INDEX = {n: i for i, n in enumerate(State._fields)}
assert [_INDEX[n] for n in ("events", "pawn", "access", "coins")] == [
    F_EVENTS,
    F_PAWN,
    F_ACCESS,
    F_COINS,
]
assert len(State._fields) == 33


def _field(i: int) -> property:
    def put(self: Work, value: object) -> None:
        self[i] = value

    return property(itemgetter(i), put)


for _i, _name in enumerate(State._fields):
    setattr(Work, _name, _field(_i))
