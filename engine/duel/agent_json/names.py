"""Seed spellings of names, steps and move kinds; the move JSON <-> Move conversion (no state)."""

from __future__ import annotations

from typing import Any

from engine.common import IllegalMove
from engine.duel.data import CARDS, TOKENS, WONDERS, agent_name
from engine.duel.move import Move

__all__ = [
    "AGENT_MOVES",
    "BACKS",
    "CARD_AGENT",
    "CATEGORIES",
    "STEP_MOVES",
    "TOKEN_AGENT",
    "WONDER_AGENT",
    "card_key",
    "move_json",
    "parse_agent_move",
    "token_key",
    "wonder_key",
]

# Seed move kind -> engine action. CHOOSE_STARTING_PLAYER is the one step the project adds.
AGENT_MOVES: dict[str, str] = {
    "SELECT_WONDER": "pick",
    "CONSTRUCT_BUILDING": "build",
    "DISCARD": "discard",
    "CONSTRUCT_WONDER": "wonder",
    "CHOOSE_PROGRESS_TOKEN": "token",
    "CHOOSE_PROGRESS_TOKEN_FROM_DISCARD": "token",
    "DESTROY_CARD": "destroy",
    "CONSTRUCT_FROM_DISCARD": "revive",
    "CHOOSE_STARTING_PLAYER": "start",
}
# Seed step -> the move kinds allowed in it.
STEP_MOVES: dict[str, tuple[str, ...]] = {
    "WONDER_SELECTION": ("SELECT_WONDER",),
    "PLAY_CARD": ("CONSTRUCT_BUILDING", "DISCARD", "CONSTRUCT_WONDER"),
    "CHOOSE_PROGRESS_TOKEN": ("CHOOSE_PROGRESS_TOKEN",),
    "CHOOSE_PROGRESS_TOKEN_FROM_DISCARD": ("CHOOSE_PROGRESS_TOKEN_FROM_DISCARD",),
    "DESTROY_GREY": ("DESTROY_CARD",),
    "DESTROY_BROWN": ("DESTROY_CARD",),
    "CONSTRUCT_FROM_DISCARD": ("CONSTRUCT_FROM_DISCARD",),
    "CHOOSE_STARTING_PLAYER": ("CHOOSE_STARTING_PLAYER",),
    "GAME_OVER": (),
}
# sortedHand category per colour index of engine.duel.data.COLORS, in the seed's order.
CATEGORIES: tuple[str, ...] = (
    "RAW_MATERIAL_AND_MANUFACTURED_GOOD",
    "RAW_MATERIAL_AND_MANUFACTURED_GOOD",
    "CIVILIAN_BUILDING",
    "SCIENTIFIC_BUILDING",
    "COMMERCIAL_BUILDING",
    "MILITARY_BUILDING",
    "GUILD",
)
# Card back shown for a face-down card: per age (1..3); guilds have their own back.
BACKS: dict[int, str] = {1: "AGE_ONE_BACK", 2: "AGE_TWO_BACK", 3: "AGE_THREE_BACK", 0: "GUILD_BACK"}


def _aliases(items: list[tuple[str, str, str]]) -> dict[str, str]:
    """Seed spelling, upper-cased id and upper-cased display name -> snake_case id."""
    table: dict[str, str] = {}
    for key, name, agent in items:
        for alias in (agent, key.upper(), agent_name(name)):
            table[alias] = key
    return table


_CARD_KEYS = _aliases([(c.key, c.name, c.agent) for c in CARDS])
_WONDER_KEYS = _aliases([(w.key, w.name, w.agent) for w in WONDERS])
_TOKEN_KEYS = _aliases([(t.key, t.name, t.agent) for t in TOKENS])
CARD_AGENT: dict[str, str] = {c.key: c.agent for c in CARDS}
WONDER_AGENT: dict[str, str] = {w.key: w.agent for w in WONDERS}
TOKEN_AGENT: dict[str, str] = {t.key: t.agent for t in TOKENS}


def _lookup(table: dict[str, str], kind: str, value: object) -> str:
    if isinstance(value, str) and value in table:  # the usual, exact spelling
        return table[value]
    if not isinstance(value, str) or not value.strip():
        raise IllegalMove(f"The {kind} must be a name in upper case, got {value!r}")
    key = table.get(agent_name(value.strip()))
    if key is None:
        raise IllegalMove(f"Unknown {kind} {value!r}")
    return key


