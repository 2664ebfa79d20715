"""Duel moves and their canonical texts (the move log, component ids and test fixtures use them).

Texts (no spaces, at most 60 characters):
    pick:<wonder>            take a wonder during the draft
    build:<slot>             build the accessible pyramid card at index <slot>
    discard:<slot>           discard it for 2 + yellow cards coins
    wonder:<slot>:<wonder>   build one of your wonders, tucking that card
    token:<token>            take a progress token (board, or the Great Library's draw)
    destroy:<card>           Zeus / Circus Maximus: discard an opponent's card
    revive:<card>            Mausoleum: build a card of the discard pile for free
    start:<seat>             choose who starts the next age (0 or 1)
Keys are the snake_case ids of engine/duel/data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.common import IllegalMove

__all__ = ["ACTIONS", "Move", "parse_move"]

ACTIONS: frozenset[str] = frozenset(
    {"pick", "build", "discard", "wonder", "token", "destroy", "revive", "start"}
)
_SLOT_ACTIONS = frozenset({"build", "discard", "wonder"})
_KEY = re.compile(r"^[a-z][a-z0-9_]{0,40}$")


@dataclass(frozen=True, slots=True)
class Move:
    """An immutable, hashable Duel move; ``slot`` is -1 and ``key`` '' when unused."""

    action: str
    slot: int = -1
    key: str = ""

    def __str__(self) -> str:
        if self.action == "wonder":
            return f"wonder:{self.slot}:{self.key}"
        if self.action in _SLOT_ACTIONS:
            return f"{self.action}:{self.slot}"
        return f"{self.action}:{self.key}"


def parse_move(text: str) -> Move:
    """Parse a canonical move text; raises ``IllegalMove`` naming what is wrong."""
    parts = text.strip().split(":")
    action = parts[0]
    if action not in ACTIONS:
        raise IllegalMove(f"Unknown move {text!r}: it must start with one of {sorted(ACTIONS)}")
    want = 3 if action == "wonder" else 2
    if len(parts) != want:
        raise IllegalMove(f"Malformed move {text!r}: expected {want} parts separated by ':'")
    if action in _SLOT_ACTIONS:
        if not parts[1].isdigit() or not 0 <= int(parts[1]) < 20:
            raise IllegalMove(f"Malformed move {text!r}: the pyramid index must be 0..19")
        key = parts[2] if action == "wonder" else ""
        if action == "wonder" and not _KEY.match(key):
            raise IllegalMove(f"Malformed move {text!r}: bad wonder id {key!r}")
        return Move(action, int(parts[1]), key)
    if action == "start":
        if parts[1] not in ("0", "1"):
            raise IllegalMove(f"Malformed move {text!r}: the starting seat must be 0 or 1")
        return Move("start", -1, parts[1])
    if not _KEY.match(parts[1]):
        raise IllegalMove(f"Malformed move {text!r}: bad id {parts[1]!r}")
    return Move(action, -1, parts[1])
