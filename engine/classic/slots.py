"""The fields of a classic :class:`~engine.classic.state.State`, with the plug-ins' slots.

Part of the plug-in registry (with :mod:`engine.classic.plugins`): the one core file that names
the expansions' own State fields. The four dedicated slots keep the State's public shape
(``state.leaders``, ``state.cx`` ... are read by the AI, the bot and stored-game tests); a
plug-in added later keeps its per-game value in ``ext`` instead, so adding one never edits this
file. The core reads the slots through :mod:`engine.classic.plugin` only.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.classic.cities.ext import CitiesExt
from engine.classic.values import City, Move
from engine.common import Event

__all__ = ["StateFields", "SLOT_START"]


class StateFields(NamedTuple):
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
    # --- plug-in slots (engine.classic.plugin reads them; their owners set them) ---
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
    # Plug-ins without a dedicated slot: (name, per-game value) pairs, in registry order.
    ext: tuple[tuple[str, Any], ...] = ()


# Index of the first plug-in slot: ``state[SLOT_START:]`` is every plug-in's part of a state.
SLOT_START = StateFields._fields.index("free_city")
