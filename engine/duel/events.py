"""Events made by ``apply``: built without pydantic validation, the frequent ones interned.

An apply makes about two events, and a pydantic ``Event`` costs ~2 µs to fill even without
validation, so the events whose content is a function of a few small ints (a reveal, a build, a
discard, a draft pick, a pawn move...) are made once and shared: events are frozen values, like
the interned ``Move`` objects. The intern table is bounded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import wording
from engine.common import Event
from engine.duel.data import CARDS, LAYOUTS, WONDERS

__all__ = [
    "BUILDS",
    "COIN_ROWS",
    "DISCARDS",
    "REVEALS",
    "WONDER_BUILDS",
    "again",
    "build",
    "coins",
    "discard",
    "ev",
    "lookup",
    "lose_text",
    "military",
    "once",
    "pick",
    "reveal",
    "wonder",
]

_FIELDS_SET = frozenset(("kind", "text", "visible_to", "data"))
_ONLY: tuple[frozenset[int], frozenset[int]] = (frozenset((0,)), frozenset((1,)))
_new = object.__new__


def lose_text(seat: int, lost: int, why: str) -> str:
    """ "Seat 1 loses 2 coins (military token)."; with nothing to lose, says so instead of
    "loses 0 coins"."""
    if lost <= 0:
        return f"Seat {seat} has no coins to lose{why}."
    return f"Seat {seat} loses {wording.coins(lost)}{why}."


def _paid(total: int, chain: bool) -> str:
    return "chain" if chain else "free" if total == 0 else wording.coins(total)


def _slot_setter(name: str) -> Any:
    """The C-level setter of a slot of pydantic's BaseModel (about twice as fast as
    ``object.__setattr__``, which first looks the name up through the model's MRO)."""
    for klass in Event.__mro__:
        if name in vars(klass):
            return vars(klass)[name].__set__
    raise AssertionError(f"Event has no slot {name}")


_set_dict = _slot_setter("__dict__")
_set_fields = _slot_setter("__pydantic_fields_set__")
_set_extra = _slot_setter("__pydantic_extra__")
_set_private = _slot_setter("__pydantic_private__")


def ev(kind: str, text: str, to: int | None = None, **data: Any) -> Event:
    """A public event (or one only ``to`` may see).

    Our arguments are already valid, so the instance is filled the way ``model_construct``
    fills it; tests/duel check it equals a validated ``Event``.
    """
    return _make(kind, text, None if to is None else _ONLY[to], data)


def _make(kind: str, text: str, to: frozenset[int] | None, data: dict[str, Any]) -> Event:
    """``ev`` with ``data`` as a dict (the interned kinds below skip the keyword packing)."""
    e = _new(Event)
    _set_dict(e, {"kind": kind, "text": text, "visible_to": to, "data": data})
    _set_fields(e, _FIELDS_SET)
    _set_extra(e, None)
    _set_private(e, None)
    return e


# Interned events by an int key: the kind's tag in the low 3 bits, its fields above.
_MEMO: dict[int, Event] = {}
# An interned event by its int key, or None: hot paths inline the hit (see ``discard``).
lookup: Callable[[int], Event | None] = _MEMO.get
_LIMIT = 60_000  # per table; an event with its dicts is ~0.6 kB


def _keep(key: int, e: Event) -> Event:
    if len(_MEMO) > _LIMIT:
        _MEMO.clear()
        for table in (REVEALS, DISCARDS, BUILDS):  # they hold the same events: bounded alike
            for row in table:
                row[:] = _NONE_ROW
        for row in WONDER_BUILDS:
            row[:] = _NONE_ROW[: len(WONDERS)]
    _MEMO[key] = e
    return e


def once(key: tuple[Any, ...], make: Callable[[], Event]) -> Event:
    """The event interned under ``key`` (a tuple starting with the kind), made by ``make``."""
    e = _ONCE.get(key)
    if e is None:
        if len(_ONCE) > _LIMIT:
            _ONCE.clear()
        e = _ONCE[key] = make()
    return e


_ONCE: dict[tuple[Any, ...], Event] = {}

