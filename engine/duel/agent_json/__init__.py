"""The seed's agent JSON format for 7 Wonders Duel, both ways (docs/ENGINE_API.md "Duel specifics").

Positions (``to_agent_json`` / ``from_agent_json``) use the fields of the seed prompt
(docs/duel-agent-json.md): ``step``, ``age``, ``currentPlayerNumber``,
``player1`` / ``player2`` (``money``, ``wonders`` {NAME: 0 or the age built}, ``tokens``, ``won``,
``score``, ``sortedHand`` = the built city by category), ``military``, ``discardedCards``,
``tokensAvailable``, ``tokensUnavailable``, ``tokensFromUnavailable``, ``wondersAvailable``,
``wondersUnavailable`` and ``visiblePyramid``. Names are in the seed's spelling (``CLAY_PIT``,
``ALTER``, ``POSTRUM``, clay = ``BRICK``). Moves are ``{"move": KIND, "moveData": {...}}``.

Modules: ``names`` (spellings, move JSON <-> Move without a state), ``export``, ``load``.

Project decisions (also in docs/duel-agent-json.md):
* Added step ``CHOOSE_STARTING_PLAYER`` (move ``CHOOSE_STARTING_PLAYER``, moveData
  ``{"player": 1 or 2}``): the weaker player (or, pawn in the middle, the last active player)
  chooses who begins the next Age. Finished games have step ``GAME_OVER`` (export only).
* Box tokens: ``tokensUnavailable`` is always ``[]``: a player may not know the 5 tokens set
  aside at setup, and no game option makes them public. ``reveal_box=True`` (a caller option for
  analysis tools, never for a player) lists them. ``tokensFromUnavailable`` holds the Great
  Library's draw only for the seat choosing from it; everyone else sees ``[]``.
* ``wondersUnavailable``: wonders out of the game (never dealt, or left unbuilt when the 7th was
  built); ``[]`` during the first draft round, where the undealt wonders would reveal the second
  round's offer. An unbuilt 8th wonder stays in its owner's ``wonders`` with 0, as in the seed.
* Face-down cards are ``AGE_ONE_BACK`` / ``AGE_TWO_BACK`` / ``AGE_THREE_BACK`` / ``GUILD_BACK``
  (guild backs are visible in the real game). During a follow-up choice, a card uncovered by the
  turn's card is still face down (it is revealed when the turn ends) yet already ``isActive``.
* ``as_player2=True`` presents ``seat`` as ``player2`` (the seed's prompt assumes it): players,
  loot flags and the sign of ``militaryPosition`` are swapped when ``seat`` is 0.
  ``from_agent_json`` always loads ``player1`` as seat 0.
* Import fills what the format does not name with ``seed``: face-down cards, cards tucked under
  built wonders (a card of the age it was built in), the removed cards, later Ages' decks, the
  Great Library draw when not given, the second draft round. A pending extra turn is restored
  for Zeus / Circus Maximus / Library / Mausoleum choices (Theology); after a science-pair choice
  it is assumed absent (the format cannot say).
* ``move_to_agent(move)`` needs only the move: indexes are the pyramid slots. Two kinds need
  context and take it as optional arguments: the Great Library token kind (``state``) and the
  player number of ``CHOOSE_STARTING_PLAYER`` in a flipped presentation (``as_player2``).
"""

from __future__ import annotations

from typing import Any

from engine.common import IllegalMove
from engine.duel.agent_json.export import agent_step, to_agent_json
from engine.duel.agent_json.load import from_agent_json
from engine.duel.agent_json.names import STEP_MOVES, move_json, parse_agent_move
from engine.duel.move import Move
from engine.duel.moves import legal_moves
from engine.duel.state import LIBRARY, OVER, State
from engine.duel.turns import apply

__all__ = ["from_agent_json", "move_from_agent", "move_to_agent", "to_agent_json"]


def move_from_agent(
    state: State, seat: int, data: dict[str, Any], as_player2: bool = False
) -> Move:
    """The Move of a seed move JSON, checked against the position; ``IllegalMove`` says why not.

    ``as_player2`` must match the ``to_agent_json`` call the agent saw (it only matters for the
    player number of ``CHOOSE_STARTING_PLAYER``).
    """
    kind, move = parse_agent_move(data, flip=as_player2 and seat == 0)
    if state.phase == OVER:
        raise IllegalMove("The game is over.")
    if seat != state.player:
        raise IllegalMove("It is not your turn.")
    step = agent_step(state)
    # The plain token kind is accepted for the Great Library too: move_to_agent(move) alone
    # cannot tell the two token steps apart.
    lenient = step == "CHOOSE_PROGRESS_TOKEN_FROM_DISCARD" and kind == "CHOOSE_PROGRESS_TOKEN"
    if kind not in STEP_MOVES[step] and not lenient:
        raise IllegalMove(
            f"{kind} is not a move of step {step}: send {' or '.join(STEP_MOVES[step])}."
        )
    if move in legal_moves(state, seat):
        return move
    if move.slot >= 0:
        if state.taken >> move.slot & 1:
            raise IllegalMove(
                f"cardIndex {move.slot} is not in visiblePyramid: that card was already taken."
            )
        if not state.access >> move.slot & 1:
            raise IllegalMove(f"cardIndex {move.slot} is not active: other cards still cover it.")
    try:  # apply names the rule that forbids it (price, ownership, 7 wonders, ...)
        apply(state, seat, move)
    except IllegalMove as exc:
        raise IllegalMove(str(exc)) from None
    raise IllegalMove(f"{kind} is not legal here.")  # pragma: no cover - legal_moves agrees


def move_to_agent(
    move: Move, state: State | None = None, seat: int | None = None, as_player2: bool = False
) -> dict[str, Any]:
    """The seed move JSON of ``move`` (inverse of :func:`move_from_agent`).

    Needs only the move: the slot index is the seed's ``cardIndex``. Optional context: ``state``
    marks a Great Library token as ``CHOOSE_PROGRESS_TOKEN_FROM_DISCARD`` (and gives the acting
    seat); ``seat`` + ``as_player2`` flip the player number of ``CHOOSE_STARTING_PLAYER``.
    """
    if seat is None and state is not None:
        seat = state.player
    library = state is not None and state.phase == LIBRARY
    return move_json(move, library=library, flip=as_player2 and seat == 0)
