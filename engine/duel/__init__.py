"""7 Wonders Duel rules engine; API in docs/ENGINE_API.md (the protocol
in ``engine.protocol``).

Internals: ``data`` (validated rule tables), ``state`` (immutable State), ``costs`` (prices),
``moves`` (who acts, legal moves), ``turns`` (apply), ``followups`` (follow-up choices, end of
a turn), ``effects`` (card, Wonder and token effects), ``events`` (interned events), ``scoring``,
``present`` (views), ``texts`` (move and card texts), ``serial``;
``agent_json`` (the seed's agent JSON format, kept by its own owner).
"""

from __future__ import annotations

from engine.duel.agent_json import (
    from_agent_json,
    move_from_agent,
    move_to_agent,
    to_agent_json,
)
from engine.duel.config import Config
from engine.duel.move import Move, parse_move
from engine.duel.moves import legal_moves, to_act
from engine.duel.present import RULES_VERSION, view
from engine.duel.scoring import outcome, scores
from engine.duel.serial import dump, load
from engine.duel.setup import new_game
from engine.duel.state import State
from engine.duel.texts import (
    card_info,
    card_names,
    describe_move,
    price,
    token_info,
    token_names,
    wonder_info,
    wonder_names,
)
from engine.duel.turns import apply
from engine.duel.views import DuelView

__all__ = [
    "RULES_VERSION",
    "Config",
    "DuelView",
    "Move",
    "State",
    "apply",
    "card_info",
    "card_names",
    "describe_move",
    "dump",
    "from_agent_json",
    "legal_moves",
    "load",
    "move_from_agent",
    "move_to_agent",
    "new_game",
    "outcome",
    "parse_move",
    "price",
    "scores",
    "to_act",
    "to_agent_json",
    "token_info",
    "token_names",
    "view",
    "wonder_info",
    "wonder_names",
]
