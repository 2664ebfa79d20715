""" "Change my pick" (7 Wonders): until the reveal, a player may replace their pick.

The picks of a round are private and order-independent (their legality depends only on the
state at the round's start), so a change is: under the game's lock, re-apply the round's logged
picks on the round-start state (``Table.start_state``) with the seat's pick replaced, and store
the new pick in the old one's place (``Store.replace_pick``, one transaction). A replay of the
log from scratch then gives exactly the rebuilt state, also after a restart. The version (the
number of moves) does not change, so the caller's ``TableCache`` is updated here; another
process's cache would not notice, but a game is only served by its guild's shard process.

Never changeable: a revealed pick ("Too late…"), an AI's pick (no user owns the seat), a pick
the bot made when time ran out (``Store.append_move(forced=True)``), anything in Duel.

Components: the **Change my pick** button ``wt:change:<g>:<round start>`` opens the seat's hand
as it was at the round's start; that prompt's components are the usual hand prompt's with the
verb prefixed by ``c`` (``ws:ccard``, ``wt:cact``, ``ws:cpay``, ``wt:chand``, ``wt:cmv``…) and
carry the round's start version, so a click after the reveal is recognised and refused.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.presenters.ids import ComponentId, button_id, parse, select_id
from bot.presenters.prompts_kit import ButtonSpec, Prompt, SelectSpec
from bot.presenters.texts import name_seats, waiting_text
from bot.services.errors import StaleVersion, UserError
from bot.services.games import GameService, PlayResult
from bot.services.tables import Table
from bot.store import InvalidGameState, MoveRecord, VersionConflict
from engine.common import EngineError, Event

__all__ = [
    "CHANGE",
    "TOO_LATE",
    "as_change",
    "base_cid",
    "change_button",
    "change_hand",
    "change_pick",
    "changeable",
    "can_change",
]

CHANGE = "change"
TOO_LATE = "Too late: the cards were already revealed."
FORCED = (
    "Time ran out for this pick, so the bot made it for you; it can't be changed "
    "— wait for the next turn."
)
NO_PICK = "You have no pick to change this turn — open your hand with **Play your turn**."

# The hand prompt's verbs (``bot.presenters.prompts``); "c" + verb is the same step in a change.
_STEP_VERBS = frozenset({"card", "act", "pay", "hand", "mv", "move", "pg"})


def is_change_verb(verb: str) -> bool:
    return verb.startswith("c") and verb[1:] in _STEP_VERBS


def base_cid(cid: ComponentId) -> ComponentId:
    """The hand prompt's component a change component stands for (``cmv`` -> ``mv``)."""
    return dataclasses.replace(cid, verb=cid.verb[1:]) if is_change_verb(cid.verb) else cid


def _change_id(custom_id: str) -> str:
    cid = parse(custom_id)
    if cid is None or cid.verb not in _STEP_VERBS or cid.version is None:
        return custom_id
    verb = "c" + cid.verb
    if cid.select:
        return select_id(verb, cid.game_id, cid.version, cid.arg)
    return button_id(verb, cid.game_id, cid.version, cid.arg)


def as_change(prompt: Prompt) -> Prompt:
    """``prompt`` (built on the round-start table) with every step routed to the change flow."""
    selects = tuple(
        SelectSpec(_change_id(s.custom_id), s.placeholder, s.options) for s in prompt.selects
    )
    buttons = tuple(
        dataclasses.replace(b, custom_id=_change_id(b.custom_id)) for b in prompt.buttons
    )
    return dataclasses.replace(prompt, selects=selects, buttons=buttons)


def change_button(table: Table) -> ButtonSpec:
    return ButtonSpec("Change my pick", button_id(CHANGE, table.id, table.round_start))


def changeable(table: Table, seat: int) -> bool:
    """``seat``'s pick of the open round is in and still private (not checked: forced)."""
    return table.game.secret_picks and table.game.pick_is_open(table, seat)


async def _round_move(games: GameService, table: Table, seat: int) -> list[MoveRecord]:
    """The open round's moves, checked to hold exactly one of ``seat``."""
    moves = await games.store.moves_since(table.id, table.round_start)
    if len(moves) != table.version - table.round_start or sum(m.seat == seat for m in moves) != 1:
        raise UserError(NO_PICK)
    return moves


