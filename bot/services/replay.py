"""``/wonders history replay``: a game's board as it was after any public round, drawn from
the move log, with ◀ ▶ and jump-to-Age buttons.

Only what spectators could see is shown, for a finished game as for a running one: each
frame is the engine's spectator view (``view(state, None)``) of a round boundary and the text
that was posted publicly for that round. A round whose secret picks are not all in has no
frame yet, so no hand, no pick before its reveal and no leader in hand ever appears.

Buttons are ``wt:rp:<game>:<turn>:<tag>`` (the turn to show; the tag keeps two buttons that
lead to the same turn distinct): stateless, so they work after a restart.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import render
from bot.model.errors import GameNotHere, UserError
from bot.model.game import Table
from bot.model.ids import button_id
from bot.model.prompt import ButtonSpec
from bot.rendering import drawable
from bot.services.games import GameService
from bot.services.history import Position, positions
from engine.wording import roman

__all__ = ["VERB", "Frame", "ReplayService", "frame_of"]

VERB = "rp"
#: Phases before an Age's first pick: a jump to an Age skips them (wonder pick, leaders, draft).
_SETUP_PHASES = frozenset({"wonder_pick", "leaders", "draft"})
_LAST_AGE = 3


@dataclass(frozen=True)
class Frame:
    """One replay message: text, the spectator view to draw, its buttons."""

    game_id: int
    kind: str
    turn: int
    last: int
    text: str
    view: render.GameView
    names: list[str]
    buttons: tuple[ButtonSpec, ...]


class ReplayService:
    def __init__(self, games: GameService) -> None:
        self.games = games

    async def frame(
        self, guild_id: int | None, user_id: int, game_id: int, turn: int | None
    ) -> Frame:
        """Game ``game_id`` (of this server) after public round ``turn`` (default: the latest;
        0 is the set-up)."""
        table = await self.games.table_in(guild_id, game_id)
        if table.record.guild_id is None and table.record.seat_of(user_id) is None:
            # A game in direct messages belongs to its players only.
            raise GameNotHere(f"There is no game #{game_id} in this server.")
        table.require_state()
        record = await self.games.store.load_game(game_id)
        names = self.games.seat_names(table)
        found = await asyncio.to_thread(positions, table, record.moves, names)
        return await asyncio.to_thread(frame_of, table, found, names, turn)


def frame_of(table: Table, found: list[Position], names: list[str], turn: int | None) -> Frame:
    last = len(found) - 1
    if turn is None:
        turn = last
    if not 0 <= turn <= last:
        raise UserError(
            f"Game #{table.id} has turns 0 to {last} to replay (0 is the set-up); "
            f"turn {turn} is not one of them."
        )
    here = found[turn]
    view = drawable(here.table.view(None))
    return Frame(
        table.id,
        table.kind,
        turn,
        last,
        _text(table, here, turn, last, names),
        view,
        names,
        _buttons(table.id, found, turn),
    )


def _text(table: Table, here: Position, turn: int, last: int, names: list[str]) -> str:
    head = f"**Replay · Game #{table.id} · {table.game.title}** — turn {turn} of {last}"
    body = table.game.start_text(here.table, names) if turn == 0 else here.text
    outcome = here.table.outcome()
    if outcome is not None:
        body += "\nFinal scores: " + " · ".join(
            f"{names[i]} {s.total}" for i, s in enumerate(outcome.scores) if i < len(names)
        )
    elif table.status == "running" and turn == last:
        body += "\n(The game is still running: this is its latest public round.)"
    return f"{head}\n{body}"[:2000]


def _age_starts(found: list[Position]) -> dict[int, int]:
    """Age -> the first turn of its play (after any wonder pick, leaders or draft)."""
    starts: dict[int, int] = {}
    for index, p in enumerate(found):
        view = drawable(p.table.view(None))  # the drawn views: both have phase and age
        if view.phase not in _SETUP_PHASES and view.phase != "over":
            starts.setdefault(view.age, index)
        if view.age >= _LAST_AGE and starts.get(_LAST_AGE) is not None:
            break  # a spectator view per position is the slow part of a frame
    return starts


def _buttons(game_id: int, found: list[Position], turn: int) -> tuple[ButtonSpec, ...]:
    last = len(found) - 1

    def go(label: str, to: int, tag: str) -> ButtonSpec:
        shown = min(max(to, 0), last)  # ◀ on the set-up: disabled, its id still valid
        return ButtonSpec(label, button_id(VERB, game_id, shown, tag), "primary", shown == turn)

    ages = [go(f"Age {roman(a)}", t, f"a{a}") for a, t in sorted(_age_starts(found).items())]
    return (go("◀", turn - 1, "prev"), go("▶", turn + 1, "next"), *ages, go("⏭", last, "end"))
