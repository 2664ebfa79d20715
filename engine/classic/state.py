"""Immutable game state and moves of a classic game (small ints and tuples: cheap to copy)."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.classic.cities.ext import CitiesExt
from engine.classic.data import BOARD_INDEX, BOARDS, CARD_INDEX, CARDS, NAME_ID, slug
from engine.classic.leaders.data import LEADER_SLUGS, LEADERS
from engine.common import EngineError, Event, IllegalMove

__all__ = [
    "ACTIONS",
    "CHOOSE",
    "City",
    "DEBT",
    "HALI",
    "Move",
    "OVER",
    "PICK",
    "Repick",
    "SEVENTH",
    "State",
    "left_of",
    "parse_move",
    "parse_pick",
    "right_of",
]

PICK, SEVENTH, HALI, OVER, CHOOSE, DEBT, LEAD = 0, 1, 2, 3, 4, 5, 6
# CHOOSE: the wonder-pick phase before Age I (engine.classic.variants.choice). DEBT: Cities'
# end-of-turn coin losses, each victim paying or taking debt (engine.classic.cities.debt).
# LEAD: the Leaders draft or a recruitment turn (engine.classic.leaders; ``State.leaders``).
PHASES = ("pick", "seventh", "discard_build", "over", "wonder_pick", "debt", "leaders")
# build: pay and build; wonder: tuck for the next stage; discard: sell for 3 coins;
# free: Olympia A free build; salvage: Halikarnassos build from the discard pile;
# board: a wonder-pick (``card`` is the board id, ``left`` the side: 0 = A, 1 = B);
# pay: Cities' coin loss, ``left`` coins paid and the rest of the loss taken as debt.
ACTIONS: tuple[str, ...] = ("build", "wonder", "discard", "free", "salvage", "board", "pay")
PAID_ACTIONS = frozenset({"build", "wonder", "leader-wonder"})
# Leaders (``card`` is a leader id): keep one in the draft; in a recruitment turn recruit it,
# tuck it under the next wonder stage (paid like ``wonder``) or discard it for 3 coins.
# ``copy``: place the Courtesans' Guild token on a neighbour's recruited leader.
# ``leader-pass``: a Roma B owner declines the extra recruitment.
LEADER_ACTIONS: tuple[str, ...] = (
    "draft",
    "recruit",
    "leader-wonder",
    "leader-discard",
    "copy",
    "leader-pass",
)
_SLUG_TO_NAME_ID: dict[str, int] = {slug(c.name).lower(): NAME_ID[c.id] for c in CARDS}
SLUGS: tuple[str, ...] = tuple(slug(c.name) for c in CARDS)


class Move(NamedTuple):
    """A seat's move. ``card`` is the name id (lowest card id with that name).

    A named tuple rather than a dataclass: hashing and equality run in C, and moves are hashed
    and compared on every apply.
    """

    action: str
    card: int
    left: int = 0
    right: int = 0

    def __str__(self) -> str:
        if self.action == "power":  # Gods & Heroes (engine.classic.variants.gods)
            from engine.classic.variants.gods_data import power_text

            return power_text(self)
        if self.action == "board":
            return f"board:{BOARDS[self.card].city}:{'AB'[self.left]}"
        if self.action == "leader-pass":
            return "leader-pass"
        if self.action == "pay":
            return f"pay:{self.left}"
        name = LEADERS[self.card].slug if self.action in LEADER_ACTIONS else SLUGS[self.card]
        if self.action in PAID_ACTIONS:
            return f"{self.action}:{name}:{self.left}:{self.right}"
        return f"{self.action}:{name}"


_MOVES: dict[tuple[str, int, int, int], Move] = {}


def make_move(action: str, card: int, left: int = 0, right: int = 0) -> Move:
    """Interned Move (moves are immutable values; reusing them avoids constructor cost)."""
    key = (action, card, left, right)
    got = _MOVES.get(key)
    if got is None:
        got = _MOVES[key] = Move(action, card, left, right)
    return got


class Repick(NamedTuple):
    """A seat's new pick replacing its earlier one before the turn's reveal ("Change my
    pick"). A move of its own, so the log stays append-only: the earlier pick keeps its row
    and this one, appended after it, supersedes it. Never listed by ``legal_moves``."""

    move: Move

    def __str__(self) -> str:
        return f"{REPICK}:{self.move}"


REPICK = "repick"


def parse_move(text: str) -> Move | Repick:
    """Parse the canonical text of a move, e.g. ``build:LumberYard:0:2``, ``discard:Altar``
    or ``repick:discard:Altar`` (a changed pick, see :class:`Repick`)."""
    head, _, rest = text.strip().partition(":")
    if head == REPICK:
        return Repick(parse_pick(rest))
    return parse_pick(text)


def parse_pick(text: str) -> Move:
    """Parse a plain pick or action (no ``repick:``): what ``State.picks`` holds."""
    parts = text.strip().split(":")
    if parts[0] == "board":
        return _parse_board(text, parts)
    if parts == ["leader-pass"]:
        return make_move("leader-pass", 0)
    if parts[0] in LEADER_ACTIONS:
        return _parse_leader(text, parts)
    if parts[0] == "pay":
        return _parse_pay(text, parts)
    if parts[0] == "power":  # Gods & Heroes (engine.classic.variants.gods)
        from engine.classic.variants.gods_data import parse_power

        return parse_power(text)
    if len(parts) not in (2, 4) or parts[0] not in ACTIONS:
        raise IllegalMove(f"Not a move: {text!r} (expected e.g. build:Temple:0:2 or discard:Altar)")
    card = _SLUG_TO_NAME_ID.get(parts[1].lower())
    if card is None:
        raise IllegalMove(f"Unknown card in move {text!r}")
    paid = parts[0] in PAID_ACTIONS
    if paid != (len(parts) == 4):
        raise IllegalMove(f"Malformed move {text!r}: only build/wonder carry payments")
    if not paid:
        return Move(parts[0], card)
    left, right = _payment(text, parts)
    return Move(parts[0], card, left, right)


def _payment(text: str, parts: list[str]) -> tuple[int, int]:
    """The coins to the left and right neighbours of a paid move's text (its last two parts)."""
    try:
        left, right = int(parts[2]), int(parts[3])
    except ValueError:
        raise IllegalMove(f"Malformed payment in move {text!r}") from None
    if left < 0 or right < 0:
        raise IllegalMove(f"Negative payment in move {text!r}")
    return left, right


def _parse_leader(text: str, parts: list[str]) -> Move:
    """``recruit:Cleopatra``, ``leader-wonder:Cleopatra:0:2`` ..."""
    paid = parts[0] in PAID_ACTIONS
    if len(parts) != (4 if paid else 2):
        form = f"{parts[0]}:Cleopatra" + (":0:0" if paid else "")
        raise IllegalMove(f"Malformed leader move {text!r} (expected e.g. {form})")
    lid = LEADER_SLUGS.get(parts[1].lower())
    if lid is None:
        raise IllegalMove(f"Unknown leader in move {text!r}")
    if not paid:
        return make_move(parts[0], lid)
    left, right = _payment(text, parts)
    return make_move(parts[0], lid, left, right)


def _parse_pay(text: str, parts: list[str]) -> Move:
    """``pay:2``: pay 2 coins of a coin loss, the rest as debt (Cities)."""
    if len(parts) != 2 or not parts[1].isdigit():
        raise IllegalMove(f"Malformed payment {text!r} (expected e.g. pay:2)")
    return make_move("pay", 0, int(parts[1]))


_BOARD_BY_LOWER: dict[str, int] = {k.lower(): v for k, v in BOARD_INDEX.items()}


def _parse_board(text: str, parts: list[str]) -> Move:
    """``board:Rhodos:A``: a wonder-pick (board names as in ``board_names``)."""
    if len(parts) != 3 or parts[2].upper() not in ("A", "B"):
        raise IllegalMove(f"Malformed wonder pick {text!r} (expected e.g. board:Rhodos:A)")
    board = _BOARD_BY_LOWER.get(parts[1].lower())
    if board is None:
        raise IllegalMove(f"Unknown board in {text!r}; known: {', '.join(sorted(BOARD_INDEX))}")
    return Move("board", board, "AB".index(parts[2].upper()))


def card_name_id(name: str) -> int:
    """Name id of a card given its printed name; raises EngineError if unknown."""
    try:
        return CARD_INDEX[name]
    except KeyError:
        raise EngineError(f"unknown card {name!r}") from None


class _CityFields(NamedTuple):
    board: int
    side: int  # 0 = A, 1 = B
    stages: int
    coins: int
    built: tuple[int, ...]  # card ids in build order
    tucked: tuple[int, ...]  # card ids under the wonder
    tokens: tuple[int, ...]
    free_used_age: int = 0  # age in which Olympia A's free build was used


class City(_CityFields):
    """One seat's city: an immutable named tuple (builds three times faster than a frozen
    dataclass, and a game builds hundreds). ``memo`` caches ``stats.city_stats``: derived
    data, not part of the value (equality and hashing see the fields only)."""

    memo: Any = None


class _StateFields(NamedTuple):
    players: int
    seed: int
    age: int
    turn: int
    phase: int
    hands: tuple[tuple[int, ...], ...]
    cities: tuple[City, ...]
    picks: tuple[Move | None, ...]
    discard: tuple[int, ...]
    decks: tuple[tuple[int, ...], ...]  # undealt decks of the later ages (hidden)
    pending: tuple[int, ...]  # seats owed a seventh-card play or a discard build
    hali: tuple[int, ...]  # seats owed a Halikarnassos build at the end of this turn
    last_events: tuple[Event, ...] = ()
    # Per seat, the hands it passed on this age, oldest first (() before the first pass): the
    # seat saw them, so its view lists them (a search infers the other hands from them).
    passed: tuple[tuple[tuple[int, ...], ...], ...] = ()
    # Per pick turn of this age, per seat: the card id it built from its hand (-1: it sold the
    # card or tucked it under its wonder, face down). Public: everyone saw the reveal.
    shown: tuple[tuple[int, ...], ...] = ()
    # 1 in the 2-player game: seat 2 is the neutral Free City (engine.classic.variants.two);
    # ``hands[2]`` is then its draw pile.
    free_city: int = 0
    # A game with the Leaders expansion: its leader hands, recruits and draft (a
    # ``engine.classic.leaders.state.Leaders``); None in a game without it.
    leaders: Any = None
    # The Cities expansion's facts (engine.classic.cities.ext); None: Cities is not in play.
    cx: CitiesExt | None = None
    # Gods & Heroes (engine.classic.variants.gods.Gods); None in every other game.
    gods: Any = None


class State(_StateFields):
    """A whole game: an immutable named tuple (see :class:`City`). ``memo`` caches
    ``legal_moves`` per seat: derived data, not part of the value."""

    memo: Any = None


def left_of(seat: int, n: int) -> int:
    return (seat - 1) % n


def right_of(seat: int, n: int) -> int:
    return (seat + 1) % n