# The hot paths read reveal, build and discard events from these tables, by small ints (two
# list subscripts: no key arithmetic on long ints, no dict call); None = not made yet (then the
# function below makes it and fills the table). Coins >= COIN_ROWS go through _MEMO only.
COIN_ROWS = 64
_NONE_ROW: list[Event | None] = [None] * len(CARDS)
REVEALS: tuple[list[Event | None], ...] = tuple([None] * len(CARDS) for _ in range(20))
DISCARDS: tuple[list[Event | None], ...] = tuple(  # [gain * 2 + seat][card]
    [None] * len(CARDS) for _ in range(2 * COIN_ROWS)
)
BUILDS: tuple[list[Event | None], ...] = tuple(  # [(coins * 2 + chain) * 2 + seat][card]
    [None] * len(CARDS) for _ in range(4 * COIN_ROWS)
)
WONDER_BUILDS: tuple[list[Event | None], ...] = tuple(  # [coins * 2 + seat][wonder]
    [None] * len(WONDERS) for _ in range(2 * COIN_ROWS)
)


def reveal(slot: int, card: int) -> Event:
    e = _MEMO.get(key := (slot << 7 | card) << 3)
    if e is None:
        c = CARDS[card]
        e = _keep(key, ev("reveal", f"{c.name} is revealed.", slot=slot, card=c.key))
    REVEALS[slot][card] = e
    return e


# Build, discard and wonder events leave the pyramid slot out (the move names it): keyed by
# seat, card and coins only, they are shared by every game after a few turns.
def discard(seat: int, card: int, gain: int) -> Event:
    e = _MEMO.get(key := ((gain << 7 | card) << 1 | seat) << 3 | 1)
    if e is None:
        c = CARDS[card]
        e = _keep(
            key,
            _make(
                "discard",
                f"Seat {seat} discards {c.name} for {wording.coins(gain)}.",
                None,
                {"seat": seat, "card": c.key, "coins": gain},
            ),
        )
    if gain < COIN_ROWS:
        DISCARDS[gain * 2 + seat][card] = e
    return e


def build(seat: int, card: int, total: int, chain: bool) -> Event:
    key = (((total << 1 | chain) << 7 | card) << 1 | seat) << 3 | 2
    e = _MEMO.get(key)
    if e is None:
        c = CARDS[card]
        e = _keep(
            key,
            _make(
                "build",
                f"Seat {seat} builds {c.name} ({_paid(total, chain)}).",
                None,
                {"seat": seat, "card": c.key, "coins": total, "chain": chain},
            ),
        )
    if total < COIN_ROWS:
        BUILDS[(total * 2 + chain) * 2 + seat][card] = e
    return e


def pick(seat: int, wonder: int) -> Event:
    e = _MEMO.get(key := (wonder << 1 | seat) << 3 | 3)
    if e is None:
        w = WONDERS[wonder]
        e = _keep(key, ev("pick", f"Seat {seat} takes {w.name}.", seat=seat, wonder=w.key))
    return e


def again(seat: int) -> Event:
    e = _MEMO.get(key := seat << 3 | 4)
    if e is None:
        e = _keep(key, ev("again", f"Seat {seat} plays again.", seat=seat))
    return e


def military(seat: int, pawn: int, shields: int) -> Event:
    e = _MEMO.get(key := ((shields << 5 | pawn + 9) << 1 | seat) << 3 | 5)
    if e is None:
        e = _keep(
            key,
            ev(
                "military",
                f"The conflict pawn moves to {pawn}.",
                seat=seat,
                pawn=pawn,
                shields=shields,
            ),
        )
    return e


def coins(seat: int, gain: int) -> Event:
    """``Seat s takes n coins.`` (a card's, a Wonder's or a guild's coins; n >= 0)."""
    e = _MEMO.get(key := (gain << 1 | seat) << 3 | 6)
    if e is None:
        said = f"Seat {seat} takes {wording.coins(gain)}."
        e = _keep(key, ev("coins", said, seat=seat, coins=gain))
    return e


def wonder(seat: int, x: int, total: int) -> Event:
    e = _MEMO.get(key := ((total << 4 | x) << 1 | seat) << 3 | 7)
    if e is None:
        w = WONDERS[x]
        e = _keep(
            key,
            _make(
                "wonder",
                f"Seat {seat} builds {w.name} ({_paid(total, False)}).",
                None,
                {"seat": seat, "wonder": w.key, "coins": total},
            ),
        )
    if total < COIN_ROWS:
        WONDER_BUILDS[total * 2 + seat][x] = e
    return e


def _prefill() -> None:
    """Make the reveal events of every face-down slot and every card of that Age, and every
    draft pick, at import (~600 events, a few ms): all games share them from the first turn."""
    for age, lay in LAYOUTS.items():
        ids = [c.id for c in CARDS if c.age == age]
        for slot in range(20):
            if lay.face_down >> slot & 1:
                for card in ids:
                    reveal(slot, card)
    for x in range(len(WONDERS)):
        pick(0, x)
        pick(1, x)


_prefill()
