"""7 Wonders (first edition, 3-7 players) rules engine; API in docs/ENGINE_API.md (the protocol
in ``engine.protocol``).

Internals: ``data`` (validated rule tables), ``state`` (immutable State / Move), ``stats``
(per-city facts derived incrementally), ``trade`` (trade solver and its caches), ``moves``
(legality), ``turns`` (resolution), ``events`` (interned events), ``scoring``, ``present``
(views, texts, card and wonder info), ``serial`` (dump/load), ``position`` (hand-written
positions, states rebuilt from a seat's view for search). Table options: ``variants`` (wonder
choice, two players) and ``cities`` (the Cities expansion, ``Config.expansions``; docs/cities.md).

Speed notes: caches are keyed by small ints (cost keys, per-city buy/sell signatures, card
ids) and bounded, and hold ints or tuples of ints where they can (the garbage collector stops
tracking those, so full collections stay rare); ``legal_moves`` settles most costs with one
subtraction on byte-packed resource vectors before asking the trade solver, and is memoised on
the state it was asked about; ``apply`` accepts a listed move without re-validating it, and a
turn's resolution builds each changed city once.
"""

from __future__ import annotations

from engine.classic import plugins as _plugins  # noqa: E402,F401  (registers the expansions)
from engine.classic.config import Config
from engine.classic.moves import acting as _acting
from engine.classic.moves import legal_moves
from engine.classic.position import dump_position, load_position, state_from_view
from engine.classic.present import (
    RULES_VERSION,
    board_names,
    card_info,
    card_names,
    describe_move,
    view,
    wonder_info,
)
from engine.classic.scoring import outcome_of as _outcome_of
from engine.classic.scoring import score_all
from engine.classic.serial import dump, load
from engine.classic.state import OVER, Move, Repick, State, parse_move
from engine.classic.turns import apply, new_game
from engine.classic.views import ClassicView
from engine.common import Outcome, Score

__all__ = [
    "RULES_VERSION",
    "ClassicView",
    "Config",
    "Move",
    "Repick",
    "State",
    "apply",
    "board_names",
    "card_info",
    "card_names",
    "describe_move",
    "dump",
    "dump_position",
    "legal_moves",
    "load",
    "load_position",
    "new_game",
    "outcome",
    "parse_move",
    "scores",
    "state_from_view",
    "to_act",
    "view",
    "wonder_info",
]


def to_act(state: State) -> frozenset[int]:
    """Seats that must move now; empty exactly when the game is over."""
    return _acting(state)


def scores(state: State) -> list[Score]:
    return score_all(state)


def outcome(state: State) -> Outcome | None:
    if state.phase != OVER:
        return None
    return _outcome_of(state, score_all(state))
