"""Where an expansion's AI module plugs into the classic AI (``classic_eval``, ``hint_classic``,
``classic_sample``, ``classic_search``).

An expansion's AI part (``engine/ai/classic_leaders.py`` ...) fills these tables when
:mod:`engine.ai.classic_parts` imports it; the shared modules only read them, so they never
name an expansion module (and import none: no import cycle).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

__all__ = [
    "BUILD_BONUSES",
    "COLOR_VALUES",
    "GUILD_VALUES",
    "MOVE_REASONS",
    "MOVE_SUBJECTS",
    "MOVE_VALUES",
    "POOL_CARDS",
    "SAMPLERS",
    "STAGE_BONUSES",
    "UNSEARCHED",
]

# move action -> its value in VP-equivalents: (view, move, greedy) -> float
MOVE_VALUES: dict[str, Callable[[Any, Any, bool], float]] = {}
# move action -> its hint: (view, move view) -> (headline, [(weight in VP, phrase), ...])
MOVE_REASONS: dict[str, Callable[[Any, Any], tuple[str, list[tuple[float, str]]]]] = {}
# move action -> what its hint is about, when not the move's card ("coin loss")
MOVE_SUBJECTS: dict[str, str] = {}
# move actions whose value ranks them above or below every pick rather than in VP (a god's
# power: spend now or keep): the search leaves them to the heuristic
UNSEARCHED: set[str] = set()
# guild name -> its value to the viewer's city: (view, own city view, name) -> float
GUILD_VALUES: dict[str, Callable[[Any, Any, str], float]] = {}
# card colour -> the value of building a card of it: (view, own city view, name, greedy) -> float
COLOR_VALUES: dict[str, Callable[[Any, Any, str, bool], float]] = {}
# what a build or a wonder stage brings besides itself (a hero, a god made ready), added to its
# value: (view, card name, card colour) -> VP / (view, own city view) -> VP
BUILD_BONUSES: list[Callable[[Any, str, str], float]] = []
STAGE_BONUSES: list[Callable[[Any, Any], float]] = []
# cards an expansion adds to the Ages' decks, with whether a view's game plays them: the
# sampled hands draw them only then
POOL_CARDS: list[tuple[frozenset[str], Callable[[Any], bool]]] = []
# keyword of ``classic.state_from_view`` -> the hidden part an expansion samples for the other
# seats (the leaders' hands): (view, rng) -> its value
SAMPLERS: dict[str, Callable[[Any, random.Random], Any]] = {}