def card_key(value: object) -> str:
    """Snake_case id of a card named in the seed's spelling (display names are accepted too)."""
    return _lookup(_CARD_KEYS, "card", value)


def wonder_key(value: object) -> str:
    return _lookup(_WONDER_KEYS, "wonder", value)


def token_key(value: object) -> str:
    return _lookup(_TOKEN_KEYS, "progress token", value)


def _field(data: dict[str, Any], name: str, kind: str) -> object:
    if name not in data:
        raise IllegalMove(f"{kind} needs moveData.{name}")
    return data[name]


def _index(value: object) -> int:
    text = value.strip() if isinstance(value, str) else value
    if isinstance(text, bool) or not (
        isinstance(text, int) or isinstance(text, str) and text.isdigit()
    ):
        raise IllegalMove(f"cardIndex must be a pyramid index 0..19, got {value!r}")
    index = int(text)
    if not 0 <= index < 20:
        raise IllegalMove(f"cardIndex must be a pyramid index 0..19, got {index}")
    return index


def parse_agent_move(data: object, flip: bool = False) -> tuple[str, Move]:
    """Turn a seed move into ``(kind, Move)`` from its names and shape only (no state).

    ``flip``: player numbers are presented swapped (seat 0 is ``player2``).
    """
    if not isinstance(data, dict):
        raise IllegalMove('A move must be a JSON object like {"move": ..., "moveData": {...}}')
    kind = data.get("move")
    if not isinstance(kind, str) or kind.strip().upper() not in AGENT_MOVES:
        raise IllegalMove(f"Unknown move kind {kind!r}; expected one of {sorted(AGENT_MOVES)}")
    kind = kind.strip().upper()
    md = data.get("moveData", {})
    if not isinstance(md, dict):
        raise IllegalMove(f"moveData must be a JSON object, got {md!r}")
    action = AGENT_MOVES[kind]
    if action == "pick":
        return kind, Move("pick", -1, wonder_key(_field(md, "wonder", kind)))
    if action in ("build", "discard"):
        return kind, Move(action, _index(_field(md, "cardIndex", kind)))
    if action == "wonder":
        slot = _index(_field(md, "cardIndex", kind))
        return kind, Move("wonder", slot, wonder_key(_field(md, "wonder", kind)))
    if action == "token":
        return kind, Move("token", -1, token_key(_field(md, "progressToken", kind)))
    if action in ("destroy", "revive"):
        return kind, Move(action, -1, card_key(_field(md, "cardName", kind)))
    player = _field(md, "player", kind)
    if isinstance(player, bool) or player not in (1, 2, "1", "2"):
        raise IllegalMove(f"{kind} needs moveData.player = 1 or 2, got {player!r}")
    seat = 0 if player in (1, "1") else 1
    return kind, Move("start", -1, str(1 - seat if flip else seat))


def move_json(move: Move, library: bool = False, flip: bool = False) -> dict[str, Any]:
    """Seed JSON of a move. ``library``: a Great Library token; ``flip``: seat 0 is player 2."""
    a = move.action
    if a == "pick":
        return {"move": "SELECT_WONDER", "moveData": {"wonder": WONDER_AGENT[move.key]}}
    if a == "build":
        return {"move": "CONSTRUCT_BUILDING", "moveData": {"cardIndex": move.slot}}
    if a == "discard":
        return {"move": "DISCARD", "moveData": {"cardIndex": move.slot}}
    if a == "wonder":
        return {
            "move": "CONSTRUCT_WONDER",
            "moveData": {"cardIndex": move.slot, "wonder": WONDER_AGENT[move.key]},
        }
    if a == "token":
        kind = "CHOOSE_PROGRESS_TOKEN_FROM_DISCARD" if library else "CHOOSE_PROGRESS_TOKEN"
        return {"move": kind, "moveData": {"progressToken": TOKEN_AGENT[move.key]}}
    if a == "destroy":
        return {"move": "DESTROY_CARD", "moveData": {"cardName": CARD_AGENT[move.key]}}
    if a == "revive":
        return {"move": "CONSTRUCT_FROM_DISCARD", "moveData": {"cardName": CARD_AGENT[move.key]}}
    if a == "start":
        seat = int(move.key)
        return {
            "move": "CHOOSE_STARTING_PLAYER",
            "moveData": {"player": (1 - seat if flip else seat) + 1},
        }
    raise ValueError(f"not a Duel move: {move!r}")
