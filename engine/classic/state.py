"""Immutable game state and moves of a classic game (small ints and tuples: cheap to copy)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from engine.classic.data import BOARD_INDEX, CARD_INDEX, CARDS, NAME_ID, slug
from engine.classic.slots import StateFields
from engine.classic.values import PAID_ACTIONS, City, Move, make_move
from engine.common import EngineError, IllegalMove

__all__ = [
    "ACTIONS",
    "CHOOSE",
    "City",
    "DEBT",
    "HALI",
    "MOVE_PARSERS",
    "Move",
    "OVER",
    "PICK",
    "Repick",
    "SEVENTH",
    "State",
    "left_of",
    "make_move",
    "payment",
    "parse_move",
    "parse_pick",
    "right_of",
]

PICK, SEVENTH, HALI, OVER, CHOOSE, DEBT, LEAD = 0, 1, 2, 3, 4, 5, 6
# CHOOSE: the wonder-pick phase before Age I (engine.classic.variants.choice). DEBT and LEAD are
# phase ids owned by plug-ins (stored in dumps, so fixed here); a plug-in names its phases in
# ``PHASES`` when it registers (engine.classic.plugin).
PHASES: list[str] = ["pick", "seventh", "discard_build", "over", "wonder_pick"]
# build: pay and build; wonder: tuck for the next stage; discard: sell for 3 coins;
# free: Olympia A free build; salvage: Halikarnassos build from the discard pile;
# board: a wonder-pick (``card`` is the board id, ``left`` the side: 0 = A, 1 = B).
ACTIONS: tuple[str, ...] = ("build", "wonder", "discard", "free", "salvage", "board")
_SLUG_TO_NAME_ID: dict[str, int] = {slug(c.name).lower(): NAME_ID[c.id] for c in CARDS}
# head of a move text -> its parser, for the actions the plug-ins add (filled when they register).
MOVE_PARSERS: dict[str, Callable[[str, list[str]], Move]] = {}


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
    parse = MOVE_PARSERS.get(parts[0])
    if parse is not None:
        return parse(text, parts)
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
    left, right = payment(text, parts)
    return Move(parts[0], card, left, right)


def payment(text: str, parts: list[str]) -> tuple[int, int]:
    """The coins to the left and right neighbours of a paid move's text (its last two parts)."""
    try:
        left, right = int(parts[2]), int(parts[3])
    except ValueError:
        raise IllegalMove(f"Malformed payment in move {text!r}") from None
    if left < 0 or right < 0:
        raise IllegalMove(f"Negative payment in move {text!r}")
    return left, right


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


class State(StateFields):
    """A whole game: an immutable named tuple (see :class:`City`). ``memo`` caches
    ``legal_moves`` per seat and ``hooks_memo`` the plug-in hooks in play
    (``engine.classic.plugin.hooks``): derived data, not part of the value."""

    memo: Any = None
    hooks_memo: Any = None


def left_of(seat: int, n: int) -> int:
    return (seat - 1) % n


def right_of(seat: int, n: int) -> int:
    return (seat + 1) % n
