"""``to_agent_json``: a Duel position as one seat may see it, in the seed's fields.

Built from the State field by field; everything hidden (face-down cards, removed cards, later
decks, box tokens, another seat's Great Library draw, the RNG) is left out on purpose.
"""

from __future__ import annotations

from typing import Any

from engine.duel.agent_json.names import BACKS, CARD_AGENT, CATEGORIES, TOKEN_AGENT, WONDER_AGENT
from engine.duel.data import CARDS, COLORS, TOKENS, WONDERS
from engine.duel.moves import bits, draft_offer
from engine.duel.scoring import outcome
from engine.duel.state import (
    DESTROY,
    DRAFT,
    LIBRARY,
    MAUSOLEUM,
    OUT,
    OVER,
    PLAY,
    START,
    TOKEN,
    State,
)

__all__ = ["agent_step", "to_agent_json"]

_STEPS: dict[int, str] = {
    DRAFT: "WONDER_SELECTION",
    PLAY: "PLAY_CARD",
    TOKEN: "CHOOSE_PROGRESS_TOKEN",
    LIBRARY: "CHOOSE_PROGRESS_TOKEN_FROM_DISCARD",
    MAUSOLEUM: "CONSTRUCT_FROM_DISCARD",
    START: "CHOOSE_STARTING_PLAYER",
    OVER: "GAME_OVER",
}
_GREY = COLORS.index("grey")
_ORDER = (
    "CIVILIAN_BUILDING",
    "SCIENTIFIC_BUILDING",
    "COMMERCIAL_BUILDING",
    "MILITARY_BUILDING",
    "RAW_MATERIAL_AND_MANUFACTURED_GOOD",
    "GUILD",
)  # the seed's order
_PURPLE = COLORS.index("purple")
# Loot bits of State.loot per seat as the victim: (2-coin token, 5-coin token).
_LOOT_BITS: tuple[tuple[int, int], tuple[int, int]] = ((2, 3), (0, 1))


def agent_step(state: State) -> str:
    """The seed's ``step`` name of the state's phase."""
    if state.phase == DESTROY:
        return "DESTROY_GREY" if state.ruin == _GREY else "DESTROY_BROWN"
    return _STEPS[state.phase]


def _card(card: int) -> str:
    return CARD_AGENT[CARDS[card].key]


def _sorted_hand(built: tuple[int, ...]) -> dict[str, list[str]]:
    hand: dict[str, list[str]] = {}
    for category in _ORDER:  # empty categories are left out, as in the seed's example
        names = [_card(c) for c in built if CATEGORIES[CARDS[c].color] == category]
        if names:
            hand[category] = names
    return hand


def _player(state: State, seat: int, won: bool, score: dict[str, int]) -> dict[str, Any]:
    wage = state.wage
    return {
        "money": state.coins[seat],
        "wonders": {
            WONDER_AGENT[WONDERS[x].key]: wage[x] if wage[x] != OUT else 0
            for x in state.wonders[seat]
        },
        "tokens": [TOKEN_AGENT[TOKENS[t].key] for t in bits(state.tokens[seat])],
        "won": won,
        "score": score,
        "sortedHand": _sorted_hand(state.built[seat]),
    }


def _pyramid(state: State) -> dict[str, dict[str, Any]]:
    if state.phase == DRAFT:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for slot, card in enumerate(state.pyramid):
        if state.taken >> slot & 1:
            continue
        if state.face_up >> slot & 1:
            name = _card(card)
        else:  # only the back: its age, or the guild back
            name = BACKS[0 if CARDS[card].color == _PURPLE else state.age]
        out[str(slot)] = {"cardName": name, "isActive": bool(state.access >> slot & 1)}
    return out


def _unavailable_wonders(state: State) -> list[str]:
    if state.phase == DRAFT and len(state.draft) > 4:
        return []  # first round: the undealt four would give the second round away
    return [w.agent for w in WONDERS if state.wage[w.id] == OUT]


def to_agent_json(
    state: State,
    seat: int | None,
    as_player2: bool = False,
    *,
    code: str = "",
    reveal_box: bool = False,
) -> dict[str, Any]:
    """The position as ``seat`` may see it (``None``: a spectator), in the seed's format.

    ``as_player2``: present ``seat`` as ``player2`` (swaps the players when ``seat`` is 0).
    ``reveal_box``: list the box tokens in ``tokensUnavailable`` (analysis only, never a player).
    """
    flip = as_player2 and seat == 0
    order = (1, 0) if flip else (0, 1)  # seats presented as player1, player2
    result = outcome(state)
    won = [result is not None and s in result.winners for s in (0, 1)]  # both on a shared win
    scores = [{} if result is None else result.scores[s].model_dump() for s in (0, 1)]
    loot = state.loot
    chooser = state.phase == LIBRARY and seat == state.player
    data: dict[str, Any] = {
        "code": code,
        "step": agent_step(state),
        "age": state.age,
        "currentPlayerNumber": None if state.phase == OVER else order.index(state.player) + 1,
        "player1": _player(state, order[0], won[order[0]], scores[order[0]]),
        "player2": _player(state, order[1], won[order[1]], scores[order[1]]),
        "military": {
            "militaryPosition": -state.pawn if flip else state.pawn,
            "loot2Player1Available": bool(loot >> _LOOT_BITS[order[0]][0] & 1),
            "loot5Player1Available": bool(loot >> _LOOT_BITS[order[0]][1] & 1),
            "loot2Player2Available": bool(loot >> _LOOT_BITS[order[1]][0] & 1),
            "loot5Player2Available": bool(loot >> _LOOT_BITS[order[1]][1] & 1),
        },
        "discardedCards": [_card(c) for c in state.discard],
        "tokensAvailable": [TOKEN_AGENT[TOKENS[t].key] for t in state.board],
        "tokensUnavailable": [TOKEN_AGENT[TOKENS[t].key] for t in state.box] if reveal_box else [],
        "tokensFromUnavailable": [TOKEN_AGENT[TOKENS[t].key] for t in state.offer]
        if chooser
        else [],
        "wondersAvailable": [WONDERS[x].agent for x in draft_offer(state.draft)]
        if state.phase == DRAFT
        else [],
        "wondersUnavailable": _unavailable_wonders(state),
        "visiblePyramid": _pyramid(state),
    }
    return data
