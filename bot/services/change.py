""" "Change my pick" (7 Wonders): until the reveal, a player may replace their pick.

The move log is append-only: a change is the engine's *repick* move (``mod.Repick``), which
supersedes the seat's earlier pick of the open turn, appended after it under the game's lock
(``Store.append_repick``, one transaction with the change's history row). The engine applies
it to the current state like any move, so the live state, a replay of the log from scratch and
a restart agree by construction; the version counts it like any move.

Never changeable: a revealed pick ("Too late…"), an AI's pick (no user owns the seat), a pick
the bot made when time ran out (``Store.append_move(forced=True)``), anything in Duel.

Components: the **Change my pick** button ``wt:change:<g>:<round start>`` opens the seat's hand
as it was at the round's start; that prompt's components are the usual hand prompt's with the
verb prefixed by ``c`` (``ws:ccard``, ``wt:cact``, ``ws:cpay``, ``wt:chand``, ``wt:cmv``…) and
carry the round's start version, so a click after the reveal is recognised and refused.
"""

from __future__ import annotations

import dataclasses

from bot.model.errors import StaleVersion, UserError
from bot.model.game import Table
from bot.model.ids import ComponentId, button_id, parse, select_id
from bot.model.prompt import ButtonSpec, Prompt, SelectSpec
from bot.presenters.texts import waiting_text
from bot.services.games import GameService, PlayResult
from bot.store import InvalidGameState, MoveRecord, VersionConflict
from engine.common import EngineError

__all__ = [
    "CHANGE",
    "TOO_LATE",
    "TooLate",
    "as_change",
    "base_cid",
    "change_button",
    "change_hand",
    "change_pick",
    "changeable",
    "can_change",
]

CHANGE = "change"


class TooLate(UserError):
    """The picks were revealed since the change was offered: the game moved on (no error)."""


TOO_LATE = (
    "Too late: the game has moved on — the picks were already revealed. "
    "Open your current turn with **Play your turn**."
)
FORCED = (
    "Time ran out for this pick, so the bot made it for you; it can't be changed "
    "— wait for the next turn."
)
NO_PICK = "You have no pick to change this turn — open your hand with **Play your turn**."

# The hand prompt's verbs (``bot.games.classic.prompts``); "c" + verb is the same step in a change.
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


async def _round_picks(games: GameService, table: Table, seat: int) -> list[MoveRecord]:
    """``seat``'s moves of the open round (its pick, then any changes), checked non-empty."""
    moves = await games.store.moves_since(table.id, table.round_start)
    mine = [m for m in moves if m.seat == seat]
    if len(moves) != table.version - table.round_start or not mine:
        raise UserError(NO_PICK)
    return mine


async def can_change(games: GameService, table: Table, seat: int) -> bool:
    """Whether to offer **Change my pick** to ``seat`` now."""
    if not changeable(table, seat):
        return False
    moves = await games.store.moves_since(table.id, table.round_start)
    mine = [m for m in moves if m.seat == seat]
    return bool(mine) and not await games.store.is_forced(table.id, mine[0].seq)


async def _checked(
    games: GameService, table: Table, user_id: int, version: int | None
) -> tuple[int, list[MoveRecord]]:
    """The user's seat and its moves of the round, or the reason they can't change."""
    if not table.game.secret_picks:
        raise UserError("Only a 7 Wonders pick can be changed.")
    if table.status == "finished":
        raise TooLate(TOO_LATE)
    games.require_running(table)
    seat = games.seat_for(table, user_id)
    if version != table.round_start:
        raise TooLate(TOO_LATE)
    if not changeable(table, seat):
        raise UserError(NO_PICK)
    mine = await _round_picks(games, table, seat)
    if await games.store.is_forced(table.id, mine[0].seq):
        raise UserError(FORCED)
    return seat, mine


def start_table(table: Table) -> Table:
    """The table as it was at the round's start: the hand prompt of a change is built on it
    (its components carry the round's start version)."""
    return dataclasses.replace(table, state=table.start_state, version=table.round_start)


async def change_hand(
    games: GameService, game_id: int, user_id: int, version: int | None
) -> tuple[Table, int, str]:
    """For the change prompt: the round-start table, the user's seat and the prompt's first
    line (their pick in force and what to choose instead)."""
    # Under the game's lock: another seat's move being applied has its log row stored
    # before the cached table moves on, and the check compares the two.
    async with games.lock(game_id):
        table = await games.table(game_id)
        seat, _ = await _checked(games, table, user_id, version)
    return start_table(table), seat, table.game.change_head(table, seat)


def _current_pick(table: Table, mine: list[MoveRecord]) -> str:
    """The text of the seat's pick in force: its last move of the round, without the repick."""
    return str(table.game.pick_of(table.game.parse_move(mine[-1].move_text)))


async def change_pick(
    games: GameService, game_id: int, user_id: int, move_text: str, version: int | None
) -> PlayResult:
    """Replace the user's pick of the open round by ``move_text`` (from a change prompt
    built at ``version``, the round's start)."""
    async with games.lock(game_id):
        table = await games.table(game_id)
        seat, mine = await _checked(games, table, user_id, version)
        try:
            move = table.game.parse_move(move_text)
            if table.game.pick_of(move) is not move:  # a typed "repick …": not a card
                raise UserError("Choose a card from your hand.")
            repick = table.game.repick(move)
            state, events = table.game.apply(table.state, seat, repick)
        except EngineError as exc:
            raise UserError(str(exc)) from None
        if table.game.is_round_end(list(events), table.state, seat, state):
            raise RuntimeError(f"game {table.id}: a changed pick revealed the round")
        after = table
        old = _current_pick(table, mine)
        if str(move) != old:  # a second click on the same Confirm changes nothing
            try:
                version_now = await games.store.append_repick(
                    table.id, table.version, seat, old, str(repick)
                )
            except VersionConflict:
                games.cache.forget(table.id)
                raise StaleVersion(table.id, table.version) from None
            except InvalidGameState:
                games.cache.forget(table.id)
                raise TooLate(TOO_LATE) from None
            after = dataclasses.replace(
                table, state=state, version=version_now, last_events=tuple(events)
            )
            games.cache.put(after)
    names = games.seat_names(after)
    # Told as at the round's start, where the changed pick was made (and in the adapter's
    # words: a coin loss reads like its button, "Take 2 debt tokens (−2 VP)").
    shown = table.game.move_text(
        dataclasses.replace(table, state=table.start_state), seat, move, names
    )
    said = "Picked instead" if after is not table else "That is already your pick"
    return PlayResult(after, seat, f"{said}: {shown}. {waiting_text(after, names)}".strip())