async def can_change(games: GameService, table: Table, seat: int) -> bool:
    """Whether to offer **Change my pick** to ``seat`` now."""
    if not changeable(table, seat):
        return False
    moves = await games.store.moves_since(table.id, table.round_start)
    mine = [m for m in moves if m.seat == seat]
    return len(mine) == 1 and not await games.store.is_forced(table.id, mine[0].seq)


async def _checked(
    games: GameService, table: Table, user_id: int, version: int | None
) -> tuple[int, MoveRecord, list[MoveRecord]]:
    """The user's seat, its pick and the round's moves, or the reason they can't change."""
    if not table.game.secret_picks:
        raise UserError("Only a 7 Wonders pick can be changed.")
    if table.status == "finished":
        raise UserError(TOO_LATE)
    games.require_running(table)
    seat = games.seat_for(table, user_id)
    if version != table.round_start:
        raise UserError(TOO_LATE)
    if not changeable(table, seat):
        raise UserError(NO_PICK)
    moves = await _round_move(games, table, seat)
    mine = next(m for m in moves if m.seat == seat)
    if await games.store.is_forced(table.id, mine.seq):
        raise UserError(FORCED)
    return seat, mine, moves


def start_table(table: Table) -> Table:
    """The table as it was at the round's start: the hand prompt of a change is built on it
    (its components carry the round's start version)."""
    return dataclasses.replace(table, state=table.start_state, version=table.round_start)


async def change_hand(
    games: GameService, game_id: int, user_id: int, version: int | None
) -> tuple[Table, int, str]:
    """For the change prompt: the round-start table, the user's seat and their pick's text."""
    # Under the game's lock: another seat's move being applied has its log row stored
    # before the cached table moves on, and the check compares the two.
    async with games.lock(game_id):
        table = await games.table(game_id)
        seat, _, _ = await _checked(games, table, user_id, version)
    now = table.mod.view(table.state, seat).my_pick_text or "your card"
    return start_table(table), seat, now


def rebuild(table: Table, moves: list[MoveRecord], seq: int, move: Any) -> tuple[Any, Any]:
    """The open round's moves re-applied on its start state, move ``seq`` replaced by
    ``move``: the state (and last events) a replay of the changed log gives."""
    state = table.start_state
    events: list[Event] = []
    for m in moves:
        mv = move if m.seq == seq else table.mod.parse_move(m.move_text)
        before = state
        try:
            state, events = table.mod.apply(state, m.seat, mv)
        except EngineError as exc:
            if m.seq != seq:
                raise
            raise UserError(str(exc)) from None
        if table.game.is_round_end(events, before, m.seat, state):
            raise RuntimeError(f"game {table.id}: replaying an open round revealed it")
    if frozenset(table.mod.to_act(state)) != table.to_act():
        raise RuntimeError(f"game {table.id}: a changed pick changed who is to act")
    return state, tuple(events)


async def change_pick(
    games: GameService, game_id: int, user_id: int, move_text: str, version: int | None
) -> PlayResult:
    """Replace the user's pick of the open round by ``move_text`` (from a change prompt
    built at ``version``, the round's start)."""
    async with games.lock(game_id):
        table = await games.table(game_id)
        seat, mine, moves = await _checked(games, table, user_id, version)
        try:
            move = table.mod.parse_move(move_text)
        except EngineError as exc:
            raise UserError(str(exc)) from None
        state, events = rebuild(table, moves, mine.seq, move)
        after = table
        if str(move) != mine.move_text:  # a second click on the same Confirm changes nothing
            try:
                await games.store.replace_pick(
                    table.id, table.version, mine.seq, seat, mine.move_text, str(move)
                )
            except VersionConflict:
                games.cache.forget(table.id)
                raise StaleVersion(table.id, table.version) from None
            except InvalidGameState:
                games.cache.forget(table.id)
                raise UserError(TOO_LATE) from None
            after = dataclasses.replace(table, state=state, last_events=events)
            games.cache.put(after)
    names = games.seat_names(after)
    shown = name_seats(
        table.mod.describe_move(table.mod.view(table.start_state, seat), move), names
    )
    said = "Picked instead" if after is not table else "That is already your pick"
    return PlayResult(after, seat, f"{said}: {shown}. {waiting_text(after, names)}".strip())
